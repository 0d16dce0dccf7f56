import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS } from './e2e/support/chromium-flags'

const CI = !!process.env.CI

// Debian's Chromium, never a downloaded browser (docs/decisions/004-browser-tests.md). scripts/test.mjs finds it
// and passes CHROMIUM_PATH. These flags keep it from reaching for the network at start (this host has none).
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: CHROMIUM_FLAGS,
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: Number(process.env.E2E_WORKERS) || 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs sets E2E_JSON to read the counts for its summary line.
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  // Starts the SMTP sink and the server on free ports; the function it returns is the global teardown.
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    // Set by the global setup before workers start.
    baseURL: process.env.E2E_BASE_URL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    {
      name: 'mobile',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        launchOptions: chromium,
      },
    },
  ],
})
