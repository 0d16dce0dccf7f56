import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import {
  call,
  createUserViaApi,
  expect,
  getOtp,
  main,
  signInAs,
  test,
  type Session,
  hireAndFund,
} from './helpers/app'
import { operatorEmail } from './support/operators'

/*
 * Disputes with free mediation (ADR 058): on a funded hire the client opens a dispute with evidence (text and a
 * file), the freelancer answers, and this project's operator decides a split on /admin/disputes; both sides then see
 * the outcome with its reason, and the escrow figures show the money moved.
 */

const SHOTS = '/tmp/shots-disputes'
async function snap(page: import('@playwright/test').Page, name: string, project: string) {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name}-${project}.png`), fullPage: true })
}

/**
 * Signs `who` in on `page` from a clean slate. The session is put into local storage from a page where the app does
 * not run (the JSON of /api/v1/config), so the previous person's app cannot write over it while it starts.
 */
async function switchTo(page: import('@playwright/test').Page, who: Session, to: string) {
  await page.goto('/api/v1/config')
  await page.context().clearCookies()
  await page.evaluate(({ user, token }) => {
    localStorage.clear()
    localStorage.setItem('user', JSON.stringify(user))
    localStorage.setItem('token', token)
  }, who)
  await page.goto(to)
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible({ timeout: 30_000 })
}

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
  const email = operatorEmail(projectName, 'disputes')
  const after = Date.now()
  await postJson('/user/send-login-otp', { email })
  const answer = await postJson('/user/verify-otp', { email, otp: await getOtp(email, { after }) })
  return { user: answer.data as Session['user'], token: answer.token as string, email }
}

/** A ₹`amount` one-time job, the freelancer hired and the escrow funded through the sandbox; the contract id. */
async function fundedHire(client: Session, freelancer: Session, title: string, amount: string) {
  const { job } = await call('POST', '/job/post', client.token, {
    title,
    description:
      'Three illustrated pages for a picture book about the monsoon, delivered as print-ready files.',
    paymentType: 'one-time',
    locationPreference: 'Remote',
    amount,
    skills: ['Illustration'],
  })
  await hireAndFund(client, freelancer, job._id)
  const { contracts } = await call('GET', `/contracts?jobId=${job._id}`, client.token)
  return contracts[0]._id as string
}

test('a client disputes a hire, the freelancer answers, an operator splits it and both see the outcome', async ({
  page,
  toasts,
}, testInfo) => {
  // Four people sign in one after another and money moves twice: longer than one screen's default.
  test.setTimeout(180_000)
  const project = testInfo.project.name
  const client = await createUserViaApi({ fullname: 'Leela Menon', role: 'client' })
  const freelancer = await createUserViaApi({ fullname: 'Farhan Ali', role: 'freelancer' })
  const title = `Monsoon picture book ${Math.floor(Math.random() * 1e6)}`
  const contractId = await fundedHire(client, freelancer, title, '3000')
  await call('POST', '/chat/send', client.token, {
    receiver: freelancer.user._id,
    content: 'Where are pages two and three?',
  })

  // The client opens a dispute with evidence: words and a file through the upload pipeline.
  await switchTo(page, client, `/contracts/${contractId}`)
  const section = main(page).getByRole('region', { name: 'Dispute' })
  await section.getByRole('button', { name: 'Open a dispute' }).click()
  await section.getByLabel('What went wrong?').fill('Only one of the three pages arrived, a week late.')
  await section.getByLabel('Evidence (optional)').fill('We agreed on three pages by 20 November.')
  await section.getByLabel('Photos or videos').setInputFiles({
    name: 'page-one.png',
    mimeType: 'image/png',
    buffer: await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: 220 } },
    })
      .png()
      .toBuffer(),
  })
  await expect(section.getByTestId('files-attached')).toHaveText('1 attached')
  await section.getByRole('button', { name: 'Open dispute' }).click()
  await toasts.expect('Dispute opened. The escrow is frozen until it is settled or decided.', 'success')
  await expect(section.getByText('Open', { exact: true })).toBeVisible()
  await expect(section.getByText(/is frozen while this dispute is open/)).toBeVisible()
  await expect(section.getByTestId('answer-due')).toContainText('The freelancer answers by')
  await expect(section.getByRole('link', { name: 'File 1' })).toBeVisible()
  await toasts.clear()
  await snap(page, 'contract-dispute-open', project)

  // The freelancer answers.
  await switchTo(page, freelancer, `/contracts/${contractId}`)
  const theirs = main(page).getByRole('region', { name: 'Dispute' })
  await theirs.getByLabel('Your side').fill('I sent two pages on time; the third waited on feedback.')
  await theirs.getByRole('button', { name: 'Send answer' }).click()
  await toasts.expect('Your answer was added', 'success')
  await expect(theirs.getByText('I sent two pages on time; the third waited on feedback.')).toBeVisible()

  // The operator finds it in the queue and decides a split, checked live against the escrow.
  const operator = await operatorSession(project)
  await switchTo(page, operator, '/admin/disputes')
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible()
  await main(page)
    .getByRole('button', { name: new RegExp(title) })
    .click()
  const detail = main(page).getByRole('article')
  await expect(detail.getByText('Only one of the three pages arrived, a week late.')).toBeVisible()
  await expect(detail.getByText('I sent two pages on time; the third waited on feedback.')).toBeVisible()
  await expect(detail.getByTestId('operator-in-escrow')).toHaveText('₹3,000.00')
  await expect(detail.getByRole('list', { name: 'Contract timeline' })).toContainText('Disputed')
  await expect(detail.getByText('Where are pages two and three?')).toBeVisible()
  await detail.getByLabel('Release to the freelancer (₹)').fill('2000')
  await detail.getByLabel('Refund to the client (₹)').fill('500')
  await expect(detail.getByText(/The two must add up to ₹3,000\.00/)).toBeVisible()
  await expect(detail.getByRole('button', { name: 'Resolve dispute' })).toBeDisabled()
  await detail.getByLabel('Refund to the client (₹)').fill('1000')
  await detail.getByLabel('Reason (both sides are told)').fill('Two of three pages were delivered on time.')
  await expect(detail.getByText(/Adds up to ₹3,000\.00/)).toBeVisible()
  await snap(page, 'admin-disputes', project)
  await detail.getByRole('button', { name: 'Resolve dispute' }).click()
  const dialog = page.getByRole('dialog', { name: 'Resolve this dispute?' })
  await dialog.getByRole('button', { name: 'Resolve and move the money' }).click()
  // Two money movements in one transaction: on a loaded machine this can outlast the default wait.
  await expect(detail.getByTestId('outcome-release')).toHaveText('₹2,000.00', { timeout: 30_000 })
  await toasts.expect('Dispute resolved. Both sides have been told.', 'success')
  await toasts.clear()

  // Both sides see the outcome and the reason; the escrow is empty.
  for (const who of [client, freelancer]) {
    await switchTo(page, who, `/contracts/${contractId}`)
    const s = main(page).getByRole('region', { name: 'Dispute' })
    await expect(s.getByText('Resolved', { exact: true })).toBeVisible()
    await expect(s.getByTestId('outcome-release')).toHaveText('₹2,000.00')
    await expect(s.getByTestId('outcome-refund')).toHaveText('₹1,000.00')
    await expect(s.getByText('Two of three pages were delivered on time.')).toBeVisible()
  }
  const { contract } = await call('GET', `/contracts/${contractId}`, client.token)
  expect(contract.escrow).toMatchObject({ released: 2000, refunded: 1000, inEscrow: 0 })
  await snap(page, 'contract-dispute-resolved', project)
})

test('a client who opens /admin/disputes is told the page is for operators', async ({ page, toasts }) => {
  const client = await createUserViaApi({ fullname: 'Nisha Kapoor', role: 'client' })
  await signInAs(page, client, '/admin/disputes')
  await toasts.expect('This page is for Microlance operators.', 'info')
  await expect(page).toHaveURL('/')
})
