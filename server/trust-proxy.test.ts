import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestCtx } from './test/helpers'

// Behind a load balancer on another host, the client's address comes from X-Forwarded-For, but only when the
// request arrives from an address in TRUST_PROXY; anyone else's header is ignored.
let ctx: TestCtx
beforeAll(async () => {
  ctx = await createTestApp({ TRUST_PROXY: '10.0.0.5' })
})
afterAll(() => ctx?.close())

const sendFrom = (remoteAddress: string, email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/send-otp',
    remoteAddress,
    headers: { 'x-forwarded-for': '203.0.113.9' },
    payload: { email, fullname: 'Proxy Test' },
  })
const ipOf = async (email: string) =>
  ((await ctx.database.db.execute(sql`select ip from otp_sends where email = ${email}`)).rows[0] as any)?.ip

describe('TRUST_PROXY', () => {
  it('believes X-Forwarded-For from a trusted proxy and no one else', async () => {
    expect((await sendFrom('10.0.0.5', 'via-proxy@example.in')).statusCode).toBe(200)
    expect(await ipOf('via-proxy@example.in')).toBe('203.0.113.9')
    expect((await sendFrom('10.0.0.6', 'direct@example.in')).statusCode).toBe(200)
    expect(await ipOf('direct@example.in')).toBe('10.0.0.6')
  })
})
