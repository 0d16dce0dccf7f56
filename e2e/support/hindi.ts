import { basename } from 'node:path'
import type { Page, TestInfo } from '@playwright/test'
import { call, expect, type ApiUser, type Session } from '../helpers/app'

/*
 * Issue 26: what the Hindi specs (e2e/i18n-*.spec.ts) share — opening a page in Hindi, signed in or as a visitor;
 * checking that no catalogue key shows where its text should be; attaching a screenshot to the report.
 */

const HINDI = 'hi-IN'

/** The `lang` cookie the app reads at start (web/src/i18n), as the switcher leaves it. */
async function chooseHindi(page: Page) {
  await page.context().addCookies([{ name: 'lang', value: HINDI, url: process.env.E2E_BASE_URL! }])
}

/** A visitor (no one signed in) whose browser asks for Hindi, on `path`, once the app has started in Hindi. */
export async function visitInHindi(page: Page, path: string) {
  await chooseHindi(page)
  await page.goto(path)
  await expect(page.locator('html')).toHaveAttribute('lang', HINDI)
}

/**
 * `session` signed in in this browser from a clean slate, with Hindi as the account's language, on `path`.
 *
 * The app starts in the stored user's language, else the `lang` cookie's, and then follows /user/me: all three say
 * Hindi here, so the first paint is Hindi even while /user/me is slow on a busy machine, and nothing turns it back.
 * The storage is written on a page the app does not run on (the API's JSON), so no app start races the writes; the
 * cookies and storage of whoever was signed in before go first.
 */
export async function openInHindi(page: Page, session: Session, path: string) {
  const answer = await call<{ user?: ApiUser }>('PATCH', '/user/preferences', session.token, {
    language: HINDI,
  })
  const user = { ...session.user, ...answer.user, language: HINDI }
  await page.goto('/api/v1/config')
  await page.context().clearCookies()
  await chooseHindi(page)
  await page.evaluate(
    ({ user, token }) => {
      localStorage.clear()
      localStorage.setItem('user', JSON.stringify(user))
      localStorage.setItem('token', token)
    },
    { user, token: session.token },
  )
  await page.goto(path)
  await expect(page.locator('html')).toHaveAttribute('lang', HINDI)
}

/**
 * The page is in Hindi and no message key of `areas` (`jobs` for `jobs.apply.title`, …) shows through: not in its
 * text, its title or an aria-label; and the toaster's region is named in Hindi (a key there means the toaster mounted
 * before the catalogue arrived).
 */
export async function expectNoKeys(page: Page, areas: readonly string[]) {
  const names = areas.join('|')
  const key = new RegExp(`\\b(${names})\\.[a-zA-Z]`)
  await expect(page.locator('html')).toHaveAttribute('lang', HINDI)
  await expect(page.locator('body')).not.toContainText(key)
  await expect(page).not.toHaveTitle(new RegExp(`(${names})\\.`))
  await expect
    .poll(() =>
      page.evaluate(
        (source) =>
          Array.from(
            document.querySelectorAll('[aria-label]'),
            (el) => el.getAttribute('aria-label') ?? '',
          ).filter((label) => new RegExp(source).test(label)),
        key.source,
      ),
    )
    .toEqual([])
  await expect(page.locator('section[aria-label^="सूचना संदेश"]')).toHaveCount(1)
}

/**
 * A full-page screenshot attached to the report, once the fonts are in (Devanagari comes from a web font), and kept
 * for a look as /tmp/e2e-shots/<spec>-<name>-<project>.png.
 */
export async function attachShot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => document.fonts.ready)
  const spec = basename(testInfo.file).replace(/\.spec\.ts$/, '')
  const body = await page.screenshot({
    fullPage: true,
    path: `/tmp/e2e-shots/${spec}-${name}-${testInfo.project.name}.png`,
  })
  await testInfo.attach(`${name} (${testInfo.project.name})`, { body, contentType: 'image/png' })
}
