import crypto from 'node:crypto'
import fs from 'node:fs'
import type { Browser, Download, Page } from '@playwright/test'
import { formatRupees } from '../common/money'
import {
  call,
  createUserViaApi,
  hireAndFund,
  expect,
  main,
  shot,
  signInAs,
  test,
  Toasts,
  type Session,
} from './helpers/app'

/*
 * Money out (ADR 050), at both sizes: a client with a 2-opening per-unit job funds two hires, releases part of one
 * after seeing the split, and refunds the other back to the card; the freelancer paid adds payout details, sees the
 * account activate and the payout arrive with its UTR on /earnings, and downloads the payment advice, the year's
 * statement and its CSV, whose figures are read back out of the files.
 */

const tag = () => crypto.randomBytes(3).toString('hex')
const hire = (page: Page, name: string) => main(page).getByRole('region', { name: `Hire: ${name}` })
const checkoutDialog = (page: Page) => page.getByRole('dialog', { name: /Pay ₹/ })

interface Preview {
  units: number
  gross: number
  fee: number
  gst: { cgst: number; sgst: number; igst: number }
  tds: number
  tdsRatePercent: number
  tcs: { cgst: number; sgst: number; igst: number }
  net: number
}

const paise = (n: number) => Math.round(n * 100)
const partsOf = (t: { cgst: number; sgst: number; igst: number }) =>
  (paise(t.cgst) + paise(t.sgst) + paise(t.igst)) / 100

/** The text of every page of a PDF, as a person copying it out would read it. */
async function pdfText(file: string): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const pdf = await getDocument({ data: new Uint8Array(fs.readFileSync(file)), useSystemFonts: true }).promise
  const pages: string[] = []
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  await pdf.destroy()
  return pages.join('\n').replace(/\s+/g, ' ')
}

/** Clicks a download button and returns the file with the content type the server sent it as. */
async function download(page: Page, click: () => Promise<void>, urlPart: string | RegExp) {
  const answered = page.waitForResponse((r) =>
    typeof urlPart === 'string' ? r.url().includes(urlPart) : urlPart.test(r.url()),
  )
  const saved = page.waitForEvent('download')
  await click()
  const res = await answered
  expect(res.status()).toBe(200)
  const file: Download = await saved
  return {
    contentType: res.headers()['content-type'] ?? '',
    path: (await file.path())!,
    name: file.suggestedFilename(),
  }
}

async function openAs(
  browser: Browser,
  session: Session,
  path: string,
  viewport: { width: number; height: number },
  isMobile: boolean,
) {
  const context = await browser.newContext({
    viewport,
    isMobile,
    hasTouch: isMobile,
    baseURL: process.env.E2E_BASE_URL,
  })
  const page = await context.newPage()
  const toasts = new Toasts(page)
  await toasts.install()
  await signInAs(page, session, path)
  return { context, page, toasts }
}

test('a client releases after seeing the split and refunds to the card; the freelancer is paid out with a UTR', async ({
  page,
  toasts,
  browser,
}, testInfo) => {
  test.slow()
  const t = tag()
  const client = await createUserViaApi({ fullname: `Asha Iyer ${t}`, role: 'client' })
  const ravi = await createUserViaApi({ fullname: `Ravi Kumar ${t}`, role: 'freelancer' })
  const meera = await createUserViaApi({ fullname: `Meera Shah ${t}`, role: 'freelancer' })
  const { job } = await call<{ job: { _id: string; title: string } }>('POST', '/job/post', client.token, {
    title: `Caption ${t} product videos`,
    description: 'Write Hindi and English captions for our product videos.',
    paymentType: 'per-unit',
    locationPreference: 'Remote',
    rate: '500',
    units: '4',
    openings: '2',
    skills: ['Subtitling'],
  })
  for (const f of [ravi, meera]) {
    const { application } = await call<{ application: { _id: string } }>(
      'POST',
      `/application/jobs/${job._id}/apply`,
      f.token,
      {},
    )
    await call('PATCH', `/application/applications/${application._id}/status`, client.token, {
      status: 'accepted',
    })
  }

  // The client funds each hire from its own card: Ravi 3 units, Meera 1.
  await signInAs(page, client, `/description/${job._id}`)
  for (const [f, units, amount] of [
    [ravi, 3, 1500],
    [meera, 1, 500],
  ] as const) {
    const name = f.user.fullname
    await hire(page, name)
      .getByRole('button', { name: `Fund ${name}` })
      .click()
    const fund = page.getByRole('dialog', { name: `Fund ${name}` })
    await fund.getByRole('button', { name: String(units), exact: true }).click()
    await fund.getByRole('button', { name: `Pay ${formatRupees(amount)}` }).click()
    await checkoutDialog(page)
      .getByRole('button', { name: `Pay ${formatRupees(amount)}` })
      .click()
    await toasts.expect(`Payment successful! ${formatRupees(amount)} is now held in escrow.`, 'success')
    await expect(hire(page, name)).toContainText(`In escrow${formatRupees(amount)}`)
    await toasts.clear()
  }

  // Release 2 of Ravi's 3 units: the split shows before the client confirms, and follows the units chosen.
  await hire(page, ravi.user.fullname).getByRole('button', { name: 'Release' }).click()
  const release = page.getByRole('dialog', { name: 'Release payment' })
  const split = release.getByRole('region', { name: 'Split of this release' })
  await expect(split).toContainText(`Released from escrow${formatRupees(1500)}`)
  const previewed = page.waitForResponse((r) => r.url().includes('/release-preview?units=2'))
  await release.getByRole('button', { name: '2', exact: true }).click()
  const preview = ((await (await previewed).json()) as { preview: Preview }).preview
  expect(preview.gross).toBe(1000)
  // The split adds up, and without a PAN on file TDS under section 194-O is 5 % of the gross.
  expect(
    paise(preview.fee) +
      paise(partsOf(preview.gst)) +
      paise(preview.tds) +
      paise(partsOf(preview.tcs)) +
      paise(preview.net),
  ).toBe(paise(preview.gross))
  expect(preview.tds).toBe(50)
  // The e2e server charges a platform fee (PLATFORM_FEE_BPS), so GST is due on it.
  expect(preview.fee).toBeGreaterThan(0)
  expect(partsOf(preview.gst)).toBeGreaterThan(0)
  await expect(split).toContainText(`Released from escrow${formatRupees(1000)}`)
  await expect(split).toContainText(`Platform fee${preview.fee ? '− ' : ''}${formatRupees(preview.fee)}`)
  await expect(split).toContainText(`TDSSection 194-O, 5%− ${formatRupees(50)}`)
  await expect(split).toContainText(`Net to ${ravi.user.fullname}${formatRupees(preview.net)}`)
  await shot(page, testInfo, 'money-release-split')
  await release.getByRole('button', { name: `Release ${formatRupees(1000)}` }).click()
  await toasts.expect(`Released ${formatRupees(1000)} to ${ravi.user.fullname}`, 'success')
  await toasts.clear()

  // Refund Meera's escrow: the card says where the money goes and when it is there.
  await hire(page, meera.user.fullname).getByRole('button', { name: 'Refund' }).click()
  await page
    .getByRole('dialog', { name: 'Refund escrow' })
    .getByRole('button', { name: `Refund ${formatRupees(500)}` })
    .click()
  await toasts.expect(`Refunded ${formatRupees(500)} from escrow`, 'success')
  await expect(hire(page, meera.user.fullname).getByRole('list', { name: 'Refunds' })).toContainText(
    `${formatRupees(500)} back to your card/UPI — done`,
  )
  await shot(page, testInfo, 'money-refund-card')

  // The client's /earnings: each hire with its release or refund, and a receipt per funding.
  await page.goto('/earnings')
  const perHire = main(page).getByRole('list', { name: 'Escrow per hire' }).getByRole('listitem')
  const raviItem = perHire.filter({ hasText: ravi.user.fullname })
  const meeraItem = perHire.filter({ hasText: meera.user.fullname })
  await expect(raviItem).toContainText(`In escrow ${formatRupees(500)} · released ${formatRupees(1000)}`)
  await expect(raviItem.getByRole('list', { name: 'Releases' })).toContainText(
    `Released ${formatRupees(1000)} on`,
  )
  await expect(meeraItem).toContainText(`refunded ${formatRupees(500)}`)
  await expect(meeraItem.getByRole('list', { name: 'Refunds' })).toContainText(
    `${formatRupees(500)} back to your card/UPI — done`,
  )
  const clientDocs = main(page).getByRole('list', { name: /^Documents for / })
  await expect(clientDocs.getByRole('listitem').filter({ hasText: 'Receipt' })).toHaveCount(2)
  await shot(page, testInfo, 'money-client-earnings')

  // Ravi: the release waits for payout details.
  const viewport = page.viewportSize()!
  const mobile = testInfo.project.name === 'mobile'
  const other = await openAs(browser, ravi, '/earnings', viewport, mobile)
  const fp = other.page
  const stat = (label: string) =>
    main(fp)
      .getByLabel(/^Earnings summary/)
      .getByText(label, { exact: true })
      .locator('..')
  await expect(
    main(fp).getByRole('status').filter({ hasText: 'waiting for your payout details' }),
  ).toContainText(formatRupees(preview.net))
  await expect(stat('Pending payout')).toContainText(formatRupees(preview.net))
  const row = main(fp).getByTestId('earning-row').filter({ visible: true }).filter({ hasText: job.title })
  await expect(row).toContainText(mobile ? 'Pending payout — add payout details' : 'Pending payout')
  await shot(fp, testInfo, 'money-freelancer-waiting')

  await main(fp).getByRole('link', { name: 'Add payout details' }).click()
  await expect(fp).toHaveURL('/settings/payouts')
  await main(fp).getByRole('button', { name: 'Add payout details' }).click()
  const form = main(fp).getByRole('form', { name: 'Payout details' })
  await form.getByLabel('Legal name').fill(`Ravi Kumar`)
  await form.getByLabel('PAN', { exact: true }).fill('ABCPK1234F')
  await form.getByLabel('State or union territory').selectOption('Karnataka')
  await form.getByRole('textbox', { name: 'Account number' }).fill('50100987654321')
  await form.getByLabel('IFSC', { exact: true }).fill('HDFC0001234')
  await form.getByRole('button', { name: 'Save payout details' }).click()
  await expect(main(fp).getByTestId('payout-status')).toHaveText('Activated', { timeout: 15_000 })

  // Back on /earnings the payout moves on by itself and arrives with the bank's UTR.
  await fp.goto('/earnings')
  await expect(row).toContainText(mobile ? /Paid · UTR \w+/ : /Paid/, { timeout: 90_000 })
  // A phone shows "Paid · UTR …" in the card; a desktop gives the UTR a column of its own.
  const utrPattern = mobile ? /UTR ([A-Z0-9]{8,})/ : /^\s*([A-Z0-9]{8,})\s*$/
  const utrCell = mobile ? row : row.getByRole('cell').last()
  await expect(utrCell).toContainText(utrPattern, { timeout: 90_000 })
  const utr = utrPattern.exec((await utrCell.textContent()) ?? '')![1]
  await expect(stat('Paid out')).toContainText(formatRupees(preview.net))
  await expect(
    main(fp).getByRole('status').filter({ hasText: 'waiting for your payout details' }),
  ).toHaveCount(0)
  await shot(fp, testInfo, 'money-freelancer-paid')

  // The payment advice and the statement as PDFs, and the statement as CSV, with the figures in them.
  const docs = main(fp)
    .getByRole('list', { name: /^Documents for / })
    .getByRole('listitem')
  const advice = docs.filter({ hasText: 'Payment advice' })
  await expect(advice).toHaveCount(1)
  const adviceFile = await download(
    fp,
    () => advice.getByRole('button', { name: /^Download PDF/ }).click(),
    '/documents/advice/',
  )
  expect(adviceFile.contentType).toContain('application/pdf')
  const adviceText = await pdfText(adviceFile.path)
  expect(adviceText).toContain(utr)
  expect(adviceText).toContain(formatRupees(preview.net).replace('₹', ''))

  // The GST tax invoice for the platform's fee, numbered within the financial year.
  const invoice = docs.filter({ hasText: 'GST tax invoice' })
  await expect(invoice).toHaveCount(1)
  const invoiceNumber = /([A-Z0-9]+\/\d{2}-\d{2}\/\d{6})/.exec((await invoice.textContent()) ?? '')![1]
  const invoiceFile = await download(
    fp,
    () => invoice.getByRole('button', { name: /^Download PDF/ }).click(),
    '/documents/invoice/',
  )
  expect(invoiceFile.contentType).toContain('application/pdf')
  const invoiceText = await pdfText(invoiceFile.path)
  expect(invoiceText).toContain(invoiceNumber)
  for (const figure of [preview.fee, partsOf(preview.gst)])
    expect(invoiceText).toContain(formatRupees(figure).replace('₹', ''))

  const statement = docs.filter({ hasText: 'Statement' })
  const statementFile = await download(
    fp,
    () => statement.getByRole('button', { name: /^Download PDF/ }).click(),
    '/documents/statement/',
  )
  expect(statementFile.contentType).toContain('application/pdf')
  const statementText = await pdfText(statementFile.path)
  for (const figure of [preview.gross, preview.fee, preview.tds, preview.net])
    expect(statementText).toContain(formatRupees(figure).replace('₹', ''))
  expect(statementText).toContain(utr)

  const csv = await download(
    fp,
    () => main(fp).getByRole('button', { name: 'Download CSV' }).click(),
    'format=csv',
  )
  expect(csv.contentType).toContain('text/csv')
  const csvText = fs.readFileSync(csv.path, 'utf8')
  expect(csvText).toContain(utr)
  expect(csvText).toContain(preview.net.toFixed(2))

  // The job's own page says the same on Ravi's hire card.
  await fp.goto(`/description/${job._id}`)
  await expect(hire(fp, ravi.user.fullname).getByRole('list', { name: 'Payouts' })).toContainText(
    `${formatRupees(preview.net)} net: Paid · UTR ${utr}`,
  )
  await shot(fp, testInfo, 'money-freelancer-hire-card')
  await other.context.close()
})

test('a release goes ahead when its split cannot be shown; another year and a failed load say so', async ({
  page,
  toasts,
  browser,
}, testInfo) => {
  const t = tag()
  const client = await createUserViaApi({ fullname: `Kavya Nair ${t}`, role: 'client' })
  const dev = await createUserViaApi({ fullname: `Arjun Das ${t}`, role: 'freelancer' })
  const { job } = await call<{ job: { _id: string; title: string } }>('POST', '/job/post', client.token, {
    title: `Proofread ${t} brochure`,
    description: 'Proofread our four-page brochure.',
    paymentType: 'one-time',
    locationPreference: 'Remote',
    amount: '2000',
    skills: ['Proofreading'],
  })
  await hireAndFund(client, dev, job._id)

  // The preview fails: the dialog says so and the release still works.
  await page.route('**/api/v1/contracts/*/release-preview**', (route) =>
    route.fulfill({ status: 503, json: { success: false, message: 'Try again later' } }),
  )
  await signInAs(page, client, `/description/${job._id}`)
  await hire(page, dev.user.fullname).getByRole('button', { name: 'Release' }).click()
  const release = page.getByRole('dialog', { name: 'Release payment' })
  await expect(release.getByRole('status')).toHaveText(/The split could not be shown\. You can still release/)
  await expect(release.getByRole('region', { name: 'Split of this release' })).toHaveCount(0)
  await release.getByRole('button', { name: `Release ${formatRupees(2000)}` }).click()
  await toasts.expect(`Released ${formatRupees(2000)} to ${dev.user.fullname}`, 'success')

  // The freelancer's /earnings: a load that fails offers Retry; last year is empty; this year has the release.
  const other = await openAs(browser, dev, '/', page.viewportSize()!, testInfo.project.name === 'mobile')
  const fp = other.page
  // Down until the error shows (the app retries a 5xx twice on its own), then back for Retry.
  let down = true
  await fp.route('**/api/v1/payouts', (route) =>
    down
      ? route.fulfill({ status: 500, json: { success: false, message: 'Payouts are resting' } })
      : route.continue(),
  )
  await fp.goto('/earnings?year=2025-26')
  await expect(main(fp).getByRole('alert')).toContainText('Payouts are resting')
  down = false
  await main(fp).getByRole('alert').getByRole('button', { name: 'Retry' }).click()
  await expect(main(fp).getByRole('alert')).toHaveCount(0)
  const year = main(fp).getByLabel('Financial year')
  await expect(year).toHaveValue('2025-26')
  await expect(main(fp).getByText('No earnings in 2025-26')).toBeVisible()
  // Last year's statement is there even with nothing in it; this year's release is not.
  const lastYearDocs = main(fp).getByRole('list', { name: 'Documents for 2025-26' })
  await expect(lastYearDocs).toContainText('Yearly statement 2025-26')
  await expect(lastYearDocs).not.toContainText(job.title)
  await shot(fp, testInfo, 'money-empty-year')

  // The year picker is a native select: keyboard and screen readers work it as any other.
  await year.focus()
  await year.selectOption('2026-27')
  await expect(fp).toHaveURL(/[?&]year=2026-27/)
  const row = main(fp).getByTestId('earning-row').filter({ visible: true }).filter({ hasText: job.title })
  await expect(row).toContainText(formatRupees(2000))
  await expect(row).toContainText('Pending payout')

  // The year's statement as CSV, from the keyboard alone.
  const csv = await download(
    fp,
    async () => {
      await main(fp).getByRole('button', { name: 'Download CSV' }).focus()
      await fp.keyboard.press('Enter')
    },
    'format=csv',
  )
  expect(csv.contentType).toContain('text/csv')
  expect(csv.name).toMatch(/\.csv$/)
  expect(fs.readFileSync(csv.path, 'utf8')).toContain(job.title)
  await other.context.close()
})

test('a refund the bank turns down shows as failed and being retried', async ({ page }, testInfo) => {
  const t = tag()
  const client = await createUserViaApi({ fullname: `Rohan Mehta ${t}`, role: 'client' })
  const dev = await createUserViaApi({ fullname: `Sana Khan ${t}`, role: 'freelancer' })
  // The sandbox fails a refund whose amount ends in 13 paise, as Razorpay's test values do (ADR 050).
  const { job } = await call<{ job: { _id: string; title: string } }>('POST', '/job/post', client.token, {
    title: `Illustrate ${t} cover`,
    description: 'One cover illustration for our cookbook.',
    paymentType: 'one-time',
    locationPreference: 'Remote',
    amount: '999.13',
    skills: ['Illustration'],
  })
  await hireAndFund(client, dev, job._id)
  await call('POST', '/payments/refund', client.token, { jobId: job._id })

  await signInAs(page, client, `/description/${job._id}`)
  await expect(hire(page, dev.user.fullname).getByRole('list', { name: 'Refunds' })).toContainText(
    `${formatRupees(999.13)} back to your card/UPI — failed, we are retrying`,
  )
  await page.goto('/earnings')
  const item = main(page).getByRole('list', { name: 'Escrow per hire' }).getByRole('listitem').filter({
    hasText: dev.user.fullname,
  })
  await expect(item.getByRole('list', { name: 'Refunds' })).toContainText(
    `${formatRupees(999.13)} back to your card/UPI — failed, we are retrying`,
  )
  await shot(page, testInfo, 'money-refund-failed')
})
