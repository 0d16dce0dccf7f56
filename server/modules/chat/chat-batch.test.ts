import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { messages, notifications } from '../../db/schema'
import { createTestApp, signUp, type Session, type TestCtx } from '../../test/helpers'
import { applyTo, postJob } from '../../test/jobs'
import type { JobsService } from '../jobs/jobs.service'
import { chatRepo, type SendInput } from './chat.repo'
import { chatService } from './chat.service'

let ctx: TestCtx
let asha: Session
let ravi: Session
let meera: Session
let job: any

beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
  meera = await signUp(ctx, { email: 'meera@example.in', fullname: 'Meera Shah' })
  job = await postJob(ctx.app, asha, { title: 'Landing page in React' })
  await applyTo(ctx.app, ravi, job._id)
})
afterAll(async () => {
  await ctx?.close()
})
afterEach(() => {
  vi.restoreAllMocks()
})

const db = () => ctx.database.db
const sha = (token: string) => crypto.createHash('sha256').update(token).digest('hex')
const input = (
  v: Partial<SendInput> & Pick<SendInput, 'senderId' | 'receiverId' | 'content'>,
): SendInput => ({
  sessionHash: null,
  jobId: null,
  at: new Date(),
  offPlatform: false,
  ...v,
})
const messagesBetween = async (a: string, b: string) => {
  const c = await chatRepo.conversationOf(db(), a, b)
  if (!c) return []
  return db().select().from(messages).where(eq(messages.conversationId, c.id)).orderBy(messages.seq)
}

describe('chatRepo.sendMany: many messages in one statement', () => {
  it('writes each message as send would, refuses the same ones, and raises one notification per sender', async () => {
    const tricky = 'He said "hi" \\ {a,b} NULL, \'quoted\'\nnext line ₹500 😀'
    const outcomes = await chatRepo.sendMany(db(), [
      input({
        senderId: meera.user._id,
        receiverId: ravi.user._id,
        content: tricky,
        sessionHash: sha(meera.token),
      }),
      input({ senderId: meera.user._id, receiverId: meera.user._id, content: 'to myself' }),
      input({ senderId: meera.user._id, receiverId: crypto.randomUUID(), content: 'to nobody' }),
      input({
        senderId: meera.user._id,
        receiverId: ravi.user._id,
        content: 'ended session',
        sessionHash: sha('x'),
      }),
      input({ senderId: meera.user._id, receiverId: ravi.user._id, content: 'second', jobId: null }),
      input({ senderId: asha.user._id, receiverId: ravi.user._id, content: 'about the job', jobId: job._id }),
      input({ senderId: ravi.user._id, receiverId: meera.user._id, content: 'reply in the same batch' }),
    ])
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, false, false, true, true, true])
    expect(outcomes[1]).toEqual({ ok: false, senderOk: true, receiverOk: true })
    expect(outcomes[2]).toEqual({ ok: false, senderOk: true, receiverOk: false })
    expect(outcomes[3]).toEqual({ ok: false, senderOk: false, receiverOk: true })

    const ok = outcomes.filter((o) => o.ok)
    expect(ok.map((o) => o.message.content)).toEqual([
      tricky,
      'second',
      'about the job',
      'reply in the same batch',
    ])
    expect(ok.map((o) => o.message.senderName)).toEqual([
      'Meera Shah',
      'Meera Shah',
      'Asha Iyer',
      'Ravi Kumar',
    ])
    expect(ok[2].message.jobId).toBe(job._id)

    // Meera ↔ Ravi: one conversation, the three messages in the order given, nothing from the refused rows.
    const stored = await messagesBetween(meera.user._id, ravi.user._id)
    expect(stored.map((m) => m.content)).toEqual([tricky, 'second', 'reply in the same batch'])
    expect(stored.map((m) => m.id)).toEqual([ok[0].message.id, ok[1].message.id, ok[3].message.id])

    // One notification per sender and receiver, on the first of their messages; none for Meera's second.
    expect(ok.map((o) => !!o.notification)).toEqual([true, false, true, true])
    expect(ok[0].notification).toMatchObject({
      userId: ravi.user._id,
      message: 'Meera Shah sent you a message',
    })
    expect(ok[2].notification?.metadata).toEqual({ senderId: asha.user._id, jobId: job._id })
    const ravis = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ravi.user._id), eq(notifications.type, 'message')))
    expect(ravis).toHaveLength(2)

    // A later batch from Meera while Ravi has not read hers raises nothing new.
    const again = await chatRepo.sendMany(db(), [
      input({ senderId: meera.user._id, receiverId: ravi.user._id, content: 'third' }),
      input({ senderId: meera.user._id, receiverId: ravi.user._id, content: 'fourth' }),
    ])
    expect(again.map((o) => o.ok && o.notification)).toEqual([null, null])
  })

  it('a message about a job that no longer exists breaks the statement, and nothing of the batch is written', async () => {
    const before = (await messagesBetween(asha.user._id, meera.user._id)).length
    await expect(
      chatRepo.sendMany(db(), [
        input({ senderId: asha.user._id, receiverId: meera.user._id, content: 'fine' }),
        input({
          senderId: asha.user._id,
          receiverId: meera.user._id,
          content: 'ghost',
          jobId: crypto.randomUUID(),
        }),
      ]),
    ).rejects.toThrow()
    expect(await messagesBetween(asha.user._id, meera.user._id)).toHaveLength(before)
  })
})

describe('chatService.send: sends arriving together share a statement', () => {
  const me = (s: Session) => ({ id: s.user._id as string })

  it('three sends in one turn are written by one statement, and each caller gets its own message', async () => {
    const many = vi.spyOn(chatRepo, 'sendMany')
    const chat = chatService({ db: db(), jobs: { peek: async () => null } as unknown as JobsService })
    const sent = await Promise.all([
      chat.send(me(asha), { receiver: meera.user._id, content: 'one' }),
      chat.send(me(ravi), { receiver: meera.user._id, content: 'two' }),
      chat.send(me(asha), { receiver: meera.user._id, content: 'three' }),
    ])
    expect(sent.map((m) => m.content)).toEqual(['one', 'two', 'three'])
    expect(many).toHaveBeenCalledTimes(1)
    expect(many.mock.calls[0][1]).toHaveLength(3)
    expect((await messagesBetween(asha.user._id, meera.user._id)).slice(-2).map((m) => m.content)).toEqual([
      'one',
      'three',
    ])
  })

  it('when one of them breaks the statement, the others are written one by one and only that one fails', async () => {
    const ghost = { id: crypto.randomUUID(), createdBy: asha.user._id, status: 'active' }
    const chat = chatService({ db: db(), jobs: { peek: async () => ghost } as unknown as JobsService })
    const settled = await Promise.allSettled([
      chat.send(me(ravi), { receiver: meera.user._id, content: 'before the ghost' }),
      chat.send(me(asha), { receiver: meera.user._id, content: 'about a deleted job', jobId: ghost.id }),
      chat.send(me(ravi), { receiver: meera.user._id, content: 'after the ghost' }),
    ])
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    const contents = (await messagesBetween(ravi.user._id, meera.user._id)).map((m) => m.content)
    expect(contents.slice(-2)).toEqual(['before the ghost', 'after the ghost'])
    expect((await messagesBetween(asha.user._id, meera.user._id)).map((m) => m.content)).not.toContain(
      'about a deleted job',
    )
  })
})
