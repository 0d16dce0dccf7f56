import { defineConfig } from 'vitest/config'
import path from 'node:path'

export default defineConfig({
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
