// Catalogues compiled at build time by web/tooling/icu-catalogues.ts.
type CompiledMessages = Record<
  string,
  string | import('@formatjs/icu-messageformat-parser').MessageFormatElement[]
>
declare module 'virtual:i18n/loaders' {
  /** Each language's core catalogue, whose module also names the language's other areas. */
  const loaders: Record<
    import('@common/languages').Language,
    () => Promise<{
      default: CompiledMessages
      areas: Record<Exclude<import('./areas').Area, 'core'>, () => Promise<{ default: CompiledMessages }>>
    }>
  >
  export default loaders
}
declare module 'virtual:i18n/*' {
  const messages: CompiledMessages
  export default messages
}
