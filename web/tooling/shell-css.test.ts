import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileShellCss, inlineShellCss, shellClasses, shellMarkup } from './shell-css'

const web = path.resolve(import.meta.dirname, '..')
const indexHtml = fs.readFileSync(path.join(web, 'index.html'), 'utf8')
const indexCss = path.join(web, 'src/index.css')

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <title>Microlance</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/web-1.css">
  </head>
  <body>
    <div id="root"><div class="flex gap-4"><span class="text-xl">Microlance</span></div></div>
    <noscript>Microlance needs JavaScript to run.</noscript>
  </body>
</html>`

describe("the shell's own CSS", () => {
  it("finds the painted shell's classes in index.html", () => {
    const classes = shellClasses(shellMarkup(indexHtml) ?? '')
    expect(classes).toEqual(expect.arrayContaining(['min-h-dvh', 'fill-primary', 'animate-spin']))
    expect(new Set(classes).size).toBe(classes.length)
    expect(shellMarkup('<div id="app"></div>')).toBeUndefined()
  })

  it('puts the CSS in the head and moves the stylesheet after the shell, at the end of the body', () => {
    const html = inlineShellCss(BUILT, '.flex{display:flex}')
    const head = html.slice(0, html.indexOf('</head>'))
    const body = html.slice(html.indexOf('<body>'))
    expect(head).toContain('<style>.flex{display:flex}</style>')
    expect(head).not.toContain('rel="stylesheet"')
    // Scripts and preloads stay where they were.
    expect(head).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>')
    expect(head).toContain('rel="modulepreload"')
    expect(body.indexOf('<link rel="stylesheet" crossorigin href="/assets/web-1.css">')).toBeGreaterThan(
      body.indexOf('<noscript>'),
    )
    expect(body.indexOf('web-1.css')).toBeLessThan(body.indexOf('</body>'))
    expect(html.match(/web-1\.css/g)).toHaveLength(1)
  })

  it('refuses CSS that could close the style element, and HTML without a head or body', () => {
    expect(() => inlineShellCss(BUILT, 'a{content:"</style><script>"}')).toThrow(/<\/style/)
    expect(() => inlineShellCss('<div id="root"></div>', '')).toThrow(/head/)
  })

  it("compiles just the shell's classes from index.css, with the theme values they use", async () => {
    const css = await compileShellCss(indexCss, shellClasses(shellMarkup(indexHtml) ?? ''))
    for (const rule of [
      '.min-h-dvh{min-height:100dvh}',
      '.fill-primary{fill:var(--color-primary)}',
      '.animate-spin{animation:var(--animate-spin)}',
      '--color-primary:#4f46e5',
      '--color-muted-foreground:#64748b',
      '@keyframes spin',
    ])
      expect(css).toContain(rule)
    // The page's background is there from the first paint (index.css sets it on body).
    expect(css).toMatch(/body\{[^}]*background-color:var\(--color-canvas\)/)
    // Nothing the shell does not use: no other utilities.
    expect(css).not.toContain('.bg-primary')
    expect(css).not.toContain('.grid')
    expect(css.length).toBeLessThan(10_000)
  })
})
