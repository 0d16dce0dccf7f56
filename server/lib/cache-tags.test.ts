import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  anotherInstance,
  createTestApp,
  injectAs,
  multipart,
  signUp,
  type Session,
  type TestCtx,
} from '../test/helpers'
import { applyTo, jobBody, postJob } from '../test/jobs'
import { connectAs, listenLocal, type ClientSocket } from '../test/sockets'
import { eventDrop, tag, WRITE_DROPS, writeDrop } from './cache-tags'
import { ALL_ANSWERS, DROP_ALL } from './read-cache'

const shared = !!(process.env.DATABASE_URL && process.env.REDIS_URL)
// Entries live a minute here, so only a drop — never expiry — can explain a fresh answer.
const longLived = { READ_CACHE_TTL_MS: '60000' }
const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD'

describe('every write route says what it drops (ADR 052)', () => {
  let ctx: TestCtx
  const writes: string[] = []
  beforeAll(async () => {
    ctx = await createTestApp(
      {},
      {
        onRoute: (r: RouteOptions) => {
          for (const m of [r.method].flat())
            if (isWrite(String(m)) && !r.url.startsWith('/api/docs')) writes.push(`${m} ${r.url}`)
        },
      },
    )
  })
  afterAll(() => ctx?.close())

  it('has a row for every registered write route, and none for a route that is not registered', () => {
    expect(writes.length).toBeGreaterThan(30)
    expect(writes.filter((w) => !(w in WRITE_DROPS))).toEqual([])
    expect(Object.keys(WRITE_DROPS).filter((w) => !writes.includes(w))).toEqual([])
  })

  it('no row drops every answer, and a chat message, a like or a job edit drops only its own', () => {
    const req = (params: object, body: object = {}) => ({ params, body, user: { id: 'u1' } }) as any
    for (const [route, drop] of Object.entries(WRITE_DROPS))
      expect(drop(req({ id: 'x', userId: 'u2', applicationId: 'a' })), route).not.toContain(ALL_ANSWERS)
    expect(WRITE_DROPS['POST /api/v1/chat/send'](req({}, { receiver: 'u2' }))).toEqual([
      tag.chat('u1'),
      tag.chat('u2'),
      tag.notifications('u2'),
    ])
    expect(WRITE_DROPS['POST /api/v1/posts/:id/like'](req({ id: 'p1' }))).toEqual([tag.post('p1')])
    expect(WRITE_DROPS['PUT /api/v1/job/:id'](req({ id: 'j1' }))).toEqual([tag.jobs, tag.job('j1')])
    // A write route with no row drops everything; a preflight nothing.
    expect(writeDrop({ method: 'POST', routeOptions: { url: '/api/v1/new-thing' } } as any)).toEqual(DROP_ALL)
    expect(writeDrop({ method: 'OPTIONS', routeOptions: { url: '/api/v1/job/get' } } as any)).toEqual([])
  })

  it('a realtime event drops the answers of the people it is for; typing drops nothing', () => {
    expect(eventDrop('receiveMessage', ['u1', 'u2'])).toEqual([tag.chat('u1'), tag.chat('u2')])
    expect(eventDrop('notificationsRead', ['u1'])).toEqual([tag.notifications('u1')])
    expect(eventDrop('typing', ['u1'])).toEqual([])
    expect(eventDrop('somethingNew', ['u1'])).toEqual([ALL_ANSWERS])
  })
})

/** What each cached read is, by URL and viewer; `held` says which of them the cache still has. */
function reads(ctx: TestCtx, s: { asha: Session; ravi: Session }, jobs: { j1: string; j2: string }) {
  // [viewer, URL, the answer's name in its cache key (`answerKey`), the id in it when not the URL]
  const urls = {
    list: [null, '/api/v1/job/get?sort=newest', 'job-list'],
    j1: [null, `/api/v1/job/${jobs.j1}`, 'job', jobs.j1],
    j2: [null, `/api/v1/job/${jobs.j2}`, 'job', jobs.j2],
    search: [null, '/api/v1/search?q=kolam', 'search'],
    feed: [null, '/api/v1/posts?limit=10', 'post-feed'],
    ashaChat: [s.asha, '/api/v1/chat/conversations', 'conversations'],
    raviChat: [s.ravi, '/api/v1/chat/conversations', 'conversations'],
    // The bell's answer is kept per language (ADR 069); these two read English.
    ashaBell: [s.asha, '/api/v1/notification', 'notifications.en-IN'],
    raviBell: [s.ravi, '/api/v1/notification', 'notifications.en-IN'],
    raviList: [s.ravi, '/api/v1/job/get?sort=newest', 'job-list'],
  } as const
  type Name = keyof typeof urls
  const names = Object.keys(urls) as Name[]
  const keyOf = (name: Name) => {
    const [who, url, kind, id] = urls[name] as readonly [Session | null, string, string, string?]
    return `${who ? `u:${who.user._id}` : 'a'}:${kind}:${id ?? url}`
  }
  const read = async (name: Name, on: TestCtx = ctx) => {
    const [who, url] = urls[name]
    const res = await injectAs(on.app, who, { method: 'GET', url })
    expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200)
    return res.json()
  }
  return {
    read,
    warm: async (on: TestCtx = ctx) => {
      for (const n of names) await read(n, on)
    },
    held: (on: TestCtx = ctx) => names.filter((n) => on.app.readCache.peek(keyOf(n)) !== undefined),
    dropped: (on: TestCtx = ctx) => names.filter((n) => on.app.readCache.peek(keyOf(n)) === undefined),
  }
}

const send = async (ctx: TestCtx, from: Session, to: Session, content: string) => {
  const res = await injectAs(ctx.app, from, {
    method: 'POST',
    url: '/api/v1/chat/send',
    payload: { receiver: to.user._id, content },
  })
  expect(res.statusCode).toBe(201)
}
const createPost = async (ctx: TestCtx, s: Session, content: string) => {
  const res = await injectAs(ctx.app, s, {
    method: 'POST',
    url: '/api/v1/posts/create',
    payload: { content, media: [], visibility: 'public' },
  })
  expect(res.statusCode).toBe(201)
  return res.json().post._id as string
}
const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res
  expect(r.statusCode, r.body.slice(0, 200)).toBeLessThan(300)
}

describe('a write drops only the answers it changes, and they are never served after it (one instance)', () => {
  let ctx: TestCtx
  let asha: Session
  let ravi: Session
  let j1: string
  let j2: string
  let post: string
  let r: ReturnType<typeof reads>

  beforeAll(async () => {
    ctx = await createTestApp(longLived)
    asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
    ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
    j1 = (await postJob(ctx.app, asha, { title: 'Kolam artist for Pongal' }))._id
    j2 = (await postJob(ctx.app, asha, { title: 'Tabla lessons at home' }))._id
    post = await createPost(ctx, asha, 'Kolam designs from this morning')
    r = reads(ctx, { asha, ravi }, { j1, j2 })
  })
  afterAll(() => ctx?.close())

  it('a chat message drops the chat and bell of its two people only', async () => {
    await r.warm()
    expect(r.dropped()).toEqual([])
    await send(ctx, ravi, asha, 'namaste')
    expect(r.dropped()).toEqual(['ashaChat', 'raviChat', 'ashaBell'])
    const [c] = (await r.read('ashaChat')).data.conversations
    expect([c.lastMessage.content, c.unreadCount]).toEqual(['namaste', 1])
    expect((await r.read('ashaBell')).unreadCount).toBe(1)
  })

  it('a like drops the answers that show its post', async () => {
    await r.warm()
    await ok(injectAs(ctx.app, ravi, { method: 'POST', url: `/api/v1/posts/${post}/like` }))
    // The author hears of it: her bell goes too, through the notification's event.
    expect(r.dropped()).toEqual(['search', 'feed', 'ashaBell'])
    expect((await r.read('feed')).data.posts[0].likeCount).toBe(1)
    expect((await r.read('search')).data.posts[0].likeCount).toBe(1)
  })

  it('a job edit drops that job and the lists and searches that can show it', async () => {
    await r.warm()
    await ok(editWithBody(ctx, asha, j1))
    expect(r.dropped()).toEqual(['list', 'j1', 'search', 'raviList'])
    expect((await r.read('j1')).job.title).toBe('Kolam and rangoli artist')
    expect((await r.read('list')).data.jobs.map((j: any) => j.title)).toContain('Kolam and rangoli artist')
    expect((await r.read('search')).data.jobs.map((j: any) => j.title)).toContain('Kolam and rangoli artist')
  })

  it('an application drops its job and the lists; a new post drops the post lists', async () => {
    await r.warm()
    await applyTo(ctx.app, ravi, j2)
    // The poster hears of it: her bell goes too, through the notification's event.
    expect(r.dropped()).toEqual(['list', 'j2', 'search', 'ashaBell', 'raviList'])
    expect((await r.read('j2')).job.applicationCount).toBe(1)
    expect((await r.read('raviList')).data.jobs.find((j: any) => j._id === j2).hasApplied).toBe(true)
    await r.warm()
    await createPost(ctx, ravi, 'More kolam from the street')
    expect(r.dropped()).toEqual(['search', 'feed'])
    expect((await r.read('feed')).data.posts).toHaveLength(2)
  })

  it('concurrent misses of every cached read share one computation', async () => {
    await r.warm()
    ctx.app.readCache.invalidate()
    const before = { ...ctx.app.readCache.stats }
    const names = [
      'list',
      'j1',
      'j2',
      'search',
      'feed',
      'ashaChat',
      'raviChat',
      'ashaBell',
      'raviList',
    ] as const
    await Promise.all(names.flatMap((n) => Array.from({ length: 4 }, () => r.read(n))))
    const { hits, misses } = ctx.app.readCache.stats
    expect([hits - before.hits, misses - before.misses]).toEqual([names.length * 3, names.length])
  })

  it('a profile save drops the answers that show that person, and their own', async () => {
    await r.warm()
    await ok(
      injectAs(ctx.app, asha, {
        method: 'POST',
        url: '/api/v1/user/profile/update',
        ...multipart({ fullname: 'Asha R. Iyer' }),
      }),
    )
    // Only Ravi's bell shows nobody's name.
    expect(r.held()).toEqual(['raviBell'])
    expect((await r.read('j1')).job.created_by.fullname).toBe('Asha R. Iyer')
    expect((await r.read('feed')).data.posts.at(-1).author.fullname).toBe('Asha R. Iyer')
    expect((await r.read('raviChat')).data.conversations[0].user.fullname).toBe('Asha R. Iyer')

    // Ravi shows on his post, in Asha's conversations and in his own answers; not on Asha's jobs or her bell.
    await r.warm()
    await ok(
      injectAs(ctx.app, ravi, {
        method: 'POST',
        url: '/api/v1/user/profile/update',
        ...multipart({ fullname: 'Ravi K.' }),
      }),
    )
    expect(r.held()).toEqual(['list', 'j1', 'j2', 'ashaBell'])
    expect((await r.read('ashaChat')).data.conversations[0].user.fullname).toBe('Ravi K.')
    expect((await r.read('feed')).data.posts[0].author.fullname).toBe('Ravi K.')
    expect((await r.read('search')).data.posts.map((p: any) => p.author.fullname)).toContain('Ravi K.')
  })
})

/** A job edit as the web app sends it: the job's fields, with a new title. */
function editWithBody(ctx: TestCtx, s: Session, id: string) {
  return injectAs(ctx.app, s, {
    method: 'PUT',
    url: `/api/v1/job/${id}`,
    payload: jobBody({ title: 'Kolam and rangoli artist' }),
  })
}

describe.skipIf(!shared)('scoped drops across two instances (set DATABASE_URL and REDIS_URL to run)', () => {
  let a: TestCtx
  let b: TestCtx
  let asha: Session
  let ravi: Session
  let j1: string
  let post: string
  let r: ReturnType<typeof reads>
  const sockets: ClientSocket[] = []

  beforeAll(async () => {
    a = await createTestApp(longLived)
    b = await anotherInstance(a, longLived)
    asha = await signUp(a, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
    ravi = await signUp(a, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
    j1 = (await postJob(a.app, asha, { title: 'Kolam artist for Pongal' }))._id
    const j2 = (await postJob(a.app, asha, { title: 'Tabla lessons at home' }))._id
    post = await createPost(a, asha, 'Kolam designs from this morning')
    r = reads(b, { asha, ravi }, { j1, j2 })
  })
  afterAll(async () => {
    for (const s of sockets) s.close()
    await b?.close()
    await a?.close()
  })

  it('a message sent on A drops on B only its people’s chat, before B tells them of it', async () => {
    await r.warm(b)
    const ashaOnB = await connectAs(await listenLocal(b.app), asha)
    const raviOnA = await connectAs(await listenLocal(a.app), ravi)
    sockets.push(ashaOnB, raviOnA)
    const seen = new Promise<{ dropped: string[]; conversations: any[] }>((resolve) =>
      ashaOnB.once('receiveMessage', () => {
        const dropped = r.dropped(b)
        void r
          .read('ashaChat', b)
          .then((body) => resolve({ dropped, conversations: body.data.conversations }))
      }),
    )
    const ack = await raviOnA.emitWithAck('sendMessage', { receiver: asha.user._id, content: 'namaste' })
    expect(ack.success).toBe(true)
    const { dropped, conversations } = await seen
    expect(dropped.filter((n) => !['ashaBell'].includes(n))).toEqual(['ashaChat', 'raviChat'])
    expect(conversations[0].lastMessage.content).toBe('namaste')
  })

  it('a like and a job edit on A drop on B only what they change, and B then serves the change', async () => {
    await r.warm(b)
    await ok(injectAs(a.app, ravi, { method: 'POST', url: `/api/v1/posts/${post}/like` }))
    await vi.waitFor(() => expect(r.dropped(b)).toEqual(['search', 'feed', 'ashaBell']), {
      timeout: 5000,
      interval: 20,
    })
    expect((await r.read('feed', b)).data.posts[0].likeCount).toBe(1)

    await r.warm(b)
    await ok(editWithBody(a, asha, j1))
    await vi.waitFor(() => expect(r.dropped(b)).toEqual(['list', 'j1', 'search', 'raviList']), {
      timeout: 5000,
      interval: 20,
    })
    expect((await r.read('j1', b)).job.title).toBe('Kolam and rangoli artist')
  })
})
