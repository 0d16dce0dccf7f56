// Catalogues compiled at build time by web/tooling/icu-catalogues.ts.
declare module 'virtual:i18n/*' {
  const messages: Record<string, string | import('@formatjs/icu-messageformat-parser').MessageFormatElement[]>
  export default messages
}
