import crypto from 'node:crypto'
import { call, createUserViaApi, expect, getOtp, main, type Session, test, hireAndFund } from './helpers/app'
import { attachShot, expectNoKeys, openInHindi } from './support/hindi'
import { operatorEmail, type OperatorDesk } from './support/operators'

/*
 * Issue 26: the trust screens in Hindi — a contract's delivery, timeline and dispute, the reviews of a finished hire
 * and a profile's track record; and, for an operator, /admin/disputes and /admin/reports. Each screen is attached to
 * the report as a screenshot.
 */

const tag = () => crypto.randomBytes(3).toString('hex')

/** A ₹`amount` one-time job, the freelancer hired and the escrow funded (and released, if asked); the contract id. */
async function hire(client: Session, freelancer: Session, title: string, release: boolean) {
  if (release)
    await call('PUT', '/payouts/account', freelancer.token, {
      legalName: 'Imran Sheikh',
      pan: 'ABCPK1234K',
      state: 'Karnataka',
      bankAccount: '50100123456789',
      ifsc: 'HDFC0001234',
    })
  const { job } = await call('POST', '/job/post', client.token, {
    title,
    description: 'Ten product photos on a white background, edited and delivered as high-resolution files.',
    paymentType: 'one-time',
    locationPreference: 'Remote',
    amount: '2000',
    skills: ['Photography'],
  })
  await hireAndFund(client, freelancer, job._id)
  if (release) await call('POST', '/payments/release', client.token, { jobId: job._id })
  const { contracts } = await call('GET', `/contracts?jobId=${job._id}`, client.token)
  return contracts[0]._id as string
}

test('a hire in Hindi: delivery, timeline, a dispute, reviews and the track record', async ({
  page,
}, testInfo) => {
  // Two hires, a dispute and four screenshots.
  test.slow()
  const t = tag()
  const client = await createUserViaApi({ fullname: `Sunita Rao ${t}`, role: 'client' })
  const freelancer = await createUserViaApi({ fullname: `Imran Sheikh ${t}`, role: 'freelancer' })
  const disputed = await hire(client, freelancer, `Product photos ${t}`, false)
  const finished = await hire(client, freelancer, `Catalogue photos ${t}`, true)

  // The client's contract page: delivery, the timeline's sentences and a dispute opened in Hindi.
  await openInHindi(page, client, `/contracts/${disputed}`)
  await expect(main(page).getByRole('heading', { name: 'काम की डिलीवरी' })).toBeVisible()
  await expect(main(page).getByTestId('contract-timeline')).toContainText('एस्क्रो में रखे')
  const dispute = main(page).getByRole('region', { name: 'विवाद' })
  await dispute.getByRole('button', { name: 'विवाद शुरू करें' }).click()
  await dispute.getByLabel('क्या गड़बड़ हुई?').fill('Only four of the ten photos arrived.')
  await dispute.getByRole('button', { name: 'विवाद शुरू करें' }).click()
  await expect(dispute.getByText(/रुके रहेंगे/)).toBeVisible()
  await expect(dispute.getByTestId('answer-due')).toContainText('फ़्रीलांसर को')
  await expectNoKeys(page, ['contract', 'admin'])
  await attachShot(page, testInfo, 'contract-dispute')

  // The freelancer's view of the finished hire: the review form, its check in Hindi.
  await openInHindi(page, freelancer, `/contracts/${finished}`)
  const reviews = main(page).getByRole('region', { name: 'समीक्षाएँ' })
  await reviews.getByRole('button', { name: 'समीक्षा पोस्ट करें' }).click()
  await expect(reviews.getByText('1 से 5 स्टार में से रेटिंग चुनें')).toBeVisible()
  await expect(reviews.getByRole('radio', { name: '5 स्टार: बेहतरीन' })).toBeAttached()
  await expectNoKeys(page, ['contract', 'admin'])
  await attachShot(page, testInfo, 'contract-reviews')

  // The freelancer's profile: the track record.
  await page.goto(`/m/${freelancer.user.userId}`)
  await expect(main(page).getByText('समीक्षाएँ और काम का रिकॉर्ड')).toBeVisible()
  await expect(main(page).getByText('पूरे किए काम')).toBeVisible()
  await expectNoKeys(page, ['contract', 'admin'])
  await attachShot(page, testInfo, 'profile-reputation')
})

/** This spec file's own operator ("desk"), so that its sign-in code never races another file's. */
const DESK: OperatorDesk = 'trust'

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

test('an operator’s disputes and reports in Hindi', async ({ page }, testInfo) => {
  test.slow()
  const email = operatorEmail(testInfo.project.name, DESK)
  const after = Date.now()
  await postJson('/user/send-login-otp', { email })
  const answer = await postJson('/user/verify-otp', { email, otp: await getOtp(email, { after }) })
  const operator = { user: answer.data as Session['user'], token: answer.token as string, email }

  await openInHindi(page, operator, '/admin/disputes')
  await expect(page.getByRole('heading', { level: 1, name: 'विवाद' })).toBeVisible()
  await expect(page).toHaveTitle('विवाद · Microlance')
  await expect(main(page).getByRole('button', { name: 'सभी' })).toBeVisible()
  await expectNoKeys(page, ['contract', 'admin'])
  await attachShot(page, testInfo, 'admin-disputes')

  await page.goto('/admin/reports')
  await expect(page.getByRole('heading', { level: 1, name: 'रिपोर्ट' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'रोकी गई नौकरियाँ' })).toBeVisible()
  await expectNoKeys(page, ['contract', 'admin'])
  await attachShot(page, testInfo, 'admin-reports')
})
