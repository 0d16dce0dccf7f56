import { describe, expect, it } from 'vitest'
import { retryImport } from './retry-import'

describe('retryImport', () => {
  it('keeps fetching a chunk that failed until it arrives', async () => {
    let calls = 0
    const load = async () => {
      calls++
      if (calls < 3) throw new TypeError('Failed to fetch dynamically imported module')
      return { ok: true }
    }
    await expect(retryImport(load, [1, 1], null)).resolves.toEqual({ ok: true })
    expect(calls).toBe(3)
  })
  it('tries again at once when the browser comes back online', async () => {
    const events = new EventTarget()
    let calls = 0
    const load = async () => {
      calls++
      if (calls === 1) throw new TypeError('offline')
      return 'loaded'
    }
    // A long delay: only the online event can bring the second attempt in time.
    const result = retryImport(load, [60_000], events as unknown as Window)
    await new Promise((r) => setTimeout(r, 10))
    expect(calls).toBe(1)
    events.dispatchEvent(new Event('online'))
    await expect(result).resolves.toBe('loaded')
    expect(calls).toBe(2)
  })
})
