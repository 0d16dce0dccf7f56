import { describe, expect, it, vi } from 'vitest'

describe('zod without JIT (CSP: no eval)', () => {
  it('is jitless when zod loads after the module has run', async () => {
    vi.resetModules()
    delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig
    await import('./zod-jitless')
    const { z } = await import('zod')
    expect(z.config().jitless).toBe(true)
    // A schema built afterwards still parses (the slow path).
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' })
  })
})
