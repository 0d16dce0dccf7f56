import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGE_MAX } from '@common/schemas/chat'
import { eq } from 'drizzle-orm'
import { messages, sessions, users } from '../../db/schema'
import { chatRepo } from './chat.repo'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { applyTo, postJob } from '../../test/jobs'
import { collect, connectAs, listenLocal, roundTrip, type ClientSocket } from '../../test/sockets'

let ctx: TestCtx
let url: string
let asha: Session // client
let ravi: Session // freelancer
let meera: Session // a third person
let job: any
let otherJob: any
const sockets: ClientSocket[] = []
const open = async (s: Session | null, opts?: Parameters<typeof connectAs>[2]) => {
  const sock = await connectAs(url, s, opts)
  sockets.push(sock)
  return sock
}

beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
  meera = await signUp(ctx, { email: 'meera@example.in', fullname: 'Meera Shah' })
  job = await postJob(ctx.app, asha, { title: 'Landing page in React' })
  otherJob = await postJob(ctx.app, asha, { title: 'Logo for a tea shop' })
  await applyTo(ctx.app, ravi, job._id)
  await applyTo(ctx.app, ravi, otherJob._id)
  url = await listenLocal(ctx.app)
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await ctx?.close()
})

const send = (s: Session | null, payload: object) =>
  injectAs(ctx.app, s, { method: 'POST', url: '/api/v1/chat/send', payload })
const get = (s: Session | null, path: string) =>
  injectAs(ctx.app, s, { method: 'GET', url: `/api/v1/chat${path}` })

describe('POST /api/v1/chat/send', () => {
  it('401 without a session', async () => {
    const res = await send(null, { receiver: ravi.user._id, content: 'hi' })
    expect(res.statusCode).toBe(401)
  })
  it('403 without the CSRF header on a cookie session', async () => {
    const res = await injectAs(ctx.app, asha, {
      method: 'POST',
      url: '/api/v1/chat/send',
      payload: { receiver: ravi.user._id, content: 'hi' },
      csrf: false,
    })
    expect(res.statusCode).toBe(403)
  })
  it('400 with clear messages for empty, whitespace, too long, self and bad ids', async () => {
    const cases: [object, string][] = [
      [{ receiver: ravi.user._id, content: '' }, 'Message cannot be empty'],
      [{ receiver: ravi.user._id, content: '  \n\t ' }, 'Message cannot be empty'],
      [
        { receiver: ravi.user._id, content: 'x'.repeat(MESSAGE_MAX + 1) },
        `A message can be at most ${MESSAGE_MAX} characters`,
      ],
      [{ receiver: 'nobody', content: 'hi' }, 'Receiver is not a valid user id'],
      [{ receiver: asha.user._id, content: 'hi' }, 'You cannot send a message to yourself'],
      [{ receiver: asha.user._id.toUpperCase(), content: 'hi' }, 'You cannot send a message to yourself'],
    ]
    for (const [payload, message] of cases) {
      const res = await send(asha, payload)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(res.json()).toMatchObject({ success: false, message })
    }
  })
  it('404 for an unknown receiver or job; 403 for a job neither of them posted', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000'
    expect((await send(asha, { receiver: ghost, content: 'hi' })).statusCode).toBe(404)
    expect((await send(asha, { receiver: ravi.user._id, content: 'hi', jobId: ghost })).statusCode).toBe(404)
    const meerasJob = await postJob(ctx.app, await signUp(ctx, { role: 'client' }), { title: 'Unrelated' })
    const res = await send(asha, { receiver: ravi.user._id, content: 'hi', jobId: meerasJob._id })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('job_not_shared')
  })
  it('persists, answers data.message, and emits receiveMessage to both people once', async () => {
    const raviSock = await open(ravi)
    const ashaSock = await open(asha, { via: 'cookie' })
    const meeraSock = await open(meera)
    const toRavi = collect(raviSock, 'receiveMessage')
    const toAsha = collect(ashaSock, 'receiveMessage')
    const toMeera = collect(meeraSock, 'receiveMessage')
    const bell = collect(raviSock, 'receiveNotification')
    const res = await send(asha, {
      receiver: ravi.user._id,
      content: '  Hello Ravi, about the landing page  ',
      jobId: job._id,
    })
    expect(res.statusCode).toBe(201)
    const message = res.json().data.message
    expect(message).toMatchObject({
      sender: { _id: asha.user._id, fullname: 'Asha Iyer' },
      receiver: ravi.user._id,
      content: 'Hello Ravi, about the landing page',
      jobId: job._id,
      readAt: null,
    })
    expect((await toRavi.until(1))[0]).toEqual(message)
    expect((await toAsha.until(1))[0]).toEqual(message)
    const [n] = await bell.until(1)
    expect(n).toMatchObject({
      type: 'message',
      isRead: false,
      metadata: { senderId: asha.user._id, jobId: job._id },
    })
    await roundTrip(meeraSock, meera.user._id)
    await roundTrip(raviSock, ravi.user._id)
    expect(toMeera.got).toHaveLength(0)
    expect(toRavi.got).toHaveLength(1)
  })
})

describe('socket', () => {
  it('refuses a handshake without a session, with a bad token, or a cookie from another site', async () => {
    await expect(connectAs(url, null)).rejects.toThrow('unauthorized')
    await expect(connectAs(url, { ...ravi, token: 'not-a-session' })).rejects.toThrow('unauthorized')
    await expect(connectAs(url, ravi, { via: 'cookie', origin: 'https://evil.example' })).rejects.toThrow(
      'forbidden_origin',
    )
  })
  it('join is accepted for your own id and refused for anyone else; others’ messages never arrive', async () => {
    const sock = await open(meera)
    expect(await sock.emitWithAck('join', meera.user._id)).toEqual({ success: true })
    expect(await sock.emitWithAck('join', ravi.user._id)).toMatchObject({ success: false, code: 'forbidden' })
    const got = collect(sock, 'receiveMessage')
    await send(asha, { receiver: ravi.user._id, content: 'Not for Meera' })
    await roundTrip(sock, meera.user._id)
    expect(got.got).toHaveLength(0)
  })
  it('sendMessage over the socket persists and reaches the receiver; bad input gets a clear ack', async () => {
    const raviSock = await open(ravi)
    const raviOtherTab = await open(ravi)
    const ashaSock = await open(asha)
    const toAsha = collect(ashaSock, 'receiveMessage')
    const toSendingSocket = collect(raviSock, 'receiveMessage')
    const toOtherTab = collect(raviOtherTab, 'receiveMessage')
    const ack = await raviSock.emitWithAck('sendMessage', {
      receiver: asha.user._id,
      content: 'Thanks! Starting today.',
    })
    expect(ack).toMatchObject({ success: true, message: { content: 'Thanks! Starting today.' } })
    const [m] = await toAsha.until(1)
    expect(m._id).toBe((ack as any).message._id)
    // The sender's other tab gets its copy; the socket that sent it has the message in its ack, and nothing more.
    expect((await toOtherTab.until(1))[0]._id).toBe(m._id)
    await roundTrip(raviSock, ravi.user._id)
    expect(toSendingSocket.got).toHaveLength(0)
    const bad = await raviSock.emitWithAck('sendMessage', { receiver: asha.user._id, content: '   ' })
    expect(bad).toEqual({ success: false, message: 'Message cannot be empty', code: 'validation_failed' })
    const hist = (await get(asha, `/messages/${ravi.user._id}`)).json().data.messages
    expect(hist.at(-1).content).toBe('Thanks! Starting today.')
  })
  it('typing reaches only the person typed to', async () => {
    const raviSock = await open(ravi)
    const ashaSock = await open(asha)
    const meeraSock = await open(meera)
    const ashaTyping = collect(ashaSock, 'typing')
    const meeraTyping = collect(meeraSock, 'typing')
    raviSock.emit('typing', { to: asha.user._id, isTyping: true })
    expect((await ashaTyping.until(1))[0]).toEqual({ from: ravi.user._id, isTyping: true })
    await roundTrip(meeraSock, meera.user._id)
    expect(meeraTyping.got).toHaveLength(0)
  })
  it('typing reaches a conversation partner, and nobody the typist has no conversation or job with', async () => {
    const dev = await signUp(ctx, { email: 'typist-dev@example.in', fullname: 'Dev Patel' })
    const tara = await signUp(ctx, { email: 'typist-tara@example.in', fullname: 'Tara Sen' })
    // Tara and Dev have a conversation (no job); Dev has nothing to do with Asha.
    expect((await send(tara, { receiver: dev.user._id, content: 'Hello Dev' })).statusCode).toBe(201)
    const devSock = await open(dev)
    const ashaSock = await open(asha)
    const taraSock = await open(tara)
    const ashaTyping = collect(ashaSock, 'typing')
    const taraTyping = collect(taraSock, 'typing')
    devSock.emit('typing', { to: asha.user._id, isTyping: true })
    devSock.emit('typing', { to: tara.user._id, isTyping: true })
    devSock.emit('typing', { to: asha.user._id.toUpperCase(), isTyping: true })
    devSock.emit('typing', { to: tara.user._id, isTyping: false })
    // Dev's signals go out in order: once Tara has the last one, anything for Asha would have gone out before it.
    expect(await taraTyping.until(2)).toEqual([
      { from: dev.user._id, isTyping: true },
      { from: dev.user._id, isTyping: false },
    ])
    await roundTrip(ashaSock, asha.user._id)
    expect(ashaTyping.got.filter((t) => t.from === dev.user._id)).toEqual([])
  })
  it('a first message sent on the socket opens typing to its receiver at once', async () => {
    const nina = await signUp(ctx, { email: 'typist-nina@example.in', fullname: 'Nina Das' })
    const omar = await signUp(ctx, { email: 'typist-omar@example.in', fullname: 'Omar Ali' })
    // Omar has written to Nina: her signal to him, sent after the one to Asha, shows the one to Asha was judged.
    expect((await send(omar, { receiver: nina.user._id, content: 'Hello Nina' })).statusCode).toBe(201)
    const ninaSock = await open(nina)
    const ashaSock = await open(asha)
    const omarSock = await open(omar)
    const ashaTyping = collect(ashaSock, 'typing')
    const omarTyping = collect(omarSock, 'typing')
    ninaSock.emit('typing', { to: asha.user._id, isTyping: true })
    ninaSock.emit('typing', { to: omar.user._id, isTyping: true })
    await omarTyping.until(1)
    const sent = await ninaSock.emitWithAck('sendMessage', { receiver: asha.user._id, content: 'Hi Asha' })
    expect(sent).toMatchObject({ success: true })
    ninaSock.emit('typing', { to: asha.user._id, isTyping: false })
    expect((await ashaTyping.until(1))[0]).toEqual({ from: nina.user._id, isTyping: false })
    await roundTrip(ashaSock, asha.user._id)
    expect(ashaTyping.got).toHaveLength(1)
  })
  it('limits events per socket', async () => {
    const sock = await open(meera)
    const answers = []
    for (let i = 0; i < 70; i++) answers.push(sock.emitWithAck('join', meera.user._id))
    const results = await Promise.all(answers)
    expect(results.filter((r) => !r.success)[0]).toMatchObject({ code: 'rate_limited' })
  })
  it('logging out closes that session’s sockets and leaves the same person’s other sessions connected', async () => {
    const first = await signUp(ctx, { email: 'kiran@example.in', fullname: 'Kiran Rao' })
    // A second sign-in of the same person (another device), as login makes it: a session row by token hash.
    const second = { ...first, token: crypto.randomBytes(32).toString('base64url') }
    await ctx.database.db.insert(sessions).values({
      tokenHash: crypto.createHash('sha256').update(second.token).digest('hex'),
      userId: first.user._id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    const sockOut = await open(first)
    const sockStays = await open(second)
    const closed = new Promise<string>((r) => sockOut.once('disconnect', r))
    const res = await injectAs(ctx.app, first, { method: 'POST', url: '/api/v1/user/logout' })
    expect(res.statusCode).toBe(200)
    expect(await closed).toBe('io server disconnect')
    expect(sockStays.connected).toBe(true)
    expect(await sockStays.emitWithAck('join', second.user._id)).toEqual({ success: true })
    await expect(connectAs(url, first)).rejects.toThrow('unauthorized')
  })
  it('a socket whose session ended meanwhile cannot send: refused, nothing stored, and the socket closes', async () => {
    // The session row goes as logout (on an instance whose disconnect has not reached this one yet) or expiry does.
    const kiran = await signUp(ctx, { fullname: 'Kiran Late' })
    const sock = await open(kiran)
    await ctx.database.db.delete(sessions).where(eq(sessions.userId, kiran.user._id))
    const closed = new Promise<string>((r) => sock.once('disconnect', r))
    const ack = await sock.emitWithAck('sendMessage', { receiver: asha.user._id, content: 'after logout' })
    expect(ack).toMatchObject({ success: false, code: 'unauthorized' })
    expect(await closed).toBe('io server disconnect')
    const stored = await ctx.database.db.select().from(messages).where(eq(messages.senderId, kiran.user._id))
    expect(stored).toEqual([])
  })
  it('a socket sends under the sender’s current name, even when they renamed themself after connecting', async () => {
    const tara = await signUp(ctx, { fullname: 'Tara Old' })
    const sock = await open(tara)
    await ctx.database.db.update(users).set({ fullname: 'Tara New' }).where(eq(users.id, tara.user._id))
    const ack = await sock.emitWithAck('sendMessage', { receiver: asha.user._id, content: 'renamed' })
    expect(ack).toMatchObject({
      success: true,
      message: { sender: { _id: tara.user._id, fullname: 'Tara New' } },
    })
    const notes = (await injectAs(ctx.app, asha, { method: 'GET', url: '/api/v1/notification' })).json()
      .notifications
    expect(notes.find((n: any) => n.metadata.senderId === tara.user._id).message).toBe(
      'Tara New sent you a message',
    )
  })
  it('a short disconnect misses nothing (connection state recovery)', async () => {
    const sock = await open(ravi)
    const got = collect(sock, 'receiveMessage')
    await send(asha, { receiver: ravi.user._id, content: 'before the drop' })
    await got.until(1)
    const onServer = ctx.app.io.of('/').sockets.get(sock.id!)!
    const gone = new Promise((r) => onServer.once('disconnect', r))
    sock.io.engine.close() // the transport drops, as on a flaky network
    await gone
    await send(asha, { receiver: ravi.user._id, content: 'while away 1' })
    await send(asha, { receiver: ravi.user._id, content: 'while away 2' })
    const back = new Promise<void>((r) => sock.once('connect', () => r()))
    sock.connect()
    await back
    expect(sock.recovered).toBe(true)
    await got.until(3)
    // Recovery is at least once: a message still on its way through the Redis stream when the socket comes back can
    // arrive both live and in the replay. The web app keeps one of each by id (features/chat/lib/cache.ts), so what
    // counts is that each message arrives, in order of first arrival.
    const firsts = got.got.filter((m, i, all) => all.findIndex((x) => x._id === m._id) === i)
    expect(firsts.map((m) => m.content)).toEqual(['before the drop', 'while away 1', 'while away 2'])
  })
})

describe('GET /api/v1/chat/messages/:userId', () => {
  it('401 / 400 bad id / happy for a member; newest page first with a cursor for older', async () => {
    expect((await get(null, `/messages/${ravi.user._id}`)).statusCode).toBe(401)
    expect((await get(asha, '/messages/nope')).statusCode).toBe(400)
    for (let i = 1; i <= 5; i++) await send(meera, { receiver: ravi.user._id, content: `m${i}` })
    const first = await get(ravi, `/messages/${meera.user._id}?limit=2`)
    expect(first.statusCode).toBe(200)
    const page1 = first.json().data
    expect(page1.messages.map((m: any) => m.content)).toEqual(['m4', 'm5'])
    expect(page1.user).toMatchObject({ _id: meera.user._id, fullname: 'Meera Shah' })
    const page2 = (await get(ravi, `/messages/${meera.user._id}?limit=2&before=${page1.nextCursor}`)).json()
      .data
    expect(page2.messages.map((m: any) => m.content)).toEqual(['m2', 'm3'])
    const page3 = (await get(ravi, `/messages/${meera.user._id}?limit=2&before=${page2.nextCursor}`)).json()
      .data
    expect(page3.messages.map((m: any) => m.content)).toEqual(['m1'])
    expect(page3.nextCursor).toBeNull()
    const after = (await get(ravi, `/messages/${meera.user._id}?after=${page2.messages[0]._id}`)).json().data
    expect(after.messages.map((m: any) => m.content)).toEqual(['m3', 'm4', 'm5'])
  })
  it('403 for a third person asking from another conversation’s message', async () => {
    const hist = (await get(asha, `/messages/${ravi.user._id}`)).json().data.messages
    const res = await get(meera, `/messages/${ravi.user._id}?after=${hist[0]._id}`)
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('not_member')
  })
  it('a third person only ever sees their own conversation with each member', async () => {
    const res = await get(meera, `/messages/${asha.user._id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().data.messages).toEqual([])
  })
})

describe('conversations, shared jobs, read state', () => {
  it('GET /conversations: 401, and each person with last message, unread count and shared jobs', async () => {
    expect((await get(null, '/conversations')).statusCode).toBe(401)
    const res = await get(ravi, '/conversations')
    expect(res.statusCode).toBe(200)
    const list = res.json().data.conversations
    expect(list.map((c: any) => c.user.fullname)).toEqual(['Meera Shah', 'Asha Iyer'])
    const withAsha = list[1]
    expect(withAsha.lastMessage.content).toBe('while away 2')
    expect(withAsha.unreadCount).toBeGreaterThan(0)
    expect(withAsha.jobs.map((j: any) => j.title)).toEqual(['Logo for a tea shop', 'Landing page in React'])
    expect(withAsha.jobCount).toBe(2)
    expect(list[0]).toMatchObject({ unreadCount: 5, jobs: [], jobCount: 0 })
  })
  it('GET /conversations/with-job/:userId: 401, 400 for yourself, jobs newest first', async () => {
    expect((await get(null, `/conversations/with-job/${asha.user._id}`)).statusCode).toBe(401)
    expect((await get(ravi, `/conversations/with-job/${ravi.user._id}`)).statusCode).toBe(400)
    const res = await get(ravi, `/conversations/with-job/${asha.user._id}`)
    expect(res.statusCode).toBe(200)
    const { conversation } = res.json().data
    expect(conversation.user.fullname).toBe('Asha Iyer')
    expect(conversation.jobs.map((j: any) => j.title)).toEqual([
      'Logo for a tea shop',
      'Landing page in React',
    ])
    expect(conversation.jobs[0]).toMatchObject({
      status: 'active',
      fundStatus: 'Not Initiated',
      total: 15000,
    })
    expect(
      (await get(meera, `/conversations/with-job/${asha.user._id}`)).json().data.conversation.jobs,
    ).toEqual([])
  })
  it('shared jobs are found from either side: poster and applicant, and sender and receiver of a message about a job', async () => {
    const titles = async (me: Session, other: Session) =>
      (await get(me, `/conversations/with-job/${other.user._id}`))
        .json()
        .data.conversation.jobs.map((j: any) => j.title)
    const both = ['Logo for a tea shop', 'Landing page in React']
    expect(await titles(asha, ravi)).toEqual(both) // the poster's side of the applications
    expect(await titles(ravi, asha)).toEqual(both) // the applicant's side
    const kiosk = await postJob(ctx.app, asha, { title: 'Signboard for a kiosk' })
    // Meera never applied: a message about the job links them, seen from both ends.
    expect(
      (await send(meera, { receiver: asha.user._id, content: 'Is this open?', jobId: kiosk._id })).statusCode,
    ).toBe(201)
    expect(await titles(meera, asha)).toEqual(['Signboard for a kiosk'])
    expect(await titles(asha, meera)).toEqual(['Signboard for a kiosk'])
    expect(await titles(meera, ravi)).toEqual([])
  })
  it('the list carries the newest three shared jobs and the count; the side panel gets them all', async () => {
    const dev = await signUp(ctx, { email: 'dev@example.in', fullname: 'Dev Patel' })
    const posted = []
    for (const title of ['Menu card', 'Shop banner', 'Price list', 'Festival poster'])
      posted.push(await postJob(ctx.app, asha, { title }))
    for (const job of posted) await applyTo(ctx.app, dev, job._id)
    expect((await send(dev, { receiver: asha.user._id, content: 'Four jobs, one chat' })).statusCode).toBe(
      201,
    )
    const list = (await get(dev, '/conversations')).json().data.conversations
    const withAsha = list.find((c: any) => c.user._id === asha.user._id)
    expect(withAsha.jobs.map((j: any) => j.title)).toEqual(['Festival poster', 'Price list', 'Shop banner'])
    expect(withAsha.jobCount).toBe(4)
    const panel = (await get(dev, `/conversations/with-job/${asha.user._id}`)).json().data.conversation.jobs
    expect(panel.map((j: any) => j.title)).toEqual([
      'Festival poster',
      'Price list',
      'Shop banner',
      'Menu card',
    ])
  })
  it('POST /read/:userId: 401, then marks read, clears the message notification and sends a read receipt', async () => {
    expect(
      (await injectAs(ctx.app, null, { method: 'POST', url: `/api/v1/chat/read/${meera.user._id}` }))
        .statusCode,
    ).toBe(401)
    const meeraSock = await open(meera)
    const receipts = collect(meeraSock, 'messagesRead')
    const res = await injectAs(ctx.app, ravi, { method: 'POST', url: `/api/v1/chat/read/${meera.user._id}` })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.read).toBe(5)
    const [r] = await receipts.until(1)
    expect(r).toMatchObject({ readerId: ravi.user._id, senderId: meera.user._id })
    const list = (await get(ravi, '/conversations')).json().data.conversations
    expect(list.find((c: any) => c.user._id === meera.user._id).unreadCount).toBe(0)
    const notes = (await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/notification' })).json()
      .notifications
    expect(
      notes.filter((n: any) => n.type === 'message' && n.metadata.senderId === meera.user._id && !n.isRead),
    ).toEqual([])
    const hist = (await get(meera, `/messages/${ravi.user._id}`)).json().data.messages
    expect(hist.every((m: any) => m.readAt)).toBe(true)
  })
  it('many messages from one sender raise one unread message notification', async () => {
    const newcomer = await signUp(ctx, { fullname: 'Kiran Rao' })
    for (const c of ['one', 'two', 'three']) await send(newcomer, { receiver: asha.user._id, content: c })
    const notes = (await injectAs(ctx.app, asha, { method: 'GET', url: '/api/v1/notification' })).json()
      .notifications
    const fromKiran = notes.filter((n: any) => n.metadata.senderId === newcomer.user._id)
    expect(fromKiran).toHaveLength(1)
    expect(fromKiran[0]).toMatchObject({
      type: 'message',
      message: 'Kiran Rao sent you a message',
      isRead: false,
    })
    // once Asha has read the conversation, the next message raises the bell again
    const bell = collect(await open(asha), 'receiveNotification')
    await injectAs(ctx.app, asha, { method: 'POST', url: `/api/v1/chat/read/${newcomer.user._id}` })
    await send(newcomer, { receiver: asha.user._id, content: 'four' })
    const [again] = await bell.until(1)
    expect(again).toMatchObject({ type: 'message', isRead: false, metadata: { senderId: newcomer.user._id } })
    expect(again._id).not.toBe(fromKiran[0]._id)
  })
})

describe('GET /api/v1/chat/unread', () => {
  const unread = async (s: Session | null) => {
    const res = await get(s, '/unread')
    return { status: res.statusCode, body: res.json() }
  }
  const read = (s: Session, from: Session) =>
    injectAs(ctx.app, s, { method: 'POST', url: `/api/v1/chat/read/${from.user._id}` })

  it('401 without a session', async () => {
    const res = await unread(null)
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ success: false, code: 'unauthorized' })
  })

  it('counts the people waiting on the reader, whoever wrote last first, and lets go of each once read', async () => {
    const reader = await signUp(ctx, { fullname: 'Nisha Verma' })
    const first = await signUp(ctx, { fullname: 'Arjun Mehta' })
    const second = await signUp(ctx, { fullname: 'Divya Nair' })
    const bystander = await signUp(ctx, { fullname: 'Sanjay Gupta' })
    expect(await unread(reader)).toEqual({
      status: 200,
      body: { success: true, data: { conversations: 0, messages: 0, from: [] } },
    })

    await send(first, { receiver: reader.user._id, content: 'Hello Nisha' })
    await send(first, { receiver: reader.user._id, content: 'Are you free this week?' })
    await send(second, { receiver: reader.user._id, content: 'Quick question about your resume' })
    // What the reader sends counts for the one who receives it, never for the reader.
    await send(reader, { receiver: first.user._id, content: 'Hi Arjun' })
    expect((await unread(reader)).body.data).toEqual({
      conversations: 2,
      messages: 3,
      from: [second.user._id, first.user._id],
    })
    expect((await unread(first)).body.data).toEqual({
      conversations: 1,
      messages: 1,
      from: [reader.user._id],
    })
    // Nobody else sees the reader's count, or any of it.
    expect((await unread(bystander)).body.data).toEqual({ conversations: 0, messages: 0, from: [] })

    // A newer message moves its sender to the front.
    await send(first, { receiver: reader.user._id, content: 'Tomorrow works too' })
    expect((await unread(reader)).body.data.from).toEqual([first.user._id, second.user._id])

    // Reading a conversation takes its sender off; the answer is not an old cached one.
    expect((await read(reader, first)).statusCode).toBe(200)
    expect((await unread(reader)).body.data).toEqual({
      conversations: 1,
      messages: 1,
      from: [second.user._id],
    })
    await read(reader, second)
    expect((await unread(reader)).body.data).toEqual({ conversations: 0, messages: 0, from: [] })
  })

  it('lists at most the newest senders asked for, with the totals over everyone', async () => {
    const reader = await signUp(ctx, { fullname: 'Pooja Das' })
    const senders = [
      await signUp(ctx, { fullname: 'Sender One' }),
      await signUp(ctx, { fullname: 'Sender Two' }),
      await signUp(ctx, { fullname: 'Sender Three' }),
    ]
    for (const s of senders) await send(s, { receiver: reader.user._id, content: `From ${s.user.fullname}` })
    expect(await chatRepo.unreadFrom(ctx.database.db, reader.user._id, 2)).toEqual({
      conversations: 3,
      messages: 3,
      from: [senders[2].user._id, senders[1].user._id],
    })
  })
})
