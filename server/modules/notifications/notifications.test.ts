import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { applyTo, postJob } from '../../test/jobs'
import { collect, connectAs, listenLocal, roundTrip, type ClientSocket } from '../../test/sockets'
import { notificationsService } from './notifications.service'

let ctx: TestCtx
let url: string
let asha: Session // client
let ravi: Session // freelancer
let meera: Session
const sockets: ClientSocket[] = []
const open = async (s: Session) => {
  const sock = await connectAs(url, s)
  sockets.push(sock)
  return sock
}

beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
  meera = await signUp(ctx, { email: 'meera@example.in', fullname: 'Meera Shah' })
  url = await listenLocal(ctx.app)
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await ctx?.close()
})

const list = (s: Session | null, q = '') =>
  injectAs(ctx.app, s, { method: 'GET', url: `/api/v1/notification${q}`, bearer: true })
const markRead = (s: Session | null, id: string) =>
  injectAs(ctx.app, s, { method: 'PATCH', url: `/api/v1/notification/${id}/read` })
const readAll = (s: Session | null) =>
  injectAs(ctx.app, s, { method: 'PATCH', url: '/api/v1/notification/read-all' })
const setStatus = (s: Session, id: string, status: string) =>
  injectAs(ctx.app, s, {
    method: 'PATCH',
    url: `/api/v1/application/applications/${id}/status`,
    payload: { status },
  })

describe('delivery of each event type, live and as rows', () => {
  it('new applicant, accepted, rejected and message each reach the right person live', async () => {
    const ashaSock = await open(asha)
    const raviSock = await open(ravi)
    const toAsha = collect(ashaSock, 'receiveNotification')
    const toRavi = collect(raviSock, 'receiveNotification')
    const job = await postJob(ctx.app, asha, { title: 'Landing page in React' })
    const job2 = await postJob(ctx.app, asha, { title: 'Menu card design' })
    const app1 = await applyTo(ctx.app, ravi, job._id)
    const app2 = await applyTo(ctx.app, ravi, job2._id)
    const applied = await toAsha.until(2)
    expect(applied[0]).toMatchObject({
      type: 'application',
      metadata: { jobId: job._id, senderId: ravi.user._id },
    })
    expect((await setStatus(asha, app1._id, 'accepted')).statusCode).toBe(200)
    expect((await setStatus(asha, app2._id, 'rejected')).statusCode).toBe(200)
    await injectAs(ctx.app, asha, {
      method: 'POST',
      url: '/api/v1/chat/send',
      payload: { receiver: ravi.user._id, content: 'Welcome aboard' },
    })
    const got = await toRavi.until(3)
    expect(got.map((n) => n.type)).toEqual(['application_accepted', 'application_rejected', 'message'])
    expect(got[0].metadata).toEqual({ employerId: asha.user._id, jobId: job._id })
    expect(got[1].metadata).toMatchObject({ jobId: job2._id })
    expect(got[2].metadata).toEqual({ senderId: asha.user._id })
    const rows = (await list(ravi)).json()
    expect(rows.notifications.map((n: any) => n._id)).toEqual(got.map((n) => n._id).reverse())
  })

  it('arrives only after commit, and never for a rolled-back change', async () => {
    const sock = await open(meera)
    const got = collect(sock, 'receiveNotification')
    await ctx.database.db
      .transaction(async (tx) => {
        await notificationsService.record(tx, {
          userId: meera.user._id,
          type: 'system',
          message: 'rolled back',
        })
        throw new Error('roll back')
      })
      .catch(() => {})
    await ctx.database.db.transaction(async (tx) => {
      await notificationsService.record(tx, { userId: meera.user._id, type: 'system', message: 'committed' })
      await roundTrip(sock, meera.user._id) // anything emitted so far would be here by now
      expect(got.got).toHaveLength(0)
    })
    expect((await got.until(1))[0].message).toBe('committed')
    await roundTrip(sock, meera.user._id)
    expect(got.got.map((n) => n.message)).toEqual(['committed'])
    const rows = (await list(meera)).json().notifications
    expect(rows.map((n: any) => n.message)).toEqual(['committed'])
  })
})

describe('GET /api/v1/notification', () => {
  it('401 without a session', async () => {
    expect((await list(null)).statusCode).toBe(401)
  })
  it('only the caller’s own, newest first, paginated, with the unread count', async () => {
    for (let i = 1; i <= 5; i++)
      await notificationsService.record(ctx.database.db, {
        userId: meera.user._id,
        type: 'system',
        message: `n${i}`,
      })
    // Rows written within the same clock tick share created_at, and then their order is the ids' (random): spread
    // them a millisecond apart, in the order they were written, so 'newest first' has one answer.
    await ctx.database.db.execute(
      sql`update notifications set created_at = now() + make_interval(secs => substr(message, 2)::int / 1000.0)
          where user_id = ${meera.user._id}::uuid and message ~ '^n[0-9]$'`,
    )
    const first = (await list(meera, '?limit=3')).json()
    expect(first.notifications.map((n: any) => n.message)).toEqual(['n5', 'n4', 'n3'])
    expect(first.unreadCount).toBe(6)
    const second = (await list(meera, `?limit=3&cursor=${encodeURIComponent(first.nextCursor)}`)).json()
    expect(second.notifications.map((n: any) => n.message)).toEqual(['n2', 'n1', 'committed'])
    const asRavi = (await list(ravi)).json().notifications
    expect(asRavi.some((n: any) => n.message.startsWith('n'))).toBe(false)
  })
  it('400 for a bad cursor or limit', async () => {
    expect((await list(meera, '?cursor=zzz')).statusCode).toBe(400)
    expect((await list(meera, '?limit=0')).statusCode).toBe(400)
    // Shaped like a cursor, but its time does not parse: refused, not a 500.
    for (const bad of [
      'x|00000000-0000-0000-0000-000000000000',
      '2026-13-45T99:99:99Z|00000000-0000-0000-0000-000000000000',
      '2026-11-25T10:00:00.000Z|------------------------------------',
    ]) {
      const res = await list(meera, `?cursor=${encodeURIComponent(bad)}`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'validation_failed',
        errors: { cursor: 'Not a valid cursor' },
      })
    }
  })
})

describe('PATCH /api/v1/notification/:id/read and /read-all', () => {
  it('401, 403 for someone else’s, 404 unknown, 400 bad id', async () => {
    const [mine] = (await list(meera)).json().notifications
    expect((await markRead(null, mine._id)).statusCode).toBe(401)
    const theirs = await markRead(ravi, mine._id)
    expect(theirs.statusCode).toBe(403)
    expect(theirs.json()).toMatchObject({ success: false, code: 'not_owner' })
    expect((await markRead(meera, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    expect((await markRead(meera, 'nope')).statusCode).toBe(400)
    expect((await list(meera)).json().notifications[0].isRead).toBe(false)
  })
  it('marks one read (owner), tells the owner’s other tabs, then all', async () => {
    const sock = await open(meera)
    const sync = collect(sock, 'notificationsRead')
    const [mine] = (await list(meera)).json().notifications
    const res = await markRead(meera, mine._id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      success: true,
      notification: { _id: mine._id, isRead: true },
      unreadCount: 5,
    })
    expect((await sync.until(1))[0]).toEqual({ ids: [mine._id], unreadCount: 5 })
    expect((await readAll(null)).statusCode).toBe(401)
    const all = await readAll(meera)
    expect(all.json()).toMatchObject({ success: true, unreadCount: 0 })
    expect((await sync.until(2))[1]).toEqual({ ids: 'all', unreadCount: 0 })
    const after = (await list(meera)).json()
    expect(after.unreadCount).toBe(0)
    expect(after.notifications.every((n: any) => n.isRead)).toBe(true)
    expect((await list(ravi)).json().unreadCount).toBeGreaterThan(0)
  })
})
