// The language catalogues, compiled when the app is built (docs/decisions/065-languages.md, 068): each message of
// web/src/i18n/messages/<language>/<area>.json is parsed as ICU MessageFormat here, so the browser gets either the
// plain text (no arguments) or the parsed message, and never needs the parser. Imported as
// `virtual:i18n/<language>/<area>`, one lazy chunk each: `virtual:i18n/loaders` (in the first download) imports each
// language's core, and each core module's `areas` imports that language's other areas.
import fs from 'node:fs'
import path from 'node:path'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'
import { AREAS } from '../src/i18n/areas.js'

const PREFIX = 'virtual:i18n/'
const RESOLVED = '\0' + PREFIX

export type CompiledMessage = string | MessageFormatElement[]

/** Drops what the browser does not need from a parsed message (source locations). */
function strip(els: MessageFormatElement[]): MessageFormatElement[] {
  return JSON.parse(JSON.stringify(els, (k, v) => (k === 'location' ? undefined : v)))
}

/**
 * Throws on a part of ICU MessageFormat the app's formatter (web/src/i18n/icu.ts) does not format: dates, times,
 * number styles. Formats of those belong in web/src/i18n/format.ts, called by the screen.
 */
function checkSupported(els: MessageFormatElement[]) {
  for (const el of els) {
    if (el.type === TYPE.date || el.type === TYPE.time || el.type === TYPE.tag)
      throw new Error(
        `{${'value' in el ? el.value : ''}, ${TYPE[el.type]}} is not supported: format it in the screen`,
      )
    if (el.type === TYPE.number && el.style)
      throw new Error(`{${el.value}, number, …} with a style is not supported: format it in the screen`)
    if (el.type === TYPE.select || el.type === TYPE.plural)
      for (const option of Object.values(el.options)) checkSupported(option.value)
  }
}

/** One message: its plain text when it has no arguments, else the parsed message. Throws on a syntax error. */
export function compileMessage(message: string): CompiledMessage {
  const els = parse(message, { ignoreTag: true, requiresOtherClause: true })
  checkSupported(els)
  if (els.every((e) => e.type === TYPE.literal))
    return els.map((e) => (e as { value: string }).value).join('')
  return strip(els)
}

export function compileCatalogue(messages: Record<string, string>, file = 'catalogue') {
  const out: Record<string, CompiledMessage> = {}
  for (const [key, message] of Object.entries(messages)) {
    try {
      out[key] = compileMessage(message)
    } catch (e) {
      throw new Error(`${file}: message "${key}" is not valid ICU MessageFormat: ${(e as Error).message}`)
    }
  }
  return out
}

/** The languages that have a catalogue folder. */
export function cataloguedLanguages(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^[a-z]{2}-[A-Z]{2}$/.test(d.name))
    .map((d) => d.name)
    .sort()
}

export function icuCatalogues({ dir }: { dir: string }): Plugin {
  return {
    name: 'icu-catalogues',
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null
      const name = id.slice(RESOLVED.length)
      if (name === 'loaders') {
        // Only each language's core is in the first download's table; core's own module names the other areas.
        const table = cataloguedLanguages(dir).map(
          (language) =>
            `${JSON.stringify(language)}: () => import(${JSON.stringify(`${PREFIX}${language}/core`)})`,
        )
        return `export default {${table.join(', ')}}`
      }
      const [language, area] = name.split('/')
      if (!/^[a-z]{2}-[A-Z]{2}$/.test(language) || !(AREAS as readonly string[]).includes(area))
        throw new Error(`no catalogue named ${name}`)
      const file = path.join(dir, language, `${area}.json`)
      this.addWatchFile(file)
      const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>
      const compiled = `export default ${JSON.stringify(compileCatalogue(messages, file))}`
      if (area !== 'core') return compiled
      const others = AREAS.filter((a) => a !== 'core').map(
        (a) => `${a}: () => import(${JSON.stringify(`${PREFIX}${language}/${a}`)})`,
      )
      return `${compiled}\nexport const areas = {${others.join(', ')}}`
    },
  }
}
