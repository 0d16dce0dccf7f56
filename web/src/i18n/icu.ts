// The ICU MessageFormat formatter, in its own chunk: only messages with arguments (plurals, names, numbers) need it,
// and the catalogues arrive already parsed, so it is built without the parser (vite.config.ts aliases it away).
import { IntlMessageFormat } from 'intl-messageformat'
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'

export type IcuValues = Record<string, string | number | Date>

export function createFormatter(ast: MessageFormatElement[], locale: string) {
  const f = new IntlMessageFormat(ast, locale, undefined, { ignoreTag: true })
  return (values: IcuValues | undefined) => String(f.format(values))
}
