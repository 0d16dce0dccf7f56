// The app's ICU formatter (icu.ts) against intl-messageformat, which it replaced in the browser (ADR 079): every
// message of every catalogue, in its language, with numbers and choices that reach each of its branches.
import fs from 'node:fs'
import path from 'node:path'
import { IntlMessageFormat } from 'intl-messageformat'
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { compileCatalogue, compileMessage } from '../../tooling/icu-catalogues'
import { createFormatter, type IcuValues } from './icu'

const dir = path.resolve(import.meta.dirname, 'messages')

/** Every argument a message names, with the values to try for it. */
function argumentsOf(els: MessageFormatElement[], into = new Map<string, (string | number)[]>()) {
  const add = (name: string, vs: (string | number)[]) => into.set(name, [...(into.get(name) ?? []), ...vs])
  for (const el of els) {
    if (el.type === TYPE.argument) add(el.value, ['Asha', 42])
    if (el.type === TYPE.number) add(el.value, [0, 1234567.5])
    if (el.type === TYPE.plural) {
      add(el.value, [0, 1, 2, 5, 21, 100000, 1.5])
      for (const k of Object.keys(el.options)) if (k.startsWith('=')) add(el.value, [Number(k.slice(1))])
    }
    if (el.type === TYPE.select) add(el.value, [...Object.keys(el.options), 'something-else'])
    if (el.type === TYPE.select || el.type === TYPE.plural)
      for (const o of Object.values(el.options)) argumentsOf(o.value, into)
  }
  return into
}

describe('the ICU formatter', () => {
  const languages = fs.readdirSync(dir).filter((d) => /^[a-z]{2}-[A-Z]{2}$/.test(d))
  it.each(languages)('formats every %s message as intl-messageformat does', (language) => {
    let checked = 0
    for (const file of fs.readdirSync(path.join(dir, language))) {
      const catalogue = compileCatalogue(JSON.parse(fs.readFileSync(path.join(dir, language, file), 'utf8')))
      for (const [key, message] of Object.entries(catalogue)) {
        if (typeof message === 'string') continue
        const args = argumentsOf(message)
        const ours = createFormatter(message, language)
        const theirs = new IntlMessageFormat(message, language, undefined, { ignoreTag: true })
        const tries = Math.max(...[...args.values()].map((v) => v.length))
        for (let i = 0; i < tries; i++) {
          const values: IcuValues = {}
          let j = 0
          for (const [name, vs] of args) values[name] = vs[(i + j++) % vs.length]
          expect(ours(values), `${language} ${key} ${JSON.stringify(values)}`).toBe(
            String(theirs.format(values)),
          )
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(100)
  })

  it('plurals in Hindi and English, with `#` in the language’s digits grouping', () => {
    const f = (m: string, l: string) => createFormatter(compileMessage(m) as MessageFormatElement[], l)
    expect(f('{n, plural, one {# job} other {# jobs}}', 'en-IN')({ n: 1 })).toBe('1 job')
    expect(f('{n, plural, one {# job} other {# jobs}}', 'en-IN')({ n: 150000 })).toBe('1,50,000 jobs')
    expect(f('{n, plural, one {# नौकरी} other {# नौकरियाँ}}', 'hi-IN')({ n: 0 })).toBe('0 नौकरी')
    expect(f('{n, plural, =0 {none} one {# more} other {# more}}', 'en-IN')({ n: 0 })).toBe('none')
    expect(f('{n, plural, offset:1 one {you and # other} other {you and # others}}', 'en-IN')({ n: 3 })).toBe(
      'you and 2 others',
    )
    expect(
      f('{who, select, client {Client {name}} other {{name}}}', 'en-IN')({ who: 'x', name: 'Ravi' }),
    ).toBe('Ravi')
    expect(() => f('Hi {name}', 'en-IN')({})).toThrow(/name/)
  })
})

describe('the catalogue compiler', () => {
  it('refuses what the formatter does not format', () => {
    expect(() => compileMessage('{d, date, short}')).toThrow(/not supported/)
    expect(() => compileMessage('{t, time}')).toThrow(/not supported/)
    expect(() => compileMessage('{n, number, percent}')).toThrow(/not supported/)
    expect(() => compileMessage('{n, plural, one {{d, date}} other {x}}')).toThrow(/not supported/)
    expect(compileMessage('{n, number} left')).not.toBeTypeOf('string')
  })
})
