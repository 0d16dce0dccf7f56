import { describe, expect, it } from 'vitest'
import { createBatcher } from './batcher'

const tick = () => new Promise((r) => setImmediate(r))

describe('createBatcher', () => {
  it('runs the items submitted in one turn as one batch, answering each in order', async () => {
    const batches: number[][] = []
    const b = createBatcher<number, number>(
      async (items) => {
        batches.push(items)
        return items.map((n) => n * 10)
      },
      { maxBatch: 100, maxInFlight: 2 },
    )
    const answers = await Promise.all([1, 2, 3].map((n) => b.submit(n)))
    expect(answers).toEqual([10, 20, 30])
    expect(batches).toEqual([[1, 2, 3]])
  })

  it('fails only the item answered with an Error, and every item when the batch throws', async () => {
    const b = createBatcher<number, number>(
      async (items) => {
        if (items.includes(99)) throw new Error('statement broke')
        return items.map((n) => (n === 2 ? new Error('not this one') : n))
      },
      { maxBatch: 100, maxInFlight: 1 },
    )
    const settled = await Promise.allSettled([1, 2, 3].map((n) => b.submit(n)))
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((settled[1] as PromiseRejectedResult).reason.message).toBe('not this one')
    const all = await Promise.allSettled([4, 99].map((n) => b.submit(n)))
    expect(all.map((s) => (s as PromiseRejectedResult).reason?.message)).toEqual([
      'statement broke',
      'statement broke',
    ])
  })

  it('keeps at most maxInFlight batches running; what arrives meanwhile leaves together, in batches of maxBatch', async () => {
    const batches: number[][] = []
    const release: (() => void)[] = []
    let running = 0
    let most = 0
    const b = createBatcher<number, number>(
      async (items) => {
        batches.push(items)
        most = Math.max(most, ++running)
        await new Promise<void>((r) => release.push(r))
        running--
        return items
      },
      { maxBatch: 3, maxInFlight: 1 },
    )
    const first = b.submit(0)
    await tick()
    expect(b.inFlight).toBe(1)
    // Seven more arrive while the first batch runs: they wait.
    const rest = [1, 2, 3, 4, 5, 6, 7].map((n) => b.submit(n))
    await tick()
    expect(batches).toEqual([[0]])
    release.shift()!()
    await first
    for (let i = 0; i < 3; i++) {
      while (!release.length) await tick()
      release.shift()!()
    }
    expect(await Promise.all(rest)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(batches).toEqual([[0], [1, 2, 3], [4, 5, 6], [7]])
    expect(most).toBe(1)
    expect(b.inFlight).toBe(0)
  })

  it('rejects items a batch left unanswered', async () => {
    const b = createBatcher<number, number>(async (items) => items.slice(0, 1), {
      maxBatch: 10,
      maxInFlight: 1,
    })
    const settled = await Promise.allSettled([1, 2].map((n) => b.submit(n)))
    expect(settled[0]).toEqual({ status: 'fulfilled', value: 1 })
    expect(settled[1].status).toBe('rejected')
  })
})
