// The app's own class merge (web/src/lib/class-merge.ts) against tailwind-merge, which it replaced in the bundle
// (ADR 079): for every pair of classes Tailwind generates for web/src, in both orders, both keep the same classes.
// The merge works pair by pair (a class is dropped when a later one took its group), so agreeing on every pair is
// agreeing on every list of these classes.
import fs from 'node:fs'
import path from 'node:path'
import { compile } from '@tailwindcss/node'
import { Scanner } from '@tailwindcss/oxide'
import { twMerge } from 'tailwind-merge'
import { beforeAll, describe, expect, it } from 'vitest'
import { mergeClasses } from '../src/lib/class-merge'

const web = path.resolve(import.meta.dirname, '..')
let classes: string[]

beforeAll(async () => {
  const candidates = new Scanner({
    sources: [{ base: path.join(web, 'src'), pattern: '**/*', negated: false }],
  }).scan()
  const cssFile = path.join(web, 'src/index.css')
  const compiler = await compile(fs.readFileSync(cssFile, 'utf8'), {
    base: path.dirname(cssFile),
    onDependency: () => {},
  })
  const css = compiler.build(candidates)
  // A candidate is a class when the stylesheet has a rule for exactly it (`.px-2` but not `.px-2` of `.px-2\.5`).
  const selectors = new Set([...css.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1].replace(/\\(.)/g, '$1')))
  classes = candidates.filter((c) => selectors.has(c)).sort()
}, 60_000)

describe('class merge agrees with tailwind-merge', () => {
  it('finds the app’s classes', () => {
    expect(classes.length).toBeGreaterThan(500)
    for (const c of ['px-2', 'text-sm', 'text-muted-foreground', 'hover:bg-accent', 'md:flex'])
      expect(classes).toContain(c)
  })

  it('on every pair of them, in both orders', () => {
    const differ: string[] = []
    for (const a of classes)
      for (const b of classes) {
        if (a === b) continue
        const pair = `${a} ${b}`
        const want = twMerge(pair)
        if (mergeClasses(pair) !== want) differ.push(`${pair} → ${want}`)
      }
    expect(differ.slice(0, 40), `${differ.length} pairs differ`).toEqual([])
  })
})
