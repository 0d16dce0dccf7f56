// Formats the messages that have arguments (plurals, choices, names, numbers), in its own chunk. The catalogues
// arrive already parsed (web/tooling/icu-catalogues.ts), so this only walks the parsed message: what
// intl-messageformat's `format` did for the parts of ICU MessageFormat the catalogues use — arguments, `number`,
// `select`, `plural` (with `=n`, offsets and `#`) — in a fraction of its size (ADR 079). The build rejects a message
// that uses anything else (dates, times, number styles, tags), so nothing reaches here that this cannot format.
import type {
  ArgumentElement,
  LiteralElement,
  MessageFormatElement,
  PluralElement,
  SelectElement,
} from '@formatjs/icu-messageformat-parser'

export type IcuValues = Record<string, string | number | Date>

const numberFormats = new Map<string, Intl.NumberFormat>()
const pluralRules = new Map<string, Intl.PluralRules>()
const numberFormat = (locale: string) => {
  let f = numberFormats.get(locale)
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(locale)))
  return f
}

function valueOf(values: IcuValues | undefined, name: string): string | number | Date {
  // As intl-messageformat: a message without the value it names is a mistake, not an empty string.
  if (!values || !(name in values)) throw new Error(`The message needs the value "${name}"`)
  return values[name]
}

function format(
  els: MessageFormatElement[],
  locale: string,
  values: IcuValues | undefined,
  pluralValue?: number,
): string {
  let out = ''
  for (const element of els) {
    // The parser's TYPE numbers (literal 0, argument 1, number 2, select 5, plural 6, pound 7), written out: importing
    // its enum would bring the parser's module into the chunk.
    switch (element.type as number) {
      case 0:
        out += (element as LiteralElement).value
        break
      case 7:
        if (pluralValue !== undefined) out += numberFormat(locale).format(pluralValue)
        break
      case 1:
        out += String(valueOf(values, (element as ArgumentElement).value))
        break
      case 2:
        out += numberFormat(locale).format(valueOf(values, (element as ArgumentElement).value) as number)
        break
      case 5: {
        const el = element as SelectElement
        const value = valueOf(values, el.value)
        const option = el.options[String(value)] ?? el.options.other
        if (!option) throw new Error(`The message has no choice for "${el.value}" = ${String(value)}`)
        out += format(option.value, locale, values)
        break
      }
      case 6: {
        const el = element as PluralElement
        const value = Number(valueOf(values, el.value))
        const offset = el.offset || 0
        let option = el.options[`=${value}`]
        if (!option) {
          const id = `${locale}\u0000${el.pluralType}`
          let rules = pluralRules.get(id)
          if (!rules) pluralRules.set(id, (rules = new Intl.PluralRules(locale, { type: el.pluralType })))
          option = el.options[rules.select(value - offset)] ?? el.options.other
        }
        out += format(option.value, locale, values, value - offset)
        break
      }
      default:
        throw new Error(`The message uses ICU element type ${element.type}, which the app does not format`)
    }
  }
  return out
}

export function createFormatter(ast: MessageFormatElement[], locale: string) {
  return (values: IcuValues | undefined) => format(ast, locale, values)
}
