import { defineConfig } from 'vitest/config'
import path from 'node:path'
import { icuCatalogues } from './web/tooling/icu-catalogues.js'

export default defineConfig({
  // The web app's language catalogues, compiled as the build compiles them (ADR 065).
  plugins: [icuCatalogues({ dir: path.resolve(import.meta.dirname, 'web/src/i18n/messages') })],
  resolve: {
    alias: {
      '@common': path.resolve(import.meta.dirname, 'common'),
      '@': path.resolve(import.meta.dirname, 'web/src'),
    },
  },
  test: {
    include: [
      'server/**/*.test.ts',
      'common/**/*.test.ts',
      'web/src/**/*.test.ts',
      'web/tooling/**/*.test.ts',
      'scripts/**/*.test.mjs',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
