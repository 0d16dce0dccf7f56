import { formatRupees } from '../common/money'
import {
  call,
  createUserViaApi,
  expect,
  getOtp,
  main,
  shot,
  signInAs,
  test,
  type Session,
  hireAndFund,
} from './helpers/app'
import { operatorEmail } from './support/operators'

/*
 * The operators' money page (ADR 053): an operator opens /admin/money, runs the reconciliation from the keyboard and
 * sees that everything matches; a refund the sandbox fails (₹x.13) waits under "Failed refunds" with a Retry that
 * sends it again. A client who opens the page is sent home.
 */

async function postJson(p: string, body: unknown) {
  const res = await fetch(new URL(`/api/v1${p}`, process.env.E2E_BASE_URL).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as Record<string, unknown>
  if (!res.ok) throw new Error(`POST ${p} answered ${res.status}: ${JSON.stringify(json)}`)
  return json
}

/** Signs this project's operator in with a code from the SMTP sink, as the login screen would. */
async function operatorSession(projectName: string): Promise<Session> {
  const email = operatorEmail(projectName, 'money')
  const after = Date.now()
  await postJson('/user/send-login-otp', { email })
  const answer = await postJson('/user/verify-otp', { email, otp: await getOtp(email, { after }) })
  return { user: answer.data as Session['user'], token: answer.token as string, email }
}

/** A hired one-time job of `amount` rupees, funded through the sandbox checkout and refunded; its client. */
async function fundedThenRefunded(amount: string): Promise<Session> {
  const client = await createUserViaApi({ fullname: 'Kavya Rao', role: 'client' })
  const freelancer = await createUserViaApi({ fullname: 'Arjun Nair', role: 'freelancer' })
  const { job } = await call('POST', '/job/post', client.token, {
    title: 'Brochure layout for a bakery',
    description:
      'A two-page brochure layout with our menu and photos, print ready, in two rounds of changes.',
    paymentType: 'one-time',
    locationPreference: 'Remote',
    amount,
    skills: ['Graphic Design'],
  })
  await hireAndFund(client, freelancer, job._id)
  await call('POST', '/payments/refund', client.token, { jobId: job._id })
  return client
}

test('an operator runs the reconciliation, sees everything match, and retries a failed refund', async ({
  page,
  toasts,
}, testInfo) => {
  // The sandbox fails every refund whose paise end in 13; a distinct rupee figure finds this one in the list.
  const rupees = 2000 + Math.floor(Math.random() * 7000)
  const amount = `${rupees}.13`
  await fundedThenRefunded(amount)
  const operator = await operatorSession(testInfo.project.name)

  await signInAs(page, operator, '/admin/money')
  await expect(page.getByRole('heading', { level: 1, name: 'Money checks' })).toBeVisible()

  // From the keyboard: focus the button and press Enter.
  const run = main(page).getByRole('button', { name: 'Run reconciliation now' })
  await run.focus()
  await page.keyboard.press('Enter')
  await toasts.expect('Reconciliation finished: everything matches', 'success')
  await expect(main(page).getByText('Everything matches')).toBeVisible()
  await expect(main(page).getByRole('heading', { name: 'Mismatches (0)' })).toBeVisible()

  const failed = main(page).getByRole('region', { name: /Failed refunds/ })
  const figure = formatRupees(Number(amount))
  await expect(failed.getByText(figure)).toBeVisible()
  await toasts.clear()
  await shot(page, testInfo, 'operator-money')

  const retry = failed.getByRole('button', { name: `Retry refund of ${figure}` })
  await retry.click()
  // The sandbox fails ₹x.13 every time: the refund stays in the list, failed, with the provider's reason.
  await toasts.expect('The refund failed again', 'error')
  await expect(failed.getByText(figure)).toBeVisible()
  await expect(failed.locator('li', { hasText: figure })).toContainText('The bank did not accept the refund')
})

test('a client who opens /admin/money is sent home and told the page is for operators', async ({
  page,
  toasts,
}) => {
  const client = await createUserViaApi({ fullname: 'Nisha Kapoor', role: 'client' })
  await signInAs(page, client, '/admin/money')
  await toasts.expect('This page is for Microlance operators.', 'info')
  await expect(page).toHaveURL('/')
})
