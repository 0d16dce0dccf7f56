/**
 * Flags for Debian's Chromium in the browser tests and the Lighthouse bench (docs/decisions/004-browser-tests.md):
 * headless, and nothing reached for on the network at start (this host has none).
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
