import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, anotherInstance, type TestCtx } from '../test/helpers'
import { advanceClock, dbNow, resetClock } from './clock'

describe('the shared clock (ADR 055)', () => {
  let ctx: TestCtx
  beforeAll(async () => {
    ctx = await createTestApp({ TEST_CLOCK: '1' })
  })
  afterAll(() => ctx.close())

  it('is the database time until a test moves it, then moved for every statement', async () => {
    const db = ctx.database.db
    const before = await dbNow(db)
    expect(Math.abs(before.getTime() - Date.now())).toBeLessThan(60_000)
    expect(await advanceClock(db, 3 * 24 * 3600_000)).toBe(3 * 24 * 3600_000)
    const moved = await dbNow(db)
    expect(moved.getTime() - before.getTime()).toBeGreaterThanOrEqual(3 * 24 * 3600_000)
    expect(moved.getTime() - before.getTime()).toBeLessThan(3 * 24 * 3600_000 + 60_000)
    await resetClock(db)
    expect(Math.abs((await dbNow(db)).getTime() - Date.now())).toBeLessThan(60_000)
  })

  it('POST /api/v1/test/clock moves it for every statement on the database', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/test/clock',
      payload: { advanceMs: 7_200_000 },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().offsetMs).toBe(7_200_000)
    expect(new Date(res.json().now).getTime() - Date.now()).toBeGreaterThan(7_100_000)
    expect((await dbNow(ctx.database.db)).getTime() - Date.now()).toBeGreaterThan(7_100_000)
    if (process.env.DATABASE_URL) {
      // Another instance on the same PostgreSQL schema sees the same moved clock.
      const other = await anotherInstance(ctx)
      try {
        expect((await dbNow(other.database.db)).getTime() - Date.now()).toBeGreaterThan(7_100_000)
      } finally {
        await other.close()
      }
    }
    const back = await ctx.app.inject({ method: 'POST', url: '/api/v1/test/clock', payload: { reset: true } })
    expect(back.json().offsetMs).toBe(0)
  })

  it('answers a bad move with a 400, and does not exist without TEST_CLOCK=1', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/test/clock',
      payload: { advanceMs: -5 },
    })
    expect(bad.statusCode).toBe(400)
    const plain = await createTestApp()
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/v1/test/clock',
        payload: { advanceMs: 5 },
      })
      expect(res.statusCode).toBe(404)
    } finally {
      await plain.close()
    }
  })
})
