import crypto from 'node:crypto'
import type { Browser, Page } from '@playwright/test'
import { call, createUserViaApi, expect, main, test } from './helpers/app'
import { attachShot, expectNoKeys, openInHindi } from './support/hindi'

/*
 * Issue 26: the money screens in Hindi — a client funds 3 units in the sandbox checkout and releases 2 after seeing
 * the split, the freelancer's /earnings shows what waits for payout, and a freelancer adds payout details. Rupees read
 * as ₹1,50,000 (lakh grouping, no `.00`) in Hindi (ADR 075).
 */

const tag = () => crypto.randomBytes(3).toString('hex')

/** A second person in a browser of their own, same size as the first. */
async function secondBrowser(browser: Browser, page: Page) {
  const context = await browser.newContext({
    viewport: page.viewportSize()!,
    baseURL: process.env.E2E_BASE_URL,
  })
  return { context, page: await context.newPage() }
}

test('a client funds and releases in Hindi; the freelancer’s earnings say what waits', async ({
  page,
  browser,
}, testInfo) => {
  // Two people, a checkout, a release and five screenshots.
  test.slow()
  const t = tag()
  const client = await createUserViaApi({ fullname: `Asha Iyer ${t}`, role: 'client' })
  const freelancer = await createUserViaApi({ fullname: `Ravi Kumar ${t}`, role: 'freelancer' })
  const { job } = await call<{ job: { _id: string; title: string } }>('POST', '/job/post', client.token, {
    title: `Hindi captions ${t} for product videos`,
    description: 'Write Hindi captions for five product videos.',
    paymentType: 'per-unit',
    locationPreference: 'Remote',
    rate: '50000',
    units: '5',
    skills: ['Subtitling'],
  })
  const { application } = await call<{ application: { _id: string } }>(
    'POST',
    `/application/jobs/${job._id}/apply`,
    freelancer.token,
    {},
  )
  await call('PATCH', `/application/applications/${application._id}/status`, client.token, {
    status: 'accepted',
  })

  await openInHindi(page, client, `/description/${job._id}`)
  const options = main(page).getByRole('region', { name: 'भुगतान के विकल्प' })
  await expect(options).toBeVisible()
  await options.getByRole('button', { name: '3', exact: true }).click()
  await options.getByRole('button', { name: '3 यूनिट के लिए ₹1,50,000 चुकाएँ' }).click()
  const checkout = page.getByRole('dialog', { name: '₹1,50,000 चुकाएँ' })
  await expect(checkout).toContainText('टेस्ट कार्ड')
  await expectNoKeys(page, ['money'])
  await attachShot(page, testInfo, 'checkout')
  await checkout.getByRole('button', { name: '₹1,50,000 चुकाएँ' }).click()
  await expect(checkout).toBeHidden()

  const escrow = main(page).getByRole('region', { name: 'एस्क्रो', exact: true })
  await expect(escrow).toContainText('एस्क्रो में₹1,50,000')
  await expect(escrow).toContainText('5 यूनिट में से 3 जमा · 0 जारी')

  await main(page).getByRole('button', { name: 'काम प्रबंधित करें' }).click()
  await page.getByRole('menuitem', { name: 'भुगतान जारी करें' }).click()
  const release = page.getByRole('dialog', { name: 'भुगतान जारी करें' })
  await release.getByRole('button', { name: '2', exact: true }).click()
  await expect(release).toContainText(
    `एस्क्रो से ${freelancer.user.fullname} को 2 यूनिट के लिए ₹1,00,000 दें। यह वापस नहीं हो सकता।`,
  )
  const split = release.getByRole('region', { name: 'इस भुगतान का बँटवारा' })
  await expect(split).toContainText('एस्क्रो से जारी₹1,00,000')
  await expect(split).toContainText('TDSधारा 194-O, 5%− ₹5,000')
  await expectNoKeys(page, ['money'])
  await attachShot(page, testInfo, 'release-split')
  await release.getByRole('button', { name: '₹1,00,000 जारी करें' }).click()
  await expect(release).toBeHidden()
  await expect(escrow).toContainText('जारी₹1,00,000')
  await expect(escrow).toContainText('5 यूनिट में से 3 जमा · 2 जारी')
  await attachShot(page, testInfo, 'job-escrow')

  await page.goto('/earnings')
  await expect(main(page).getByRole('heading', { level: 1, name: 'कमाई और एस्क्रो' })).toBeVisible()
  await expect(page).toHaveTitle('कमाई · Microlance')
  const perHire = main(page).getByRole('list', { name: 'हर चुने फ्रीलांसर का एस्क्रो' })
  await expect(perHire).toContainText('एस्क्रो में ₹50,000 · जारी ₹1,00,000 · वापस ₹0')
  await expectNoKeys(page, ['money'])
  await attachShot(page, testInfo, 'earnings-client')

  const other = await secondBrowser(browser, page)
  await openInHindi(other.page, freelancer, '/earnings')
  const fp = other.page
  await expect(main(fp).getByRole('heading', { name: 'फ्रीलांसर के तौर पर' })).toBeVisible()
  await expect(main(fp).getByRole('status').filter({ hasText: 'आपकी पेआउट जानकारी का इंतज़ार' })).toBeVisible()
  const row = main(fp).getByTestId('earning-row').filter({ visible: true }).filter({ hasText: job.title })
  await expect(row).toContainText('₹1,00,000')
  await expect(row).toContainText('पेआउट बाकी')
  await expectNoKeys(fp, ['money'])
  await attachShot(fp, testInfo, 'earnings-freelancer')
  await other.context.close()
})

test('a freelancer adds payout details in Hindi', async ({ page }, testInfo) => {
  const freelancer = await createUserViaApi({ fullname: `Meera Shah ${tag()}`, role: 'freelancer' })
  await openInHindi(page, freelancer, '/settings/payouts')
  await expect(page).toHaveTitle('पेआउट की जानकारी · Microlance')
  await main(page).getByRole('button', { name: 'पेआउट की जानकारी जोड़ें' }).click()
  const form = main(page).getByRole('form', { name: 'पेआउट की जानकारी' })
  // The form's checks answer in Hindi, beside the field.
  await form.getByRole('button', { name: 'पेआउट की जानकारी सेव करें' }).click()
  await expect(form.getByText('अपना PAN लिखें')).toBeVisible()
  await expect(form.getByLabel('PAN नंबर')).toHaveAttribute('aria-invalid', 'true')
  await form.getByLabel('कानूनी नाम').fill('Meera Shah')
  await form.getByLabel('PAN नंबर').fill('ABCPE1234F')
  await form.getByLabel('राज्य या केंद्र शासित प्रदेश').selectOption('Maharashtra')
  await form.getByRole('radio', { name: 'UPI आईडी' }).check()
  await form.getByRole('textbox', { name: 'UPI आईडी' }).fill('meera.shah@okhdfcbank')
  await expectNoKeys(page, ['money'])
  await attachShot(page, testInfo, 'payout-form')
  await form.getByRole('button', { name: 'पेआउट की जानकारी सेव करें' }).click()
  await expect(main(page).getByText('पेआउट खाता', { exact: true })).toBeVisible()
  await expect(main(page).getByTestId('payout-PAN')).toHaveText('XXXXXX234F')
  // The account activates in the sandbox: its state reads in Hindi.
  await expect(main(page).getByTestId('payout-status')).toHaveText('चालू', { timeout: 15_000 })
  await expectNoKeys(page, ['money'])
  await attachShot(page, testInfo, 'payout-saved')
})
