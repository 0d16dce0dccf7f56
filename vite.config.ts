import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import path from 'node:path'
import { precompress } from './web/tooling/precompress.js'
import { preloadStart } from './web/tooling/preload-start.js'
import { shellCss } from './web/tooling/shell-css.js'

const api = process.env.API_URL ?? 'http://localhost:3000'

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'web'),
  plugins: [
    react(),
    tailwindcss(),
    // The loading shell paints from index.html alone (docs/decisions/027-shell-paints-from-the-html.md).
    shellCss({ css: path.resolve(import.meta.dirname, 'web/src/index.css') }),
    // …and the app starts a frame after that paint, its chunks preloaded by index.html (docs/decisions/029-…).
    preloadStart({ module: '/src/start.tsx' }),
    precompress(),
  ],
  resolve: {
    alias: {
      '@common': path.resolve(import.meta.dirname, 'common'),
      '@': path.resolve(import.meta.dirname, 'web/src'),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
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
