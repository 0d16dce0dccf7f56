#!/usr/bin/env node
// Adds up test counts for one closing line. Arguments: `counts:<file>` (written by scripts/test.mjs through
// TEST_COUNTS_FILE), `vitest:<file>` (Vitest's json reporter), `playwright:<file>`; a missing or unreadable
// file counts as one failure. Prints `N passed, N failed`.
import fs from 'node:fs'
import { add, playwrightCounts, summaryLine, vitestCounts, zero } from './lib/results.mjs'

const readers = {
  counts: (file) => {
    try {
      return { ...zero(), ...JSON.parse(fs.readFileSync(file, 'utf8')) }
    } catch {
      return undefined
    }
  },
  vitest: vitestCounts,
  playwright: playwrightCounts,
}

let total = zero()
for (const arg of process.argv.slice(2)) {
  const [kind, ...rest] = arg.split(':')
  const read = readers[kind]
  if (!read) {
    console.error(`summary: unknown kind in ${arg} (use counts:, vitest: or playwright:)`)
    process.exit(2)
  }
  total = add(total, read(rest.join(':')) ?? { ...zero(), failed: 1 })
}
console.log(summaryLine(total))
