import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { collect, connectAs, listenLocal, type ClientSocket } from '../../test/sockets'
import { money } from '../../i18n'
import { chatRepo } from '../chat/chat.repo'
import { notificationsService } from './notifications.service'

/**
 * A live notification in its reader's language costs no extra round trip (ADR 078): `record` learns the recipient's
 * language from its own insert, the chat send from its one statement.
 */
let ctx: TestCtx
let url: string
let asha: Session // reads Hindi
let ravi: Session // reads English
const sockets: ClientSocket[] = []

beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha.push@example.in', fullname: 'Asha Iyer', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi.push@example.in', fullname: 'Ravi sent you a message' })
  const res = await injectAs(ctx.app, asha, {
    method: 'PATCH',
    url: '/api/v1/user/preferences',
    payload: { language: 'hi-IN' },
  })
  expect(res.statusCode).toBe(200)
  url = await listenLocal(ctx.app)
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await ctx?.close()
})
afterEach(() => {
  vi.restoreAllMocks()
})

const open = async (s: Session) => {
  const sock = await connectAs(url, s)
  sockets.push(sock)
  return sock
}

describe('record(): one statement writes the row and reads the reader’s language', () => {
  it('pushes in Hindi to a Hindi reader and in English to an English one, with one query each', async () => {
    const toAsha = collect(await open(asha), 'receiveNotification')
    const toRavi = collect(await open(ravi), 'receiveNotification')
    const queries: number[] = []
    await ctx.database.db.transaction(async (tx) => {
      // Every drizzle statement of this transaction goes through its session's prepareQuery.
      const spy = vi.spyOn((tx as any).session, 'prepareQuery')
      for (const who of [asha, ravi]) {
        const before = spy.mock.calls.length
        await notificationsService.record(tx, {
          userId: who.user._id,
          type: 'payment_released',
          key: 'notifications.payout.onItsWay',
          params: { amount: money(15000000), title: 'Shop signboard' },
        })
        queries.push(spy.mock.calls.length - before)
      }
    })
    expect(queries).toEqual([1, 1])
    const [hi] = await toAsha.until(1)
    expect(hi.message).toBe('“Shop signboard” के ₹1,50,000 आपके बैंक खाते में भेजे जा रहे हैं')
    const [en] = await toRavi.until(1)
    expect(en.message).toBe('₹1,50,000.00 for “Shop signboard” is on its way to your bank')
  })
})

describe('chat: the “sent you a message” row has its key, and the send reads the receiver’s language', () => {
  it('stores notifications.message.new with the sender’s name; renders exactly even for a name like a template', async () => {
    const toAsha = collect(await open(asha), 'receiveNotification')
    const sent = await injectAs(ctx.app, ravi, {
      method: 'POST',
      url: '/api/v1/chat/send',
      payload: { receiver: asha.user._id, content: 'Namaste' },
    })
    expect(sent.statusCode).toBe(201)
    const { rows } = await ctx.database.db.execute(
      sql`select message, message_key, message_params from notifications
           where user_id = ${asha.user._id}::uuid and type = 'message'`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      message: 'Ravi sent you a message sent you a message',
      message_key: 'notifications.message.new',
      message_params: { name: 'Ravi sent you a message' },
    })
    const [live] = await toAsha.until(1)
    expect(live.message).toBe('Ravi sent you a message ने आपको एक संदेश भेजा')
    const list = (await injectAs(ctx.app, asha, { method: 'GET', url: '/api/v1/notification' })).json()
    expect(list.notifications[0].message).toBe('Ravi sent you a message ने आपको एक संदेश भेजा')
  })

  it('the batched send answers with each receiver’s language', async () => {
    const at = new Date()
    const base = { sessionHash: null, jobId: null, at, offPlatform: false }
    const out = await chatRepo.sendMany(ctx.database.db, [
      { ...base, senderId: asha.user._id, receiverId: ravi.user._id, content: 'one' },
      { ...base, senderId: ravi.user._id, receiverId: asha.user._id, content: 'two' },
    ])
    expect(out.map((o) => (o.ok ? o.language : null))).toEqual(['en-IN', 'hi-IN'])
    const one = await chatRepo.send(ctx.database.db, {
      ...base,
      senderId: ravi.user._id,
      receiverId: asha.user._id,
      content: 'three',
    })
    expect(one.ok && one.language).toBe('hi-IN')
  })
})
