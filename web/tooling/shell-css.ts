// The loading shell paints from the HTML alone (docs/decisions/027-shell-paints-from-the-html.md): the CSS its classes
// need is compiled by the same Tailwind from the same index.css and written into index.html's head, and the app's
// stylesheet moves to the end of <body>, where it no longer holds back the paint of the shell above it but still holds
// back the module scripts (a script waits for the stylesheets before it), so React never renders unstyled.
import fs from 'node:fs'
import path from 'node:path'
import { compile, optimize } from '@tailwindcss/node'
import type { Plugin } from 'vite'

/** The markup inside `#root` (the painted shell, ADR 024), or undefined when index.html has none. */
export function shellMarkup(html: string): string | undefined {
  return /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(html)?.[1]
}

/** The class names the shell's markup uses, each once. */
export function shellClasses(markup: string): string[] {
  const names = [...markup.matchAll(/\bclass="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/))
  return [...new Set(names.filter(Boolean))]
}

/** Tailwind's CSS for just these classes (with its base styles and the theme they use), minified. */
export async function compileShellCss(cssFile: string, classes: string[]): Promise<string> {
  const compiler = await compile(fs.readFileSync(cssFile, 'utf8'), {
    base: path.dirname(cssFile),
    onDependency: () => {},
  })
  return optimize(compiler.build(classes), { minify: true }).code.trim()
}

/**
 * index.html with `css` in a `<style>` at the end of its head and its stylesheet links moved to the end of its body.
 * Throws when the CSS could end the element early.
 */
export function inlineShellCss(html: string, css: string): string {
  if (/<\/style/i.test(css)) throw new Error('the shell CSS contains "</style"')
  const head = /<head>[\s\S]*?<\/head>/.exec(html)
  if (!head || !html.includes('</body>')) throw new Error('index.html has no <head> or no </body>')
  const links = head[0].match(/\s*<link\b[^>]*\brel="stylesheet"[^>]*>/g) ?? []
  let newHead = head[0]
  for (const link of links) newHead = newHead.replace(link, '')
  newHead = newHead.replace('</head>', `  <style>${css}</style>\n  </head>`)
  const moved = links.map((l) => `  ${l.trim()}\n`).join('')
  return html.replace(head[0], newHead).replace('</body>', `${moved}  </body>`)
}

/** Vite plugin (build only): inlines the shell's CSS into index.html and moves the stylesheet to the end of the body. */
export function shellCss(options: { css: string }): Plugin {
  return {
    name: 'microlance:shell-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const markup = shellMarkup(html)
        if (!markup) throw new Error('index.html has no painted shell inside #root')
        return inlineShellCss(html, await compileShellCss(options.css, shellClasses(markup)))
      },
    },
  }
}
