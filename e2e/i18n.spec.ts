import type { Page, TestInfo } from '@playwright/test'
import { createUserViaApi, expect, test } from './helpers/app'

/* Issue 26: English and Hindi — chosen by the browser at first, switched mid-session, remembered, following the account. */

const mainNav = (page: Page, name: string) => page.getByRole('navigation', { name })
const html = (page: Page) => page.locator('html')

/** A full-page screenshot attached to the test report (and kept under /tmp/e2e-shots for a look). */
async function attachShot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => document.fonts.ready)
  const body = await page.screenshot({
    fullPage: true,
    path: `/tmp/e2e-shots/i18n-${name}-${testInfo.project.name}.png`,
  })
  await testInfo.attach(`${name} (${testInfo.project.name})`, { body, contentType: 'image/png' })
}

async function expectHindi(page: Page) {
  await expect(html(page)).toHaveAttribute('lang', 'hi-IN')
  await expect(mainNav(page, 'मुख्य').getByRole('link', { name: 'होम', exact: true })).toBeVisible()
}

async function expectEnglish(page: Page) {
  await expect(html(page)).toHaveAttribute('lang', 'en-IN')
  await expect(mainNav(page, 'Main').getByRole('link', { name: 'Home', exact: true })).toBeVisible()
}

test.describe('a visitor', () => {
  test.use({ locale: 'hi-IN' })

  test('whose browser asks for Hindi gets Hindi; switching mid-session keeps the page and is remembered', async ({
    page,
  }, testInfo) => {
    // Eight pages and five screenshots, twice the work of most specs.
    test.slow()
    await page.goto('/feed')
    await expectHindi(page)
    await attachShot(page, testInfo, 'visitor-feed-hi')

    // English | हिंदी in the sidebar (desktop) or one button naming the other language (mobile top bar).
    await page.getByRole('button', { name: 'English', exact: true }).click()
    await expectEnglish(page)
    await expect(page).toHaveURL('/feed')
    await page.reload()
    await expectEnglish(page)

    await page.getByRole('button', { name: 'हिंदी', exact: true }).click()
    await expectHindi(page)
    await expect(page).toHaveURL('/feed')
    await page.reload()
    await expectHindi(page)
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('hi-IN')

    for (const [path, name] of [
      ['/', 'jobs'],
      ['/login', 'login'],
      ['/signup', 'signup'],
      ['/search', 'search'],
      ['/no-such-page', 'not-found'],
    ]) {
      await page.goto(path)
      await expectHindi(page)
      await attachShot(page, testInfo, `visitor-${name}-hi`)
    }
  })
})

test('a signed-in person’s choice is stored on their account and follows them to a new browser', async ({
  page,
  browser,
}, testInfo) => {
  // Two browsers, six pages and five screenshots.
  test.slow()
  const me = await createUserViaApi({ fullname: 'Meera Joshi', role: 'client' })
  await page.goto('/')
  await page.evaluate(({ user, token }) => {
    localStorage.setItem('user', JSON.stringify(user))
    localStorage.setItem('token', token)
  }, me)
  await page.goto('/chat')
  await expectEnglish(page)

  await page.getByRole('button', { name: 'Profile menu' }).click()
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/preferences') && r.ok())
  await page
    .getByRole('dialog', { name: 'Profile' })
    .getByRole('button', { name: 'हिंदी', exact: true })
    .click()
  await saved
  await expectHindi(page)
  await expect(page).toHaveURL('/chat')
  await expect(page.getByRole('dialog', { name: 'प्रोफ़ाइल' })).toContainText('लॉग आउट')
  await attachShot(page, testInfo, 'profile-menu-hi')
  await page.keyboard.press('Escape')

  for (const [path, name] of [
    ['/chat', 'chat'],
    ['/earnings', 'earnings'],
    ['/admin/jobs/manage', 'manage-jobs'],
  ]) {
    await page.goto(path)
    await expectHindi(page)
    await attachShot(page, testInfo, `signed-in-${name}-hi`)
  }

  // Another browser: English by its own settings and no cookie, the same account — the account's language wins.
  const other = await browser.newContext({
    ...testInfo.project.use,
    locale: 'en-GB',
    baseURL: process.env.E2E_BASE_URL,
  })
  const second = await other.newPage()
  await second.goto('/')
  await expectEnglish(second)
  await second.evaluate(({ user, token }) => {
    localStorage.setItem('user', JSON.stringify(user))
    localStorage.setItem('token', token)
  }, me)
  await second.reload()
  await expectHindi(second)
  await other.close()
})
