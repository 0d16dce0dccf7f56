import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { messages } from '../../db/schema'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { fund, hiredJob } from '../../test/payments'
import { collect, connectAs, listenLocal, roundTrip, type ClientSocket } from '../../test/sockets'

// The off-platform contact notice (ADR 056): flagged for the receiver, delivered all the same, on both send paths.
let ctx: TestCtx
let url: string
let asha: Session // client
let ravi: Session // freelancer, hired and funded by Asha
let meera: Session // a stranger to both
const sockets: ClientSocket[] = []
const open = async (s: Session) => {
  const sock = await connectAs(url, s)
  sockets.push(sock)
  return sock
}

beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha.s@example.in', fullname: 'Asha Iyer', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi.s@example.in', fullname: 'Ravi Kumar' })
  meera = await signUp(ctx, { email: 'meera.s@example.in', fullname: 'Meera Shah' })
  const job = await hiredJob(ctx.app, asha, ravi, { title: 'Shop signboard design' })
  await fund(ctx.app, asha, job._id)
  url = await listenLocal(ctx.app)
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await ctx?.close()
})

const send = (s: Session, receiver: Session, content: string) =>
  injectAs(ctx.app, s, {
    method: 'POST',
    url: '/api/v1/chat/send',
    payload: { receiver: receiver.user._id, content },
  })
const history = async (s: Session, other: Session) => {
  const res = await injectAs(ctx.app, s, { method: 'GET', url: `/api/v1/chat/messages/${other.user._id}` })
  expect(res.statusCode).toBe(200)
  return res.json().data.messages as { content: string; offPlatform: boolean }[]
}
const stored = async (content: string) =>
  (
    await ctx.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.content, content)))
  )[0]

describe('off-platform contact notice', () => {
  it('HTTP: a phone number to a stranger is delivered and flagged for the receiver only', async () => {
    const content = 'Call me on 98765 43210, we can settle it directly'
    const res = await send(meera, asha, content)
    expect(res.statusCode).toBe(201)
    // The sender is not told.
    expect(res.json().data.message.offPlatform).toBe(false)
    expect((await stored(content)).offPlatform).toBe(true)
    expect((await history(asha, meera)).find((m) => m.content === content)?.offPlatform).toBe(true)
    expect((await history(meera, asha)).find((m) => m.content === content)?.offPlatform).toBe(false)
  })

  it('HTTP: an ordinary message, or a price, is not flagged', async () => {
    for (const content of ['Can you do it for ₹60,000?', 'Write to me at meera@gmail.com']) {
      const res = await send(meera, asha, content)
      expect(res.statusCode).toBe(201)
      expect((await stored(content)).offPlatform).toBe(false)
    }
  })

  it('HTTP: no notice between two people whose contract has money in escrow', async () => {
    const content = 'My UPI is ravi.k@okaxis if you want'
    const res = await send(ravi, asha, content)
    expect(res.statusCode).toBe(201)
    expect((await stored(content)).offPlatform).toBe(false)
    expect((await history(asha, ravi)).find((m) => m.content === content)?.offPlatform).toBe(false)
  })

  it('socket: the receiver gets the flagged message live; the sender and their other tab do not see the flag', async () => {
    const meeraSock = await open(meera)
    const meeraOtherTab = await open(meera)
    const ashaSock = await open(asha)
    const toAsha = collect(ashaSock, 'receiveMessage')
    const toOtherTab = collect(meeraOtherTab, 'receiveMessage')
    const content = 'WhatsApp me: wa.me/919876543210'
    const ack = (await meeraSock.emitWithAck('sendMessage', { receiver: asha.user._id, content })) as any
    expect(ack).toMatchObject({ success: true, message: { content, offPlatform: false } })
    const [m] = await toAsha.until(1)
    expect(m).toMatchObject({ _id: ack.message._id, content, offPlatform: true })
    const [mine] = await toOtherTab.until(1)
    expect(mine).toMatchObject({ _id: ack.message._id, offPlatform: false })
    await roundTrip(meeraSock, meera.user._id)
    expect((await stored(content)).offPlatform).toBe(true)
  })

  it('socket: a Telegram link between funded contract parties is not flagged', async () => {
    const raviSock = await open(ravi)
    const ashaSock = await open(asha)
    const toAsha = collect(ashaSock, 'receiveMessage')
    const content = 'Files are on t.me/ravi_designs'
    const ack = (await raviSock.emitWithAck('sendMessage', { receiver: asha.user._id, content })) as any
    expect(ack.success).toBe(true)
    const [m] = await toAsha.until(1)
    expect(m).toMatchObject({ content, offPlatform: false })
  })
})
