import type { Browser, Page } from '@playwright/test'
import crypto from 'node:crypto'
import { createUserViaApi, expect, main, shot, signInAs, test, Toasts, type Session } from './helpers/app'

/*
 * Issue 4 "Shown by" (web): a client funds a per-unit job for 3 of 5 units in the sandbox checkout (a failed and a
 * cancelled checkout first, which leave Not Initiated), the hired freelancer submits work and requests payment,
 * the client releases 2 units, and both see the figures in ₹ with Indian grouping.
 */

async function api<T>(method: string, p: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(`/api/v1${p}`, process.env.E2E_BASE_URL).toString(), {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as T
  if (!res.ok) throw new Error(`${method} ${p} answered ${res.status}: ${JSON.stringify(json)}`)
  return json
}

const tag = () => crypto.randomBytes(3).toString('hex')

/** A client's per-unit job (₹50,000 × 5 units = ₹2,50,000) with a freelancer applied and accepted. */
async function hiredJob() {
  const t = tag()
  const client = await createUserViaApi({ fullname: `Asha Iyer ${t}`, role: 'client' })
  const freelancer = await createUserViaApi({ fullname: `Ravi Kumar ${t}`, role: 'freelancer' })
  const { job } = await api<{ job: { _id: string; title: string } }>('POST', '/job/post', client.token, {
    // Long enough that the checkout's one-line description must truncate on a phone rather than widen the dialog.
    title: `Translate the ${t} onboarding guide for our new warehouse staff in Bhiwandi`,
    description: 'Translate five chapters of our onboarding guide from English to Hindi.',
    paymentType: 'per-unit',
    locationPreference: 'Remote',
    rate: '50000',
    units: '5',
    skills: ['Hindi', 'Translation'],
  })
  const { application } = await api<{ application: { _id: string } }>(
    'POST',
    `/application/jobs/${job._id}/apply`,
    freelancer.token,
    {},
  )
  await api('PATCH', `/application/applications/${application._id}/status`, client.token, {
    status: 'accepted',
  })
  return { client, freelancer, job }
}

/** Funds a job through the API the way the browser does it: order → sandbox checkout → verify. */
async function fundViaApi(client: Session, jobId: string, units?: number) {
  const order = await api<{ orderId: string }>('POST', '/payments/create-order', client.token, {
    jobId,
    ...(units ? { units } : {}),
  })
  const paid = await api<Record<string, string>>('POST', '/payments/sandbox/pay', client.token, {
    orderId: order.orderId,
    outcome: 'success',
  })
  const { razorpay_payment_id, razorpay_order_id, razorpay_signature } = paid
  await api('POST', '/payments/verify', client.token, {
    jobId,
    razorpay_payment_id,
    razorpay_order_id,
    razorpay_signature,
  })
}

const escrow = (page: Page) => main(page).getByRole('region', { name: 'Escrow' })
const options = (page: Page) => main(page).getByRole('region', { name: 'Payment options' })
const checkoutDialog = (page: Page) => page.getByRole('dialog', { name: /Pay ₹/ })

async function openAs(
  browser: Browser,
  session: Session,
  path: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport, baseURL: process.env.E2E_BASE_URL })
  const page = await context.newPage()
  const toasts = new Toasts(page)
  await toasts.install()
  await signInAs(page, session, path)
  return { page, toasts, context }
}

test('client funds 3 of 5 units in the sandbox checkout, freelancer delivers, client releases 2', async ({
  page,
  toasts,
  browser,
}, testInfo) => {
  // Two people, three checkouts and a release in one story: give it the slow-test budget on a busy machine.
  test.slow()
  const { client, freelancer, job } = await hiredJob()
  await signInAs(page, client, `/description/${job._id}`)
  await expect(main(page).getByRole('heading', { level: 1, name: job.title })).toBeVisible()
  await expect(main(page).getByText('Fund status').first()).toBeVisible()
  await expect(options(page)).toBeVisible()

  // Units picker: typed values are clamped to 1..5; quick buttons pick a count.
  const units = options(page).getByLabel('Units to fund')
  await units.fill('9')
  await expect(units).toHaveValue('5')
  // Emptied to type another count, the field stays empty rather than jumping to 1 under the cursor.
  await units.selectText()
  await units.press('Backspace')
  await expect(units).toHaveValue('')
  await units.pressSequentially('4')
  await expect(units).toHaveValue('4')
  await expect(options(page).getByRole('button', { name: 'Pay ₹2,00,000.00 for 4 units' })).toBeVisible()
  // Left empty, it shows the count that stands.
  await units.selectText()
  await units.press('Backspace')
  await units.blur()
  await expect(units).toHaveValue('4')
  await options(page).getByRole('button', { name: '3', exact: true }).click()
  await expect(units).toHaveValue('3')
  const pay = options(page).getByRole('button', { name: 'Pay ₹1,50,000.00 for 3 units' })

  // A declined card: nothing is funded.
  await pay.click()
  await expect(checkoutDialog(page)).toBeVisible()
  await expect(checkoutDialog(page)).toContainText('₹1,50,000.00')
  // Nothing in it is wider than the dialog (a long job title once pushed the buttons off a phone's screen).
  await expect.poll(() => checkoutDialog(page).evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0)
  await shot(page, testInfo, 'payments-checkout')
  await checkoutDialog(page).getByRole('radio', { name: 'Failure' }).check()
  await checkoutDialog(page).getByRole('button', { name: 'Pay ₹1,50,000.00' }).click()
  await toasts.expect(/^Payment failed\./, 'error')
  await expect(checkoutDialog(page)).toBeHidden()
  await expect(options(page)).toBeVisible()

  // Cancelled: nothing is funded either.
  await pay.click()
  await checkoutDialog(page).getByRole('button', { name: 'Cancel' }).click()
  await toasts.expect('Payment cancelled. Nothing was charged.')
  await expect(options(page)).toBeVisible()
  await page.reload()
  await expect(options(page)).toBeVisible()
  await expect(escrow(page)).toHaveCount(0)

  // Success: the amount is in escrow.
  await options(page).getByRole('button', { name: '3', exact: true }).click()
  await pay.click()
  await checkoutDialog(page).getByRole('button', { name: 'Pay ₹1,50,000.00' }).click()
  await toasts.expect('Payment successful! ₹1,50,000.00 is now held in escrow.', 'success')
  await expect(options(page)).toHaveCount(0)
  await expect(escrow(page)).toContainText('In Escrow')
  await expect(escrow(page)).toContainText('In escrow₹1,50,000.00')
  await expect(escrow(page)).toContainText('3 of 5 units funded · 0 released')

  // The freelancer, in a browser of their own, submits work and asks to be paid.
  const other = await openAs(browser, freelancer, `/description/${job._id}`, page.viewportSize()!)
  const fp = other.page
  await expect(escrow(fp)).toContainText('In escrow₹1,50,000.00')
  await main(fp).getByRole('button', { name: 'Submit Work' }).click()
  await fp
    .getByRole('dialog', { name: 'Submit work' })
    .getByLabel(/Note/)
    .fill('All five chapters: drive link')
  await fp.getByRole('dialog', { name: 'Submit work' }).getByRole('button', { name: 'Submit Work' }).click()
  await other.toasts.expect('Work submitted', 'success')
  await main(fp).getByRole('button', { name: 'Request Payment' }).click()
  await fp
    .getByRole('dialog', { name: 'Request payment' })
    .getByRole('button', { name: 'Request Payment' })
    .click()
  await other.toasts.expect('Payment requested', 'success')
  await expect(escrow(fp)).toContainText('work submitted · payment requested')
  await shot(fp, testInfo, 'payments-freelancer')

  // The client releases 2 of the 3 funded units.
  await page.reload()
  await expect(escrow(page)).toContainText('work submitted · payment requested')
  await main(page).getByRole('button', { name: 'Manage job' }).click()
  await page.getByRole('menuitem', { name: 'Release Payment' }).click()
  const release = page.getByRole('dialog', { name: 'Release payment' })
  await expect(release).toContainText('₹1,50,000.00')
  await release.getByRole('button', { name: '2', exact: true }).click()
  await expect(release).toContainText(`Pay ${freelancer.user.fullname} ₹1,00,000.00 from escrow for 2 units`)
  // The split of those 2 units (ADR 050) shows before the client confirms.
  const split = release.getByRole('region', { name: 'Split of this release' })
  await expect(split).toContainText('Released from escrow₹1,00,000.00')
  await expect(split).toContainText(`Net to ${freelancer.user.fullname}₹`)
  await release.getByRole('button', { name: 'Release ₹1,00,000.00' }).click()
  await toasts.expect(`Released ₹1,00,000.00 to ${freelancer.user.fullname}`, 'success')
  await expect(escrow(page)).toContainText('In escrow₹50,000.00')
  await expect(escrow(page)).toContainText('Released₹1,00,000.00')
  await expect(escrow(page)).toContainText('3 of 5 units funded · 2 released')
  await shot(page, testInfo, 'payments-client')
  await page.goto('/earnings')
  const perHire = main(page).getByRole('list', { name: 'Escrow per hire' }).getByRole('listitem')
  await expect(perHire.filter({ hasText: job.title })).toContainText(
    'In escrow ₹50,000.00 · released ₹1,00,000.00 · refunded ₹0.00',
  )
  await shot(page, testInfo, 'payments-funding')

  // The freelancer sees the release and their earnings.
  await fp.reload()
  await expect(escrow(fp)).toContainText('Released₹1,00,000.00')
  await fp.goto('/earnings')
  await expect(main(fp).getByRole('heading', { name: 'Earnings and escrow' })).toBeVisible()
  // Released to a freelancer with no payout details: it waits as "pending payout" (ADR 050).
  const row = main(fp).getByTestId('earning-row').filter({ visible: true }).filter({ hasText: job.title })
  await expect(row).toContainText('₹1,00,000.00')
  await expect(row).toContainText('Pending payout')
  await shot(fp, testInfo, 'payments-earnings')
  await other.context.close()
})

test('a one-time job: Initiate Payment opens the checkout, releasing all shows Released', async ({
  page,
  toasts,
}) => {
  const t = tag()
  const client = await createUserViaApi({ fullname: `Meera Shah ${t}`, role: 'client' })
  const freelancer = await createUserViaApi({ fullname: `Kabir Rao ${t}`, role: 'freelancer' })
  const { job } = await api<{ job: { _id: string; title: string } }>('POST', '/job/post', client.token, {
    title: `Logo for ${t} Chai`,
    description: 'A simple logo for a tea stall.',
    paymentType: 'one-time',
    locationPreference: 'Remote',
    amount: '12500',
  })
  const { application } = await api<{ application: { _id: string } }>(
    'POST',
    `/application/jobs/${job._id}/apply`,
    freelancer.token,
    {},
  )
  await api('PATCH', `/application/applications/${application._id}/status`, client.token, {
    status: 'accepted',
  })
  await signInAs(page, client, `/description/${job._id}`)
  await expect(options(page).getByRole('button', { name: 'Pay ₹12,500.00' })).toBeVisible()
  await main(page).getByRole('button', { name: 'Manage job' }).click()
  await page.getByRole('menuitem', { name: 'Initiate Payment' }).click()
  await checkoutDialog(page).getByRole('button', { name: 'Pay ₹12,500.00' }).click()
  await toasts.expect('Payment successful! ₹12,500.00 is now held in escrow.', 'success')
  await main(page).getByRole('button', { name: 'Manage job' }).click()
  await page.getByRole('menuitem', { name: 'Release Payment' }).click()
  await page
    .getByRole('dialog', { name: 'Release payment' })
    .getByRole('button', { name: 'Release ₹12,500.00' })
    .click()
  await toasts.expect(`Released ₹12,500.00 to ${freelancer.user.fullname}`, 'success')
  // Fund status: In Escrow → Released once all the funded money has gone to the freelancer.
  await expect(escrow(page)).not.toContainText('In Escrow')
  await expect(escrow(page).getByText('Released', { exact: true })).toHaveCount(2) // the badge and the figure's label
  await expect(escrow(page)).toContainText('In escrow₹0.00')
})

test('a free job offers no payment: no options, and Initiate Payment explains why', async ({
  page,
  toasts,
}) => {
  const t = tag()
  const client = await createUserViaApi({ fullname: `Meera Shah ${t}`, role: 'client' })
  const { job } = await api<{ job: { _id: string } }>('POST', '/job/post', client.token, {
    title: `Volunteer at the ${t} book drive`,
    description: 'Help sort donated books for a weekend.',
    paymentType: 'one-time',
    locationPreference: 'Remote',
    isFree: true,
    amount: '0',
  })
  await signInAs(page, client, `/description/${job._id}`)
  await expect(main(page).getByRole('button', { name: 'Manage job' })).toBeVisible()
  await expect(options(page)).toHaveCount(0)
  await main(page).getByRole('button', { name: 'Manage job' }).click()
  await page.getByRole('menuitem', { name: 'Initiate Payment' }).click()
  await toasts.expect('This job is free, so there is nothing to pay into escrow', 'error')
  await expect(checkoutDialog(page)).toHaveCount(0)
})

test('the creator refunds escrow, archives and deletes from the menu, each after a confirmation', async ({
  page,
  toasts,
}) => {
  const t = tag()
  const client = await createUserViaApi({ fullname: `Nisha Rao ${t}`, role: 'client' })
  const post = (title: string) =>
    api<{ job: { _id: string; title: string } }>('POST', '/job/post', client.token, {
      title,
      description: 'Short copywriting task.',
      paymentType: 'one-time',
      locationPreference: 'Remote',
      amount: '2000',
    })
  const { job } = await post(`Tagline for ${t} Sweets`)
  await fundViaApi(client, job._id)

  await signInAs(page, client, `/description/${job._id}`)
  await expect(escrow(page)).toContainText('In escrow₹2,000.00')
  // Nobody is hired yet: Release says so, and offers nothing to confirm.
  await main(page).getByRole('button', { name: 'Manage job' }).click()
  await page.getByRole('menuitem', { name: 'Release Payment' }).click()
  const release = page.getByRole('dialog', { name: 'Release payment' })
  await expect(release).toContainText('Accept a freelancer for this job before releasing payment.')
  await expect(release.getByRole('button', { name: 'Release ₹2,000.00' })).toBeDisabled()
  await release.getByRole('button', { name: 'Cancel' }).click()
  await expect(release).toBeHidden()
  await main(page).getByRole('button', { name: 'Manage job' }).click()
  await page.getByRole('menuitem', { name: 'Refund Escrow' }).click()
  const refund = page.getByRole('dialog', { name: 'Refund escrow' })
  // Cancel first: nothing happens.
  await refund.getByRole('button', { name: 'Cancel' }).click()
  await expect(refund).toBeHidden()
  await expect(escrow(page)).toContainText('In escrow₹2,000.00')
  await main(page).getByRole('button', { name: 'Manage job' }).click()
  await page.getByRole('menuitem', { name: 'Refund Escrow' }).click()
  await refund.getByRole('button', { name: 'Refund ₹2,000.00' }).click()
  await toasts.expect('Refunded ₹2,000.00 from escrow', 'success')
  await expect(escrow(page)).toContainText('Refunded₹2,000.00')
  // With its escrow refunded, the job can be funded again.
  await expect(options(page).getByRole('button', { name: 'Pay ₹2,000.00' })).toBeVisible()

  await main(page).getByRole('button', { name: 'Manage job' }).click()
  await page.getByRole('menuitem', { name: 'Archive Job' }).click()
  await page.getByRole('dialog', { name: 'Archive job' }).getByRole('button', { name: 'Archive Job' }).click()
  await toasts.expect('Job archived', 'success')
  await expect(options(page)).toHaveCount(0) // an archived job is closed: no more funding

  await main(page).getByRole('button', { name: 'Manage job' }).click()
  await page.getByRole('menuitem', { name: 'Delete Job' }).click()
  await page.getByRole('dialog', { name: 'Delete job' }).getByRole('button', { name: 'Delete Job' }).click()
  await toasts.expect('Job deleted', 'success')
  await expect(page).toHaveURL('/admin/jobs/manage')
  await page.goto(`/description/${job._id}`)
  await expect(main(page).getByRole('heading', { name: 'Job not found' })).toBeVisible()
})

test('Manage jobs: closing or archiving a job with money in escrow asks first, then refunds and tells the freelancer', async ({
  page,
  toasts,
}) => {
  const { client, freelancer, job } = await hiredJob()
  await fundViaApi(client, job._id, 2)
  const row = main(page).locator(`[data-job-id="${job._id}"]`)
  const inEscrow = async () =>
    (await api<{ data: { inEscrow: number } }>('GET', `/payments/job/${job._id}`, client.token)).data.inEscrow

  await signInAs(page, client, '/admin/jobs/manage')
  // Close asks first; Cancel leaves the job open and the money held.
  await row.getByRole('button', { name: /^Close/ }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Close this job and refund its escrow?' })
  await expect(confirm).toContainText(`Money is held in escrow for “${job.title}”`)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(row.getByText('active', { exact: true })).toBeVisible()
  expect(await inEscrow()).toBe(100000)

  // Archive from the row's menu asks the same way.
  await row.getByRole('button', { name: /^More actions for/ }).click()
  await page.getByRole('menuitem', { name: 'Archive' }).click()
  const archive = page.getByRole('alertdialog', { name: 'Archive this job and refund its escrow?' })
  await expect(archive).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(archive).toHaveCount(0)
  expect(await inEscrow()).toBe(100000)

  // Confirmed: the job closes, the escrow goes back to the client, and the hired freelancer hears of it.
  await row.getByRole('button', { name: /^Close/ }).click()
  await confirm.getByRole('button', { name: 'Close and refund' }).click()
  await toasts.expect('Job closed', 'success')
  await expect(confirm).toHaveCount(0)
  await expect(row.getByText('closed', { exact: true })).toBeVisible()
  expect(await inEscrow()).toBe(0)
  const { notifications } = await api<{ notifications: { type: string; message: string }[] }>(
    'GET',
    '/notification',
    freelancer.token,
  )
  expect(notifications).toContainEqual(
    expect.objectContaining({
      type: 'payment_refunded',
      message: `₹1,00,000.00 held in escrow for “${job.title}” went back to the client`,
    }),
  )

  // With nothing held any more, Reopen and Close again are one click each.
  await row.getByRole('button', { name: /^Reopen/ }).click()
  await expect(row.getByText('active', { exact: true })).toBeVisible()
  await row.getByRole('button', { name: /^Close/ }).click()
  await expect(row.getByText('closed', { exact: true })).toBeVisible()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
})
