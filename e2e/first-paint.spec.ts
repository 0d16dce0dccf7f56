import type { Request, Route } from '@playwright/test'
import { test, expect } from './support/fixtures'

// The loading shell paints from index.html alone, its CSS in the head (docs/decisions/027-shell-paints-from-the-html.md),
// and the app's stylesheet, at the end of the body, still arrives before any of the app's scripts run.

test('the loading shell is painted, styled, while the stylesheet and the scripts are still on their way', async ({
  page,
}) => {
  const held: Route[] = []
  // Once released, a request that arrives later (the language's catalogue, fetched when the first scripts run) goes
  // straight through instead of waiting in `held` for nobody.
  let released = false
  await page.route(
    /\/assets\/.*\.(css|js)$/,
    (route) => void (released ? route.continue() : held.push(route)),
  )
  await page.goto('/', { waitUntil: 'commit' })

  const status = page.getByRole('status', { name: 'Loading' })
  await expect(status).toBeVisible()
  await expect(page.getByText('Microlance', { exact: true })).toBeVisible()
  // Laid out and coloured by the CSS in the head: centred, the logo's square in the brand colour, the spinner turning.
  const shell = page.locator('#root > div[aria-busy="true"]')
  await expect(shell).toHaveCSS('display', 'flex')
  await expect(shell).toHaveCSS('justify-content', 'center')
  await expect(page.locator('#root rect')).toHaveCSS('fill', 'rgb(79, 70, 229)')
  await expect(status).toHaveCSS('animation-name', 'spin')
  expect(await page.evaluate(() => document.styleSheets.length)).toBe(1)
  expect(held.length).toBeGreaterThan(0)

  released = true
  for (const route of held.splice(0)) await route.continue()
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
})

test('the app renders only once its stylesheet has arrived, even when every script came first', async ({
  page,
}) => {
  // Notes, at the moment React first replaces the shell, whether the app's stylesheet is in force.
  await page.addInitScript(() => {
    const w = window as unknown as { styledAtFirstRender?: boolean }
    new MutationObserver((records, observer) => {
      const root = document.getElementById('root')
      if (!root || !records.some((r) => r.target === root && r.removedNodes.length)) return
      w.styledAtFirstRender = [...document.styleSheets].some((s) => s.href?.includes('/assets/'))
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  })
  let stylesheet: Route | undefined
  await page.route(/\/assets\/.*\.css$/, (route) => void (stylesheet = route))
  const scripts = new Set<string>()
  page.on('requestfinished', (r: Request) => {
    if (r.resourceType() === 'script') scripts.add(r.url())
  })
  await page.goto('/', { waitUntil: 'commit' })

  // Every script the page names in its HTML has arrived while the stylesheet is held back.
  const html = await (await page.request.get('/')).text()
  const named = html.match(/<(script|link rel="modulepreload")[^>]*\/assets\/[^"]+\.js/g) ?? []
  expect(named.length).toBeGreaterThan(1)
  await expect.poll(() => scripts.size).toBeGreaterThanOrEqual(named.length)
  await expect.poll(() => stylesheet !== undefined).toBe(true)
  await expect(page.locator('#root > div[aria-busy="true"]')).toBeVisible()

  await stylesheet!.continue()
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  expect(await page.evaluate(() => (window as { styledAtFirstRender?: boolean }).styledAtFirstRender)).toBe(
    true,
  )
})
