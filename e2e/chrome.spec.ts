import type { Page } from '@playwright/test'
import { createUserViaApi, expect, main, signInAs, test } from './helpers/app'

/* product.md §3 "Navigation chrome" and "Search entry points", §2 (who sees what). */

/** The nav landmark named 'Main': the sidebar's list on desktop, the bottom tab bar on mobile. */
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' })
const pageHeading = (page: Page) => main(page).getByRole('heading', { level: 1 })

async function expectCurrent(page: Page, current: string | null) {
  for (const name of ['Home', 'Chat', 'Admin Jobs']) {
    const link = mainNav(page).getByRole('link', { name, exact: true })
    if (name === current)
      await expect(link, `${name} is the current item`).toHaveAttribute('aria-current', 'page')
    else await expect(link, `${name} is not highlighted`).not.toHaveAttribute('aria-current')
  }
}

test.describe('desktop sidebar', () => {
  // Skipped on the phone project: the sidebar exists only at desktop widths (the mobile chrome has its own tests).
  test.skip(
    ({ isMobile }) => isMobile,
    'the sidebar is the desktop chrome; mobile has the top bar and tab bar',
  )

  test('signed out: logo, search, Home and Chat, and the Login and Signup buttons', async ({ page }) => {
    await page.goto('/chat')
    await expect(sidebar(page)).toBeVisible()
    await expect(mainNav(page).getByRole('link')).toHaveText(['Home', 'Feed', 'Chat'])
    await expect(sidebar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
    await expect(sidebar(page).getByRole('link', { name: 'Signup', exact: true })).toBeVisible()
    // product.md §2: only signed-in users see the create menu, the bell and the profile popover.
    for (const name of ['Create', 'Notifications', 'Profile menu'])
      await expect(page.getByRole('button', { name })).toHaveCount(0)
    await expect(page.getByRole('searchbox')).toBeHidden()

    await sidebar(page).getByRole('link', { name: 'Signup', exact: true }).click()
    await expect(page).toHaveURL('/signup')
    await sidebar(page).getByRole('link', { name: 'Login', exact: true }).click()
    await expect(page).toHaveURL('/login')
    await sidebar(page).getByRole('link', { name: 'Microlance' }).click()
    await expect(page).toHaveURL('/')
  })

  test('signed in: Home, Chat, Admin Jobs, Create, the bell and the profile popover', async ({ page }) => {
    const me = await createUserViaApi({ fullname: 'Nisha Rao', role: 'client' })
    await signInAs(page, me, '/chat')
    await expect(mainNav(page).getByRole('link')).toHaveText(['Home', 'Feed', 'Chat', 'Admin Jobs'])
    await expect(mainNav(page).getByRole('button', { name: 'Create' })).toBeVisible()
    await expect(mainNav(page).getByRole('button', { name: 'Notifications' })).toBeVisible()
    await expect(sidebar(page).getByRole('button', { name: 'Profile menu' })).toContainText('Nisha Rao')
    await expect(sidebar(page).getByRole('link', { name: 'Login', exact: true })).toHaveCount(0)
    await expect(sidebar(page).getByRole('link', { name: 'Signup', exact: true })).toHaveCount(0)

    // product.md §3: the desktop search action goes to /search without a query.
    await sidebar(page).getByRole('link', { name: 'Search' }).click()
    await expect(page).toHaveURL('/search')
    await mainNav(page).getByRole('link', { name: 'Admin Jobs' }).click()
    await expect(page).toHaveURL('/admin/jobs/manage')
    await mainNav(page).getByRole('link', { name: 'Chat' }).click()
    await expect(page).toHaveURL('/chat')
    await sidebar(page).getByRole('link', { name: 'Microlance' }).click()
    await expect(page).toHaveURL('/')
  })
})

test.describe('mobile top bar and tab bar', () => {
  // Skipped on the desktop project: the top bar and tab bar exist only at phone widths (the sidebar has its tests).
  test.skip(
    ({ isMobile }) => !isMobile,
    'the top bar and tab bar are the mobile chrome; desktop has the sidebar',
  )

  test('signed out: logo, search box and Login on top; Home and Chat in the tab bar', async ({ page }) => {
    await page.goto('/chat')
    await expect(sidebar(page)).toBeHidden()
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search...')
    await expect(mainNav(page)).toBeVisible()
    await expect(mainNav(page).getByRole('link')).toHaveText(['Home', 'Feed', 'Chat'])
    for (const name of ['Create', 'Admin menu', 'Notifications', 'Profile menu'])
      await expect(page.getByRole('button', { name })).toHaveCount(0)
    await page.getByRole('link', { name: 'Login', exact: true }).click()
    await expect(page).toHaveURL('/login')
    await page.getByRole('link', { name: 'Microlance' }).click()
    await expect(page).toHaveURL('/')
  })

  test('signed in: the tab bar has Home, Chat, Create, Admin Jobs and the admin menu', async ({ page }) => {
    const me = await createUserViaApi({ fullname: 'Arjun Nair', role: 'client' })
    await signInAs(page, me)
    await expect(mainNav(page).getByRole('link')).toHaveText(['Home', 'Feed', 'Chat', 'Admin Jobs'])
    await expect(mainNav(page).getByRole('button', { name: 'Create' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0)

    await mainNav(page).getByRole('button', { name: 'Admin menu' }).click()
    const menu = page.getByRole('menu')
    await expect(menu.getByRole('menuitem')).toHaveText(['Manage jobs', 'Post a job', 'Job templates'])
    await menu.getByRole('menuitem', { name: 'Manage jobs' }).click()
    await expect(page).toHaveURL('/admin/jobs/manage')
    await expect(menu).toBeHidden()
    await mainNav(page).getByRole('button', { name: 'Admin menu' }).click()
    await menu.getByRole('menuitem', { name: 'Job templates' }).click()
    await expect(page).toHaveURL('/admin/job-templates')
  })

  test('the top bar search goes to /search?q= with the trimmed query, and not for spaces only', async ({
    page,
  }) => {
    await page.goto('/')
    const search = page.getByRole('searchbox', { name: 'Search' })
    await search.fill('  react dev ')
    await search.press('Enter')
    await expect(page).toHaveURL('/search?q=react%20dev')
    await expect(pageHeading(page)).toContainText('Search')
    await expect(search).toHaveValue('react dev')

    await page.goto('/')
    await search.fill('   ')
    await search.press('Enter')
    // A navigation for spaces only would sit between / and the next search in the history.
    await search.fill('figma')
    await search.press('Enter')
    await expect(page).toHaveURL('/search?q=figma')
    await page.goBack()
    await expect(page).toHaveURL('/')
  })
})

test('the highlighted nav item follows the path (Chat on /chat*, Admin Jobs on /admin/jobs/manage)', async ({
  page,
}) => {
  const me = await createUserViaApi({ fullname: 'Farah Khan', role: 'client' })
  await signInAs(page, me)
  await expectCurrent(page, 'Home')
  const visits: [string, string | null][] = [
    ['/chat', 'Chat'],
    ['/chat/x', 'Chat'],
    ['/admin/jobs/manage', 'Admin Jobs'],
    ['/admin/jobs/create', null],
    ['/admin/job-templates', null],
    [`/m/${me.user.userId}`, null],
    ['/jobs', 'Home'],
    ['/feed', 'Feed'],
  ]
  for (const [path, current] of visits) {
    await page.goto(path)
    await expect(pageHeading(page)).toBeVisible()
    await expectCurrent(page, current)
  }
  // Client-side navigation moves the highlight too.
  await mainNav(page).getByRole('link', { name: 'Chat', exact: true }).click()
  await expect(page).toHaveURL('/chat')
  await expectCurrent(page, 'Chat')
})

test('the create menu offers Post, Outsource and Experience and closes on an outside click or a choice', async ({
  page,
}) => {
  const me = await createUserViaApi({ fullname: 'Sana Qureshi', role: 'client' })
  await signInAs(page, me, '/chat')
  const createButton = mainNav(page).getByRole('button', { name: 'Create' })
  const menu = page.getByRole('menu')

  await createButton.click()
  await expect(menu.getByRole('menuitem')).toHaveText([/^Post/, /^Outsource/, /^Experience/])
  await pageHeading(page).click()
  await expect(menu).toBeHidden()
  await expect(page).toHaveURL('/chat')

  await createButton.click()
  await menu.getByRole('menuitem', { name: 'Post', exact: true }).click()
  await expect(menu).toBeHidden()
  const postDialog = page.getByRole('dialog', { name: 'Create Post' })
  await expect(postDialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(postDialog).toBeHidden()

  await createButton.click()
  await menu.getByRole('menuitem', { name: 'Experience', exact: true }).click()
  await expect(menu).toBeHidden()
  await expect(page).toHaveURL('/experiences/create')

  await createButton.click()
  await menu.getByRole('menuitem', { name: 'Outsource', exact: true }).click()
  await expect(menu).toBeHidden()
  await expect(page).toHaveURL('/admin/jobs/create')
  await expect(pageHeading(page)).toContainText('Post a job')
})

test('until its menu has loaded, Create looks as it will and ignores a click; then it opens', async ({
  page,
}) => {
  const me = await createUserViaApi({ fullname: 'Kabir Das', role: 'client' })
  // Hold the create menu's chunk, so the trigger stays the placeholder for as long as the test needs.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/create-menu-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await signInAs(page, me, '/chat')
  const createButton = mainNav(page).getByRole('button', { name: 'Create' })
  const opacity = () => createButton.evaluate((el) => getComputedStyle(el).opacity)
  await expect(createButton).toHaveAttribute('aria-disabled', 'true')
  // Not faded: the placeholder once flashed at 55 % on every page load.
  await expect.poll(opacity).toBe('1')
  await createButton.dispatchEvent('click')
  await expect(page.getByRole('menu')).toHaveCount(0)

  release()
  await expect(createButton).not.toHaveAttribute('aria-disabled')
  await expect.poll(opacity).toBe('1')
  await createButton.click()
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    /^Post/,
    /^Outsource/,
    /^Experience/,
  ])
})

test('the profile popover links to the profile, My Posts and Earnings, and switches a freelancer to hiring', async ({
  page,
  toasts,
}) => {
  const me = await createUserViaApi({ fullname: 'Dev Malhotra', role: 'freelancer' })
  await signInAs(page, me)
  const popover = page.getByRole('dialog', { name: 'Profile' })

  await page.getByRole('button', { name: 'Profile menu' }).click()
  await expect(popover.getByText(`@${me.user.username}`)).toBeVisible()
  await popover.getByRole('link', { name: 'View Profile' }).click()
  await expect(page).toHaveURL(`/m/${me.user.userId}`)
  await expect(popover).toBeHidden()

  await page.getByRole('button', { name: 'Profile menu' }).click()
  await popover.getByRole('link', { name: 'My Posts' }).click()
  await expect(page).toHaveURL('/posts')

  await page.getByRole('button', { name: 'Profile menu' }).click()
  await popover.getByRole('link', { name: 'Earnings and escrow' }).click()
  await expect(page).toHaveURL('/earnings')
  await expect(main(page).getByRole('heading', { level: 1, name: 'Earnings and escrow' })).toBeVisible()

  // A freelancer is kept out of /admin until they switch to hiring.
  await page.getByRole('button', { name: 'Profile menu' }).click()
  await expect(popover.getByText('Freelancer', { exact: true })).toBeVisible()
  await popover.getByRole('button', { name: 'Switch to hiring' }).click()
  await toasts.expect('You can now post jobs', 'success')
  await expect(popover.getByText('Hiring', { exact: true })).toBeVisible()
  await expect(popover.getByRole('button', { name: 'Switch to working' })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.goto('/admin/jobs/manage')
  await expect(page).toHaveURL('/admin/jobs/manage')
})

test('the bell opens the Notifications panel, empty until there are notifications', async ({ page }) => {
  const me = await createUserViaApi({ fullname: 'Ira Bose', role: 'freelancer' })
  await signInAs(page, me)
  await page.getByRole('button', { name: 'Notifications' }).click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  await expect(panel).toBeVisible()
  await expect(panel.getByText('No notifications')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
})
