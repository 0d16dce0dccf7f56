// The two catalogues say the same things: the same keys, each message valid ICU MessageFormat with the same arguments
// and the same kind of each (plural, select, number…), and the Hindi written in Devanagari.
import fs from 'node:fs'
import path from 'node:path'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '@common/languages'
import { AREAS, areaOf } from './areas'

const dir = path.resolve(import.meta.dirname, 'messages')
const readArea = (lang: string, area: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, lang, `${area}.json`), 'utf8')) as Record<string, string>
/** One language's messages, all areas together. */
const read = (lang: string) =>
  Object.assign({}, ...AREAS.map((a) => readArea(lang, a))) as Record<string, string>
const catalogues = Object.fromEntries(LANGUAGES.map((l) => [l, read(l)]))

/** Every argument a message uses, with its kind: "count:plural", "name:argument". */
function argumentsOf(els: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const e of els) {
    if (e.type === TYPE.literal || e.type === TYPE.pound) continue
    if ('value' in e && typeof e.value === 'string') out.add(`${e.value}:${TYPE[e.type]}`)
    if ('options' in e)
      for (const o of Object.values(e.options as Record<string, { value: MessageFormatElement[] }>))
        argumentsOf(o.value, out)
    if (e.type === TYPE.tag) argumentsOf(e.children, out)
  }
  return out
}

describe('language catalogues', () => {
  it('are one file per area in each language, and each key sits in the file of its area', () => {
    for (const l of LANGUAGES) {
      expect(fs.readdirSync(path.join(dir, l)).sort(), l).toEqual(AREAS.map((a) => `${a}.json`).sort())
      const seen = new Set<string>()
      for (const a of AREAS)
        for (const key of Object.keys(readArea(l, a))) {
          expect(areaOf(key), `${l}/${a}.json: ${key}`).toBe(a)
          expect(seen.has(key), `${key} twice`).toBe(false)
          seen.add(key)
        }
    }
    // keys.ts names every area's English file, so a key in any of them type-checks.
    const keys = fs.readFileSync(path.join(import.meta.dirname, 'keys.ts'), 'utf8')
    for (const a of AREAS) expect(keys, `keys.ts imports ${a}.json`).toContain(`./messages/en-IN/${a}.json'`)
  })

  it('both have exactly the same keys', () => {
    const en = Object.keys(catalogues['en-IN']).sort()
    const hi = Object.keys(catalogues['hi-IN']).sort()
    expect(
      en.filter((k) => !hi.includes(k)),
      'in English only',
    ).toEqual([])
    expect(
      hi.filter((k) => !en.includes(k)),
      'in Hindi only',
    ).toEqual([])
    expect(en.length).toBeGreaterThan(50)
  })

  it('every message is valid ICU MessageFormat with the same arguments in both languages', () => {
    for (const key of Object.keys(catalogues['en-IN'])) {
      const args = LANGUAGES.map((l) => {
        const message = catalogues[l][key]
        expect(message?.trim(), `${l} ${key} is empty`).toBeTruthy()
        let els: MessageFormatElement[] = []
        expect(
          () => (els = parse(message, { ignoreTag: true, requiresOtherClause: true })),
          `${l} ${key}`,
        ).not.toThrow()
        return [...argumentsOf(els)].sort()
      })
      expect(args[1], `arguments of ${key}`).toEqual(args[0])
    }
  })

  it('Hindi is written in Devanagari, not left in English or transliterated', () => {
    const latinOnly = Object.entries(catalogues['hi-IN']).filter(
      ([, m]) => /[a-z]{3}/i.test(m.replace(/\{[^{}]*\}/g, '')) && !/[\u0900-\u097F]/.test(m),
    )
    // A brand or a file type may stay as it is; a sentence may not.
    expect(latinOnly.map(([k]) => k)).toEqual([])
  })
})
