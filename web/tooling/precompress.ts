// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the build, once, at the highest levels, so
// the server sends compressed files without compressing on every request (docs/decisions/022-web-performance.md).
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text types worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/
/** Below this a compressed copy saves less than the headers it costs. */
export const MIN_BYTES = 512

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.')) return [] // .vite/manifest.json is not served
    const full = path.join(dir, e.name)
    return e.isDirectory() ? listFiles(full) : [full]
  })
}

/** Compresses every text file under `dir`; a copy is kept only when it is smaller than the file. */
export async function precompressDir(dir: string): Promise<number> {
  let written = 0
  const files = listFiles(dir).filter((f) => COMPRESSIBLE.test(f) && fs.statSync(f).size >= MIN_BYTES)
  await Promise.all(
    files.map(async (file) => {
      const data = await fs.promises.readFile(file)
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: 9 }),
      ])
      for (const [ext, out] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (out.length < data.length) {
          await fs.promises.writeFile(file + ext, out)
          written++
        }
      }
    }),
  )
  return written
}

/** Vite plugin: precompresses the finished build output. */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'microlance:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      await precompressDir(outDir)
    },
  }
}
