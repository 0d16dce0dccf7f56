import { describe, expect, it } from 'vitest'
import { staticFilesOf } from './preload-start'

const chunk = (fileName: string, imports: string[] = [], extra: object = {}) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  facadeModuleId: null,
  ...extra,
})

describe('staticFilesOf', () => {
  it('finds the chunk holding the module and lists it with its static imports once each, in order', () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', ['assets/web.js'], {
        facadeModuleId: '/app/web/index.html',
      }),
      'assets/web.js': chunk('assets/web.js', ['assets/runtime.js']),
      'assets/start.js': chunk('assets/start.js', ['assets/runtime.js', 'assets/react.js'], {
        moduleIds: ['/app/web/src/start.tsx', '/app/web/src/app/index.tsx'],
      }),
      'assets/react.js': chunk('assets/react.js', ['assets/runtime.js']),
      'assets/runtime.js': chunk('assets/runtime.js'),
      'assets/lazy.js': chunk('assets/lazy.js'),
      'assets/web.css': { type: 'asset' as const, fileName: 'assets/web.css' },
    }
    expect(staticFilesOf(bundle, '/src/start.tsx')).toEqual([
      'assets/start.js',
      'assets/runtime.js',
      'assets/react.js',
    ])
  })

  it('finds it by its facade too, and answers nothing for a module no chunk holds', () => {
    const bundle = {
      'assets/start.js': chunk('assets/start.js', [], { facadeModuleId: 'C:\\app\\src\\start.tsx' }),
    }
    expect(staticFilesOf(bundle, '/src/start.tsx')).toEqual(['assets/start.js'])
    expect(staticFilesOf(bundle, '/src/other.tsx')).toEqual([])
  })
})
