import crypto from 'node:crypto'
import type { Page, TestInfo } from '@playwright/test'
import { call, createUserViaApi, expect, main, test, type Session } from './helpers/app'

/*
 * Issue 26, the jobs area in Hindi: the job browser, Explore, search, a job's page, applying, the profile's Applied
 * Jobs and the client's applicants — each with Hindi text on it and no catalogue key (`jobs.…`) showing.
 */

/** Letters only: one searchable word no other spec's job contains. */
const tag = () =>
  Array.from(crypto.randomBytes(8), (b) => String.fromCharCode(97 + (b % 26)))
    .join('')
    .replace(/^./, (c) => c.toUpperCase())

/** A full-page screenshot attached to the report (and kept under /tmp/e2e-shots for a look). */
async function attachShot(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => document.fonts.ready)
  const body = await page.screenshot({
    fullPage: true,
    path: `/tmp/e2e-shots/i18n-jobs-${name}-${testInfo.project.name}.png`,
  })
  await testInfo.attach(`${name} (${testInfo.project.name})`, { body, contentType: 'image/png' })
}

/** The page is in Hindi and shows no message key. */
async function expectHindi(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN')
  await expect(main(page)).not.toContainText(/\bjobs\.[a-zA-Z]/)
}

const chooseHindi = (page: Page) =>
  page.context().addCookies([{ name: 'lang', value: 'hi-IN', url: process.env.E2E_BASE_URL! }])

/** Signs `session` in the way the app keeps it (local storage), with Hindi on the account, and opens `path`. */
async function openAs(page: Page, session: Session, path: string) {
  const { user } = await call<{ user: Session['user'] }>('PATCH', '/user/preferences', session.token, {
    language: 'hi-IN',
  })
  await page.goto('/')
  await page.evaluate(
    ({ user, token }) => {
      localStorage.setItem('user', JSON.stringify(user))
      localStorage.setItem('token', token)
    },
    { user, token: session.token },
  )
  await page.goto(path)
}

async function postJob(client: Session, word: string) {
  const { job } = await call<{ job: { _id: string; title: string } }>('POST', '/job/post', client.token, {
    title: `Mehndi artist for the ${word} wedding`,
    description: 'Bridal mehndi for one bride and ten guests, in Jaipur, one evening.',
    paymentType: 'per-unit',
    rate: '800',
    units: '11',
    category: 'Jobs',
    skills: ['Mehndi', 'Bridal design', 'Arabic patterns'],
    locationPreference: 'Rajasthan',
  })
  return job
}

test('a visitor browses, searches and opens a job in Hindi', async ({ page }, testInfo) => {
  // Four pages, four screenshots.
  test.slow()
  const word = tag()
  const client = await createUserViaApi({ fullname: 'Kavita Rathore', role: 'client', emailPrefix: 'mehndi' })
  const job = await postJob(client, word)
  await chooseHindi(page)

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'अवसर' })).toBeVisible()
  await expect(main(page).getByRole('group', { name: 'फ़िल्टर' })).toContainText('मुफ़्त')
  await expect(main(page).getByText(/^\d+\+? अवसर$/)).toBeVisible()
  await expectHindi(page)
  await attachShot(page, testInfo, 'browser')

  await page.goto('/explore')
  await expect(page.getByRole('heading', { level: 1, name: 'सभी अवसर देखें' })).toBeVisible()
  await expectHindi(page)

  await page.goto(`/search?q=${encodeURIComponent(word.toLowerCase())}`)
  await expect(page.getByRole('heading', { level: 1, name: 'खोज के नतीजे (1)' })).toBeVisible()
  const card = main(page).getByRole('article').filter({ hasText: job.title })
  await expect(card).toContainText('₹800.00 / यूनिट')
  await expect(card).toContainText('कुल ₹8,800.00')
  await expect(card.getByLabel('1 और कौशल')).toBeVisible()
  await expectHindi(page)
  await attachShot(page, testInfo, 'search')

  await page.goto(`/description/${job._id}`)
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'आवेदन के लिए लॉग इन करें' })).toBeVisible()
  await expect(main(page).getByRole('heading', { name: 'भुगतान', exact: true })).toBeVisible()
  await expect(main(page)).toContainText('₹800.00 × 11 यूनिट')
  await expectHindi(page)
  await attachShot(page, testInfo, 'job')
})

test('a freelancer applies in Hindi; the client sees the applicant in Hindi', async ({ page }, testInfo) => {
  // Two people, four pages, four screenshots.
  test.slow()
  const word = tag()
  const client = await createUserViaApi({ fullname: 'Kavita Rathore', role: 'client', emailPrefix: 'mehndi' })
  const freelancer = await createUserViaApi({
    fullname: 'Pooja Saini',
    role: 'freelancer',
    emailPrefix: 'pooja',
  })
  const job = await postJob(client, word)
  await chooseHindi(page)

  await openAs(page, freelancer, `/description/${job._id}`)
  await main(page).getByLabel('कवर लेटर').fill('मैंने पचास से ज़्यादा दुल्हनों की मेहंदी लगाई है।')
  await main(page).getByRole('button', { name: 'अभी आवेदन करें' }).click()
  await expect(main(page).getByRole('button', { name: 'आवेदन हो गया' })).toBeDisabled()
  await expect(main(page)).toContainText('आपका आवेदन:')
  await expectHindi(page)
  await attachShot(page, testInfo, 'applied')

  await page.goto(`/m/${freelancer.user.userId}`)
  const applied = main(page).getByRole('table', { name: 'मेरे आवेदन' })
  await expect(applied.getByRole('link', { name: job.title })).toBeVisible()
  await expectHindi(page)
  await attachShot(page, testInfo, 'applied-jobs')

  await openAs(page, client, `/admin/jobs/${job._id}/applicants`)
  await expect(main(page).getByRole('button', { name: /^स्वीकार करें/ })).toBeVisible()
  await expect(main(page)).toContainText('इस आवेदक को स्वीकार करने के बाद संपर्क की जानकारी दिखेगी')
  await expectHindi(page)
  await attachShot(page, testInfo, 'applicants')
})
