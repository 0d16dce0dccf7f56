import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import path from 'node:path'
import { icuCatalogues } from './web/tooling/icu-catalogues.js'
import { precompress } from './web/tooling/precompress.js'
import { preloadStart } from './web/tooling/preload-start.js'
import { shellCss } from './web/tooling/shell-css.js'

const api = process.env.API_URL ?? 'http://localhost:3000'

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'web'),
  plugins: [
    react(),
    tailwindcss(),
    // The language catalogues, parsed here rather than in the browser (docs/decisions/065-languages.md).
    icuCatalogues({ dir: path.resolve(import.meta.dirname, 'web/src/i18n/messages') }),
    // The loading shell paints from index.html alone (docs/decisions/027-shell-paints-from-the-html.md).
    shellCss({ css: path.resolve(import.meta.dirname, 'web/src/index.css') }),
    // …and the app starts a frame after that paint, its chunks preloaded by index.html (docs/decisions/029-…).
    preloadStart({ module: '/src/start.tsx' }),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: '@common', replacement: path.resolve(import.meta.dirname, 'common') },
      { find: '@', replacement: path.resolve(import.meta.dirname, 'web/src') },
      // Messages arrive parsed (icuCatalogues), so the formatter ships without the ICU parser (ADR 065).
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: path.resolve(
          import.meta.dirname,
          'node_modules/@formatjs/icu-messageformat-parser/lib/no-parser.js',
        ),
      },
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Every browser we serve understands <link rel="modulepreload"> (Chrome and Android WebView since 66, Safari
    // since 17); an older one simply loads the modules when imported. The polyfill was 0.6 kB of the first download.
    modulePreload: { polyfill: false },
    // Routes stay lazy, but the small chunks they share (icons, badges, helpers) are copied into each route's chunk
    // rather than fetched one by one: a route is a few requests, not thirty (docs/decisions/022-web-performance.md).
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 16 * 1024 } } },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/uploads': api,
      '/socket.io': { target: api, ws: true },
    },
  },
})
