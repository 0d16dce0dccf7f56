// The entry (main.tsx) starts the app a frame after the shell is painted, through a dynamic import of start.tsx
// (docs/decisions/029-paint-before-the-app-starts.md). Vite names only an entry's static imports in index.html, so
// this plugin adds `<link rel="modulepreload">` for the start chunk and everything it statically imports: the browser
// fetches the app while it paints, and the size budget (which reads index.html) still counts it as the first download.
import type { Plugin } from 'vite'

interface ChunkLike {
  type: 'chunk' | 'asset'
  fileName: string
  facadeModuleId?: string | null
  moduleIds?: string[]
  imports?: string[]
}

/** The files of the chunk holding the module whose id ends with `moduleSuffix`, with its static imports, in order. */
export function staticFilesOf(bundle: Record<string, ChunkLike>, moduleSuffix: string): string[] {
  const ends = (id?: string | null) => !!id && id.replace(/\\/g, '/').endsWith(moduleSuffix)
  const start = Object.values(bundle).find(
    (c) => c.type === 'chunk' && (ends(c.facadeModuleId) || (c.moduleIds ?? []).some(ends)),
  )
  if (!start) return []
  const out: string[] = []
  const visit = (file: string) => {
    if (out.includes(file)) return
    out.push(file)
    for (const i of bundle[file]?.imports ?? []) visit(i)
  }
  visit(start.fileName)
  return out
}

/** Vite plugin (build only): index.html preloads the chunk of `module` (a path under the web root) and its imports. */
export function preloadStart(options: { module: string }): Plugin {
  return {
    name: 'microlance:preload-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html
        const files = staticFilesOf(ctx.bundle as unknown as Record<string, ChunkLike>, options.module)
        if (!files.length) throw new Error(`no chunk was built from ${options.module}`)
        const already = new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]))
        return files
          .filter((f) => !already.has(f))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head' as const,
          }))
      },
    },
  }
}
