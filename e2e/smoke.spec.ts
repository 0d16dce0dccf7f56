import { test, expect } from './support/fixtures'

test('the server is healthy and serves the web app', async ({ page, request }) => {
  const health = await request.get('/healthz')
  expect(health.status()).toBe(200)

  await page.goto('/')
  await expect(page).toHaveTitle(/Microlance/i)
  // Role queries skip hidden elements: the desktop sidebar is hidden on mobile and the tab bar on desktop.
  const chrome = page.getByRole('navigation').or(page.getByRole('heading', { level: 1 }))
  await expect(chrome.first()).toBeVisible()
})
