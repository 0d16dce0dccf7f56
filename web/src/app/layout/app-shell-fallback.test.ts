import fs from 'node:fs'
import path from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AppShellFallback } from './app-shell-fallback'

const indexHtml = path.resolve(import.meta.dirname, '../../../index.html')
/** Markup without the line breaks and indentation the formatter adds, which do not change what is shown. */
const normalise = (html: string) =>
  html.replace(/\s+/g, ' ').replace(/>\s+</g, '><').replace(/\s+>/g, '>').trim()

describe('the first paint', () => {
  it('index.html already holds the loading shell React renders first, so nothing changes when React takes over', () => {
    const html = fs.readFileSync(indexHtml, 'utf8')
    const inRoot = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(html)?.[1]
    expect(normalise(inRoot ?? '')).toBe(normalise(renderToStaticMarkup(createElement(AppShellFallback))))
  })
})
