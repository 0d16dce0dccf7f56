import type { Page, TestInfo } from '@playwright/test'
import crypto from 'node:crypto'
import {
  createUserViaApi,
  expect,
  holdRequests,
  isMobileProject,
  main,
  shot,
  signInAs,
  test,
  type Session,
} from './helpers/app'

/*
 * Issue 3 "Shown by" (web, freelancer side): the job browser's filters live in the URL, a misspelt search finds the
 * job, the detail's Apply button goes Apply Now → Applying... → Applied Successfully and stays so, the profile's
 * Applied Jobs table lists it; the browser's states; the creator's menu; and the phone layout.
 * Texts from product.md §3 "Job browser", "Explore", "Search entry points", §7 "Apply button", §13 and §15.
 * The e2e server starts without demo data, so a client posts the jobs through the API here.
 */

interface PostedJob {
  _id: string
  title: string
}

function apiUrl(p: string) {
  return new URL(`/api/v1${p}`, process.env.E2E_BASE_URL).toString()
}

async function api<T>(method: string, p: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(apiUrl(p), {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as T
  if (!res.ok) throw new Error(`${method} ${p} answered ${res.status}: ${JSON.stringify(json)}`)
  return json
}

const postJob = async (client: Session, body: Record<string, unknown>) =>
  (await api<{ job: PostedJob }>('POST', '/job/post', client.token, body)).job

/** Letters only, so the tag is one searchable word that no other spec's job contains. */
const tag = () =>
  Array.from(crypto.randomBytes(6), (b) => String.fromCharCode(97 + (b % 26)))
    .join('')
    .replace(/^./, (c) => c.toUpperCase())

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

/** A client with three jobs: a React job (3 skills), a free workshop and a per-unit translation job. */
async function seedJobs() {
  const t = tag()
  const client = await createUserViaApi({ fullname: `Meera ${t}`, role: 'client' })
  const react = await postJob(client, {
    title: `React Developer for ${t} Foods`,
    description: `Build the ordering screens of the ${t} Foods web app in React with TypeScript.`,
    paymentType: 'one-time',
    amount: '145000',
    category: 'Jobs',
    skills: 'React, TypeScript, Redux',
    locationPreference: 'Karnataka',
    deadline: inDays(10),
  })
  const workshop = await postJob(client, {
    title: `Free Figma Workshop by ${t} Studio`,
    description: 'Two evenings of hands-on Figma for beginners.',
    paymentType: 'one-time',
    isFree: true,
    category: 'Workshops',
    skills: ['Figma'],
    locationPreference: 'Remote',
  })
  const translation = await postJob(client, {
    title: `Hindi Translation of ${t} Product Pages`,
    description: 'Translate 30 product pages from English to Hindi.',
    paymentType: 'per-unit',
    rate: 500,
    units: 30,
    category: 'Jobs',
    skills: ['Hindi Translation'],
    locationPreference: 'Delhi',
    duration: '6',
    hours: '12',
  })
  return { t, client, react, workshop, translation }
}

/** The job card whose title link is `title`. */
const card = (page: Page, title: string) =>
  main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) })

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
  expect(scroll, 'no sideways scroll').toBeLessThanOrEqual(inner)
}

/** Search from the chrome: the mobile top bar's box, or the desktop sidebar's Search then the page's box. */
async function searchFor(page: Page, testInfo: TestInfo, q: string) {
  if (isMobileProject(testInfo)) {
    const box = page.getByRole('searchbox', { name: 'Search', exact: true })
    await box.fill(q)
    await box.press('Enter')
  } else {
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Search' }).click()
    await expect(page).toHaveURL('/search')
    const box = main(page).getByRole('searchbox', { name: 'Search jobs and people' })
    await expect(box).toBeFocused()
    await box.fill(q)
    await box.press('Enter')
  }
}

test('a freelancer filters, shares the view, finds a job with a misspelt search, applies and sees it on the profile', async ({
  page,
  toasts,
}, testInfo) => {
  const { client, react, workshop, translation } = await seedJobs()
  const me = await createUserViaApi({ fullname: 'Kiran Das', role: 'freelancer' })
  await signInAs(page, me, '/jobs')

  // --- The browser: the cards of the new jobs, with ≤ 2 skills then '+N', rupees and the deadline ---------
  await expect(main(page).getByRole('heading', { level: 1, name: 'Opportunities' })).toBeVisible()
  const reactCard = card(page, react.title)
  await expect(reactCard).toBeVisible()
  await expect(reactCard.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveText([
    'React',
    'TypeScript',
    '+1',
  ])
  await expect(reactCard).toContainText('₹1,45,000.00')
  // Posted with a deadline 10 days ahead (end of that day in India): 10 days left, 9 just past midnight there.
  await expect(reactCard.getByText(/days left$/)).toHaveText(/^(10|9) days left$/)
  await expect(reactCard.getByRole('link', { name: client.user.fullname })).toHaveAttribute(
    'href',
    `/m/${client.user.userId}`,
  )
  await expect(card(page, translation.title)).toContainText('₹500.00 / unit')
  // The Distance chip is shown, static and inert (product.md §3).
  await expect(main(page).getByRole('note', { name: /Distance: 15 mi/ })).toHaveText('15 mi')

  // --- Filter by category and Free: the URL carries the view -----------------------------------------------
  const category = main(page).getByRole('combobox', { name: 'Category' })
  await expect(category.getByRole('option')).toHaveText([
    'All categories',
    'Internships',
    'Jobs',
    'Competitions',
    'Mentorship',
    'Courses',
    'Practice',
    'Scholarships',
    'Articles',
    'Conferences',
    'Workshops',
  ])
  await category.selectOption('Workshops')
  await expect(page).toHaveURL(/[?&]category=Workshops/)
  await expect(card(page, react.title)).toHaveCount(0)
  const free = main(page).getByRole('button', { name: 'Free', exact: true })
  await free.click()
  await expect(free).toHaveAttribute('aria-pressed', 'true')
  await expect(page).toHaveURL(/[?&]free=1/)
  await expect(card(page, workshop.title)).toBeVisible()
  await expect(card(page, translation.title)).toHaveCount(0)
  const shared = new URL(page.url())
  expect(shared.pathname).toBe('/jobs')

  // A fresh tab opened on the link shows the same view.
  const other = await page.context().newPage()
  await other.goto(shared.pathname + shared.search)
  await expect(main(other).getByRole('combobox', { name: 'Category' })).toHaveValue('Workshops')
  await expect(main(other).getByRole('button', { name: 'Free', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(card(other, workshop.title)).toBeVisible()
  await expect(card(other, react.title)).toHaveCount(0)
  await other.close()

  // --- Search with typos finds the React job, matched words marked ------------------------------------------
  await searchFor(page, testInfo, 'reakt developr')
  await expect(page).toHaveURL('/search?q=reakt%20developr')
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(/^Search Results \(\d+\+?\)$/)
  const found = card(page, react.title)
  await expect(found).toBeVisible()
  await expect(found.locator('mark').first()).toHaveText(/react|developer/i)
  await shot(page, testInfo, 'jobs-search')

  // --- The detail and Apply: Apply Now → Applying... → Applied Successfully ---------------------------------
  await found.getByRole('link', { name: react.title }).click()
  await expect(page).toHaveURL(`/description/${react._id}`)
  await expect(main(page).getByRole('heading', { level: 1, name: react.title })).toBeVisible()
  await expect(main(page)).toContainText('₹1,45,000.00')
  await expect(main(page).getByRole('link', { name: new RegExp(client.user.fullname) })).toHaveAttribute(
    'href',
    `/m/${client.user.userId}`,
  )
  await main(page).getByLabel('Cover letter (optional)').fill('I have built three React ordering apps.')
  const held = await holdRequests(page, `/api/v1/application/jobs/${react._id}/apply`)
  const applied = page.waitForResponse((r) => r.url().endsWith(`/application/jobs/${react._id}/apply`))
  await main(page).getByRole('button', { name: 'Apply Now' }).click()
  await expect(main(page).getByRole('button', { name: 'Applying...' })).toBeDisabled()
  await held.release()
  expect((await applied).status()).toBe(201)
  await expect(main(page).getByRole('button', { name: 'Applied Successfully' })).toBeDisabled()
  await toasts.expect('Applied successfully', 'success')
  await expect(main(page).getByRole('button', { name: 'Apply Now' })).toHaveCount(0)

  await page.reload()
  await expect(main(page).getByRole('button', { name: 'Applied Successfully' })).toBeDisabled()
  await shot(page, testInfo, 'jobs-applied')

  // --- The profile's Applied Jobs table -------------------------------------------------------------------
  await page.goto(`/m/${me.user.userId}`)
  const table = main(page).getByRole('table', { name: 'Applied Jobs' })
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: react.title }) })
  await expect(row).toBeVisible()
  await expect(row.getByRole('cell').nth(2)).toContainText(client.user.fullname)
  await expect(row.getByRole('cell').nth(3)).toHaveText('pending')
  await expect(row.getByRole('link', { name: react.title })).toHaveAttribute(
    'href',
    `/description/${react._id}`,
  )
  await expectNoSidewaysScroll(page)
})

test('the browser auto-selects the first result, shows the picked job beside the list, and stacks on a phone', async ({
  page,
}, testInfo) => {
  const { t, react, translation } = await seedJobs()
  // Newest first, narrowed by the tag: the translation job (posted last) comes first.
  await page.goto(`/explore?q=${t}&sort=newest`)
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Search Results (3)')
  await expect(card(page, translation.title)).toBeVisible()

  await page.goto('/jobs?sort=newest')
  const list = main(page).getByRole('region', { name: 'Opportunities' })
  await expect(list.getByRole('article').first()).toBeVisible()
  const firstLink = list.getByRole('article').first().getByRole('link').first()
  const firstTitle = await firstLink.innerText()

  if (isMobileProject(testInfo)) {
    // Phones: no side panel; a tap on a card opens /description/:id.
    await expect(main(page).getByRole('region', { name: 'Job details' })).toHaveCount(0)
    await expectNoSidewaysScroll(page)
    await shot(page, testInfo, 'jobs-browser')
    await card(page, react.title).getByRole('link', { name: react.title }).click()
    await expect(page).toHaveURL(`/description/${react._id}`)
    await expect(main(page).getByRole('heading', { level: 1, name: react.title })).toBeVisible()
    // Signed out: 'Log in to apply' instead of Apply Now.
    await expect(main(page).getByRole('link', { name: 'Log in to apply' })).toHaveAttribute('href', '/login')
    await expectNoSidewaysScroll(page)
    await shot(page, testInfo, 'jobs-description')
    await page.goto('/search?q=reakt%20developr')
    await expect(card(page, react.title)).toBeVisible()
    await expectNoSidewaysScroll(page)
    return
  }

  // Desktop: the first result is selected and shown in the panel beside the list.
  const panel = main(page).getByRole('region', { name: 'Job details' })
  await expect(panel.getByRole('heading', { level: 2, name: firstTitle })).toBeVisible()
  await expect(firstLink).toHaveAttribute('aria-current', 'true')
  const [listBox, panelBox] = [await list.boundingBox(), await panel.boundingBox()]
  // product.md §3: the list takes 2/5 of the width and the panel 3/5.
  expect(Math.abs(listBox!.width / (listBox!.width + panelBox!.width) - 0.4)).toBeLessThan(0.03)

  // Picking a card (keyboard: a link, Enter) shows it; the URL names it, so a reload keeps it.
  const link = card(page, react.title).getByRole('link', { name: react.title })
  await link.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`[?&]job=${react._id}`))
  await expect(panel.getByRole('heading', { level: 2, name: react.title })).toBeVisible()
  await expect(panel).toContainText('₹1,45,000.00')
  await expect(panel.getByRole('link', { name: 'Log in to apply' })).toBeVisible()
  await page.reload()
  await expect(panel.getByRole('heading', { level: 2, name: react.title })).toBeVisible()
  await shot(page, testInfo, 'jobs-browser')

  // Log in to apply keeps the way back: the login page is shown, the job waits.
  await panel.getByRole('link', { name: 'Log in to apply' }).click()
  await expect(page).toHaveURL('/login')
  await expect(main(page).getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
})

test("a visitor's first page of jobs arrives inside `/`; a filter then asks the server", async ({ page }) => {
  await seedJobs()
  const asked: URL[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.pathname === '/api/v1/job/get') asked.push(url)
  })
  await page.goto('/')
  await expect(main(page).getByRole('heading', { level: 1, name: 'Opportunities' })).toBeVisible()
  await expect(
    main(page).getByRole('article').first().or(main(page).getByText('No opportunities found')),
  ).toBeVisible()
  // The list came in the page (no request for it), and its data block is gone once read.
  expect(asked).toEqual([])
  await expect(page.locator('#first-answer')).toHaveCount(0)

  await main(page).getByRole('combobox', { name: 'Category' }).selectOption('Workshops')
  await expect.poll(() => asked.map((u) => u.searchParams.get('category'))).toEqual(['Workshops'])
})

test('loading, error with Retry, and the empty state with Reset Filters', async ({ page }, testInfo) => {
  // Hold the first answer to see the loading text, then fail it once to see the error box.
  let calls = 0
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  await page.route(
    (url) => url.pathname === '/api/v1/job/get',
    async (route) => {
      calls++
      if (calls === 1) await gate
      // The first answer and the query client's two retries of a 5xx fail; Retry then gets an empty list.
      if (calls <= 3)
        return route.fulfill({
          status: 500,
          json: { success: false, message: 'The database is resting', code: 'internal' },
        })
      return route.fulfill({
        json: { success: true, data: { jobs: [], nextCursor: null, correctedQuery: null } },
      })
    },
  )
  await page.goto('/jobs?category=Conferences&discounted=1')
  await expect(main(page).getByText('Loading opportunities...')).toBeVisible()
  release()
  const alert = main(page).getByRole('alert')
  await expect(alert).toContainText('Something went wrong')
  await expect(alert).toContainText('The database is resting')
  await alert.getByRole('button', { name: 'Retry' }).click()

  await expect(main(page).getByText('No opportunities found')).toBeVisible()
  if (!isMobileProject(testInfo))
    await expect(main(page).getByRole('region', { name: 'Job details' })).toContainText(
      'Select an Opportunity',
    )
  await main(page).getByRole('button', { name: 'Reset Filters' }).click()
  await expect(page).toHaveURL('/jobs')
  await expect(main(page).getByRole('combobox', { name: 'Category' })).toHaveValue('')
  await expect(main(page).getByRole('button', { name: 'Discounted' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )

  await page.goto('/explore?q=nothing')
  await expect(main(page).getByText('No jobs found. Try adjusting your filters.')).toBeVisible()

  // The empty search box's placeholder is read whole, on a phone too.
  await main(page).getByRole('button', { name: 'Clear search' }).click()
  const box = main(page).getByRole('searchbox')
  await expect(box).toHaveValue('')
  const room = await box.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el)
    const ctx = document.createElement('canvas').getContext('2d')!
    ctx.font = style.font
    const inside = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    return inside - ctx.measureText(el.placeholder).width
  })
  expect(room).toBeGreaterThanOrEqual(0)
})

test("the creator sees the job's menu instead of Apply; a closed job shows 'Closed' and no Apply", async ({
  page,
}) => {
  const { client, react, translation } = await seedJobs()
  await api('POST', `/job/${translation._id}/status`, client.token, { action: 'close' })
  await signInAs(page, client, `/description/${react._id}`)
  await expect(main(page).getByRole('heading', { level: 1, name: react.title })).toBeVisible()
  await expect(main(page).getByRole('button', { name: 'Apply Now' })).toHaveCount(0)
  await main(page).getByRole('button', { name: 'Manage job' }).click()
  const menu = page.getByRole('menu')
  // The escrow actions really act (e2e/payments.spec.ts); with nothing in escrow, Release waits for funding.
  for (const name of ['Initiate Payment', 'Archive Job', 'Delete Job'])
    await expect(menu.getByRole('menuitem', { name })).not.toHaveAttribute('aria-disabled', 'true')
  await expect(menu.getByRole('menuitem', { name: 'Release Payment' })).toHaveAttribute(
    'aria-disabled',
    'true',
  )
  await expect(menu.getByRole('menuitem', { name: /View applicants/ })).toHaveAttribute(
    'href',
    `/admin/jobs/${react._id}/applicants`,
  )
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()

  const me = await createUserViaApi({ fullname: 'Sana Sheikh', role: 'freelancer' })
  await signInAs(page, me, `/description/${translation._id}`)
  await expect(main(page).getByRole('heading', { level: 1, name: translation.title })).toBeVisible()
  await expect(main(page).getByText('Closed', { exact: true }).first()).toBeVisible()
  await expect(main(page).getByRole('button', { name: 'Apply Now' })).toHaveCount(0)
  await expect(main(page)).toContainText('₹500.00 × 30 units')
  // Duration and hours in the units the post form asks for.
  await expect(main(page).getByText('6 weeks', { exact: true })).toBeVisible()
  await expect(main(page).getByText('12 hours a week', { exact: true })).toBeVisible()
})

test('an archived job still opens for someone who applied to it, and for nobody else', async ({ page }) => {
  const { client, react } = await seedJobs()
  const applicant = await createUserViaApi({ fullname: 'Kiran Rao', role: 'freelancer' })
  const stranger = await createUserViaApi({ fullname: 'Pooja Nair', role: 'freelancer' })
  await api('POST', `/application/jobs/${react._id}/apply`, applicant.token, {})
  await api('POST', `/job/${react._id}/status`, client.token, { action: 'archive' })

  // The applicant's link (Applied Jobs, a notification, the chat panel) still opens the job, closed.
  await signInAs(page, applicant, `/description/${react._id}`)
  await expect(main(page).getByRole('heading', { level: 1, name: react.title })).toBeVisible()
  await expect(main(page).getByRole('button', { name: 'Apply Now' })).toHaveCount(0)
  await expect(main(page).getByRole('button', { name: 'Applied Successfully' })).toBeDisabled()
  await expect(main(page).getByRole('status').filter({ hasText: 'Your application:' })).toHaveText(
    'Your application: pendingThe client has not decided yet.',
  )

  await signInAs(page, stranger, `/description/${react._id}`)
  await expect(main(page).getByRole('heading', { name: 'Job not found' })).toBeVisible()
})

test('Closest without a state says how it orders and asks for a state, never for a profile location there is no field for', async ({
  page,
}) => {
  const me = await createUserViaApi({ fullname: 'Anil Joshi', role: 'freelancer' })
  await signInAs(page, me, '/jobs?sort=closest')
  const hint = 'Closest lists Remote jobs first, then the rest. Choose your state to see jobs there first.'
  await expect(main(page).getByText(hint, { exact: true })).toBeVisible()
  await expect(main(page).getByText(/profile has no location/)).toHaveCount(0)
})
