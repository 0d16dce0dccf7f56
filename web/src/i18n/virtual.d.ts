// Catalogues compiled at build time by web/tooling/icu-catalogues.ts.
declare module 'virtual:i18n/loaders' {
  type Messages = Record<string, string | import('@formatjs/icu-messageformat-parser').MessageFormatElement[]>
  const loaders: Record<
    import('@common/languages').Language,
    Record<import('./areas').Area, () => Promise<{ default: Messages }>>
  >
  export default loaders
}
declare module 'virtual:i18n/*' {
  const messages: Record<string, string | import('@formatjs/icu-messageformat-parser').MessageFormatElement[]>
  export default messages
}
