// A converted screen shows no text written in its code: every visible text, placeholder, aria-label, title, alt and
// toast comes from the catalogues (issue 26). The screens checked are listed in converted.ts.
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { CONVERTED, NOT_SCANNED, SAME_IN_EVERY_LANGUAGE } from './converted'

const root = path.resolve(import.meta.dirname, '../../..')
/** Attributes a person sees or hears. */
const VISIBLE_PROPS = new Set(['placeholder', 'aria-label', 'title', 'alt', 'label', 'hint', 'description'])
/** Calls whose first argument is shown: toasts and the error toast's fallback. */
const SHOWN_CALLS = /^(toast(\.(success|error|info|warning|message))?|toastError)$/

const files = CONVERTED.flatMap((entry) => {
  const full = path.join(root, entry)
  if (!fs.statSync(full).isDirectory()) return [entry]
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|d)\.ts$/.test(f))
    .map((f) => path.join(entry, f).split(path.sep).join('/'))
}).filter((f) => !NOT_SCANNED.has(f))

/** A text that needs translating: it has letters and is not the same in every language. */
const wordy = (s: string) => /\p{L}{2,}/u.test(s) && !SAME_IN_EVERY_LANGUAGE.has(s.trim())

/** Texts written in the code of a file, as `line: text`. */
export function hardCodedTexts(source: string, file = 'x.tsx'): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const report = (node: ts.Node, text: string) =>
    found.push(`${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`)
  const literalText = (e: ts.Expression | undefined): string | null => {
    if (!e) return null
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text
    if (ts.isTemplateExpression(e)) return e.head.text + e.templateSpans.map((s) => s.literal.text).join(' ')
    if (ts.isJsxExpression(e)) return literalText(e.expression)
    if (ts.isConditionalExpression(e)) return [literalText(e.whenTrue), literalText(e.whenFalse)].join(' ')
    if (ts.isBinaryExpression(e)) return [literalText(e.left), literalText(e.right)].join(' ')
    if (ts.isParenthesizedExpression(e)) return literalText(e.expression)
    return null
  }
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && wordy(node.text)) report(node, node.text)
    if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const text = literalText(node.expression)
      if (text && wordy(text)) report(node, text)
    }
    if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(sf))) {
      const text = literalText(node.initializer as ts.Expression | undefined)
      if (text && wordy(text)) report(node, `${node.name.getText(sf)}=${text}`)
    }
    if (ts.isCallExpression(node) && SHOWN_CALLS.test(node.expression.getText(sf))) {
      for (const arg of node.arguments.slice(0, 2)) {
        const text = literalText(arg)
        if (text && wordy(text)) report(node, `${node.expression.getText(sf)}(${text})`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

describe('converted screens take every text from the catalogues', () => {
  it('finds texts written in code (the check itself)', () => {
    const sample = `export const A = () => (
      <div title="Hello there" aria-label={ok ? 'Open menu' : t('x')}>
        Welcome back {name} <span>{'Plain string'}</span> {t('ok')} · {count}
        <input placeholder="Search..." />
        <a aria-label="Microlance" />
      </div>
    )
    toast.success('Saved!'); toastError(e, 'Could not save'); toast(t('fine'))`
    expect(hardCodedTexts(sample)).toEqual([
      '2: title=Hello there',
      '2: aria-label=Open menu',
      '3: Welcome back',
      '3: Plain string',
      '4: placeholder=Search...',
      '8: toast.success(Saved!)',
      '8: toastError(Could not save)',
    ])
  })

  it.each(files)('%s', (file) => {
    expect(hardCodedTexts(fs.readFileSync(path.join(root, file), 'utf8'), file)).toEqual([])
  })
})
