import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { call, createUserViaApi, expect, main, signInAs, test, hireAndFund } from './helpers/app'

/*
 * Delivery (ADR 057): the freelancer submits work with a file, the client asks for changes, the freelancer
 * resubmits, and with no answer the review window (0.01 days on the e2e server) ends: the test clock moves a window
 * and a bit, the sweep (every 2 s) releases the money, and the contract's timeline shows it.
 */

const tag = () => crypto.randomBytes(3).toString('hex')
const WINDOW_MS = 0.01 * 24 * 60 * 60 * 1000
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })

async function shotTo(page: Page, name: string, project: string) {
  fs.mkdirSync('/tmp/shots-delivery', { recursive: true })
  await page.screenshot({ path: path.join('/tmp/shots-delivery', `${name}-${project}.png`), fullPage: true })
}

test('work submitted, changes asked, resubmitted, released automatically when the window ends', async ({
  page,
  toasts,
  browser,
}, testInfo) => {
  test.slow()
  const t = tag()
  const client = await createUserViaApi({ fullname: `Asha Iyer ${t}`, role: 'client' })
  const ravi = await createUserViaApi({ fullname: `Ravi Kumar ${t}`, role: 'freelancer' })
  const { job } = await call<{ job: { _id: string } }>('POST', '/job/post', client.token, {
    title: `Logo ${t} for a tea shop`,
    description: 'A logo for our tea shop in three sizes.',
    paymentType: 'one-time',
    locationPreference: 'Remote',
    amount: '1000',
    skills: ['Logo design'],
  })
  await hireAndFund(client, ravi, job._id)
  const { contracts } = await call('GET', `/contracts?jobId=${job._id}`, client.token)
  const contractUrl = `/contracts/${contracts[0]._id}`

  // The freelancer submits work with a file.
  await signInAs(page, ravi, contractUrl)
  await expect(main(page).getByRole('heading', { name: `Logo ${t} for a tea shop` })).toBeVisible()
  await main(page).getByRole('button', { name: 'Submit work' }).click()
  const submit = dialog(page, 'Submit work')
  await submit.getByLabel('Message').fill('Logo in three sizes')
  const png = await sharp({
    create: { width: 32, height: 32, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .png()
    .toBuffer()
  await submit.getByLabel(/Files/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png })
  await submit.getByRole('button', { name: 'Submit work' }).click()
  await toasts.expect(/Work submitted/, 'success')
  await expect(main(page).getByTestId('review-window')).toContainText('Auto-release on')
  await expect(main(page).getByTestId('contract-timeline')).toContainText(`Ravi Kumar ${t} submitted work`)
  await expect(main(page).getByRole('link', { name: 'File 1' })).toBeVisible()

  // The client, in a browser of their own, asks for changes with a reason.
  const theirs = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
  const cp = await theirs.newPage()
  await signInAs(cp, client, contractUrl)
  await main(cp).getByRole('button', { name: 'Request changes' }).click()
  const ask = dialog(cp, 'Request changes')
  await ask.getByRole('button', { name: 'Request changes' }).click()
  await expect(ask.getByText('Reason is required')).toBeVisible()
  await ask.getByLabel('Reason').fill('Make the cup bigger')
  await ask.getByRole('button', { name: 'Request changes' }).click()
  await expect(main(cp).getByTestId('delivery-counts')).toContainText('1 change request')
  await expect(main(cp).getByTestId('contract-timeline')).toContainText('“Make the cup bigger”')

  // The freelancer resubmits; the count shows.
  await page.reload()
  await main(page).getByRole('button', { name: 'Submit work' }).click()
  await dialog(page, 'Submit work').getByLabel('Message').fill('Bigger cup now')
  await dialog(page, 'Submit work').getByRole('button', { name: 'Submit work' }).click()
  await toasts.expect(/Work submitted/, 'success')
  await expect(main(page).getByTestId('delivery-counts')).toContainText(
    'Submitted 2 times · 1 change request',
  )
  await expect(main(page).getByTestId('review-window')).toBeVisible()
  await shotTo(page, 'contract-window', testInfo.project.name)

  // The window passes on the shared test clock (forward only, one window and a bit); the sweep releases it.
  await call('POST', '/test/clock', client.token, { advanceMs: Math.round(WINDOW_MS + 5_000) })
  await signInAs(page, client, contractUrl)
  await expect(async () => {
    await page.reload()
    await expect(main(page).getByTestId('contract-timeline')).toContainText('released automatically', {
      timeout: 1_000,
    })
  }).toPass({ timeout: 30_000 })
  await expect(main(page).getByTestId('review-window')).toHaveCount(0)
  await expect(main(page).getByRole('region', { name: `Hire: Ravi Kumar ${t}` })).toContainText(
    'In escrow₹0.00',
  )
  await shotTo(page, 'contract-released', testInfo.project.name)
})
