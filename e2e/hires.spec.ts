import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { call, createUserViaApi, expect, main, shot, signInAs, test } from './helpers/app'

/*
 * Hires are contracts (ADR 048): a client with a 2-opening per-unit job accepts two applicants on the applicants
 * page, funds each one separately from that hire's own buttons, and sees both hires with their own escrow.
 */

const tag = () => crypto.randomBytes(3).toString('hex')
const hire = (page: Page, name: string) => main(page).getByRole('region', { name: `Hire: ${name}` })
const checkoutDialog = (page: Page) => page.getByRole('dialog', { name: /Pay ₹/ })

test('a client accepts two applicants and funds each hire on its own', async ({ page, toasts }, testInfo) => {
  test.slow()
  const t = tag()
  const client = await createUserViaApi({ fullname: `Asha Iyer ${t}`, role: 'client' })
  const ravi = await createUserViaApi({ fullname: `Ravi Kumar ${t}`, role: 'freelancer' })
  const meera = await createUserViaApi({ fullname: `Meera Shah ${t}`, role: 'freelancer' })
  const { job } = await call<{ job: { _id: string; openings: number } }>('POST', '/job/post', client.token, {
    title: `Label ${t} product photos`,
    description: 'Label our catalogue photos with product names and sizes.',
    paymentType: 'per-unit',
    locationPreference: 'Remote',
    rate: '500',
    units: '4',
    openings: '2',
    skills: ['Data entry'],
  })
  expect(job.openings).toBe(2)
  for (const f of [ravi, meera]) await call('POST', `/application/jobs/${job._id}/apply`, f.token, {})

  await signInAs(page, client, `/admin/jobs/${job._id}/applicants`)
  for (const name of [ravi.user.fullname, meera.user.fullname]) {
    await main(page)
      .getByRole('button', { name: `Accept ${name}` })
      .first()
      .click()
    await toasts.expect('Application accepted', 'success')
    await expect(hire(page, name)).toBeVisible()
    // On a phone the toast sits over the next applicant's buttons.
    await toasts.clear()
  }

  // Ravi's hire: 3 of 4 units.
  await hire(page, ravi.user.fullname)
    .getByRole('button', { name: `Fund ${ravi.user.fullname}` })
    .click()
  const fundDialog = page.getByRole('dialog', { name: `Fund ${ravi.user.fullname}` })
  await fundDialog.getByRole('button', { name: '3', exact: true }).click()
  await fundDialog.getByRole('button', { name: 'Pay ₹1,500.00' }).click()
  await checkoutDialog(page).getByRole('button', { name: 'Pay ₹1,500.00' }).click()
  await toasts.expect('Payment successful! ₹1,500.00 is now held in escrow.', 'success')
  await expect(hire(page, ravi.user.fullname)).toContainText('In escrow₹1,500.00')
  await expect(hire(page, ravi.user.fullname)).toContainText('3 of 4 units funded')

  // Meera's hire: 1 unit, funded on its own.
  await hire(page, meera.user.fullname)
    .getByRole('button', { name: `Fund ${meera.user.fullname}` })
    .click()
  const meeraDialog = page.getByRole('dialog', { name: `Fund ${meera.user.fullname}` })
  await meeraDialog.getByRole('button', { name: '1', exact: true }).click()
  await meeraDialog.getByRole('button', { name: 'Pay ₹500.00' }).click()
  await checkoutDialog(page).getByRole('button', { name: 'Pay ₹500.00' }).click()
  await toasts.expect('Payment successful! ₹500.00 is now held in escrow.', 'success')

  // Both hires, each with its own escrow, after a reload too.
  await page.reload()
  await expect(hire(page, ravi.user.fullname)).toContainText('Funded₹1,500.00')
  await expect(hire(page, ravi.user.fullname)).toContainText('In escrow₹1,500.00')
  await expect(hire(page, meera.user.fullname)).toContainText('Funded₹500.00')
  await expect(hire(page, meera.user.fullname)).toContainText('1 of 4 units funded')
  await expect(hire(page, meera.user.fullname).getByRole('button', { name: 'Release' })).toBeVisible()
  await shot(page, testInfo, 'hires-two-contracts')
})
