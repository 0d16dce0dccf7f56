import { detectOffPlatform } from '@common/safety'
import {
  MESSAGES_PAGE,
  MessagesAnswer,
  type SendMessageInput,
  SendMessageBody,
  UNREAD_FROM_MAX,
} from '@common/schemas/chat'
import type { Db } from '../../db/client'
import type { UserRow } from '../../db/schema'
import { badRequest, notFound, unauthorized } from '../../errors'
import { publishAfterCommit } from '../../realtime/bus'
import type { JobsService } from '../jobs/jobs.service'
import { presentNotification } from '../notifications/notifications.presenter'
import { notificationsService } from '../notifications/notifications.service'
import { authorize } from './chat.policy'
import { presentConversation, presentJob, presentMessage, presentPerson } from './chat.presenter'
import { createBatcher } from '../../lib/batcher'
import { chatRepo, preparedMessagesPage, type SendInput, type SendOutcome } from './chat.repo'

const CONVERSATIONS_MAX = 100
/** The list shows each conversation's newest shared jobs; the conversation's side panel fetches them all. */
const LIST_JOBS_PER_CONVERSATION = 3
/** The most messages written by one statement, and how many such statements may run at once per instance. */
const SEND_BATCH_MAX = 100
const SEND_BATCHES_IN_FLIGHT = 2
const userNotFound = () => notFound('User not found', 'user_not_found')

/** Parses a send body the same way for HTTP and the socket, with the first problem as the message. */
export function parseSend(body: unknown) {
  const parsed = SendMessageBody.safeParse(body ?? {})
  if (parsed.success) return parsed.data
  const errors: Record<string, string> = {}
  for (const i of parsed.error.issues) errors[i.path.join('.') || 'body'] ??= i.message
  throw badRequest(Object.values(errors)[0] ?? 'Invalid message', 'validation_failed', errors)
}

/** One-to-one chat: conversations, history pages, sending (persist → notify → emit after commit), read state. */
export function chatService(deps: { db: Db; jobs: JobsService }) {
  const { db, jobs } = deps

  // Sends arriving together are written together: one statement and one commit for all of them (ADR 028).
  const sends = createBatcher<SendInput, SendOutcome>(
    async (items) => {
      if (items.length === 1) return [await chatRepo.send(db, items[0])]
      try {
        return await chatRepo.sendMany(db, items)
      } catch {
        // Something in one of them broke the statement (its job deleted meanwhile, say): each on its own, in the
        // order they came, so only that one fails.
        const outcomes: (SendOutcome | Error)[] = []
        for (const v of items)
          outcomes.push(
            await chatRepo.send(db, v).catch((e) => (e instanceof Error ? e : new Error(String(e)))),
          )
        return outcomes
      }
    },
    { maxBatch: SEND_BATCH_MAX, maxInFlight: SEND_BATCHES_IN_FLIGHT },
  )

  const messagesPage = preparedMessagesPage(db)

  const otherPerson = async (me: UserRow, otherId: string) => {
    const other = await chatRepo.person(db, otherId)
    if (!other) throw userNotFound()
    authorize(me, 'message', { receiverId: otherId })
    return other
  }

  const service = {
    async conversations(user: UserRow) {
      const rows = await chatRepo.conversationsOf(db, user.id, CONVERSATIONS_MAX)
      const jobs = await chatRepo.sharedJobs(
        db,
        user.id,
        rows.map((r) => r.other.id),
        LIST_JOBS_PER_CONVERSATION,
      )
      return rows.map((r) =>
        presentConversation(
          r,
          jobs.filter((j) => j.other === r.other.id),
        ),
      )
    },

    /** Who is waiting for the user to read them (the Chat item's badge). */
    unread(user: UserRow) {
      return chatRepo.unreadFrom(db, user.id, UNREAD_FROM_MAX)
    },

    /** The conversation with `otherId` (shared jobs only), even before the first message. */
    async withJobs(user: UserRow, otherId: string) {
      const other = await otherPerson(user, otherId)
      const jobs = await chatRepo.sharedJobs(db, user.id, [otherId])
      return { user: presentPerson(other), jobs: jobs.map(presentJob) }
    },

    /**
     * `messages` as the answer's JSON text. A page back from the newest (or from `before`) is written by the database
     * in one statement (ADR 080); catching up `after` a message is presented here.
     */
    async messagesAnswer(
      user: UserRow,
      otherId: string,
      q: { before?: string; after?: string; limit?: number },
    ): Promise<string> {
      if (q.after)
        return JSON.stringify(
          MessagesAnswer.parse({ success: true, data: await service.messages(user, otherId, q) }),
        )
      const data = await messagesPage(user.id, otherId, {
        beforeSeq: q.before ? Number(q.before) : undefined,
        limit: q.limit ?? MESSAGES_PAGE,
      })
      if (data === null) throw userNotFound()
      // The person exists: the same check `otherPerson` makes, in the same order (not found first).
      authorize(user, 'message', { receiverId: otherId })
      return `{"success":true,"data":${data}}`
    },

    /** A page of messages with `otherId`, oldest→newest within the page; `before` pages back, `after` catches up. */
    async messages(user: UserRow, otherId: string, q: { before?: string; after?: string; limit?: number }) {
      // Both are needed and neither depends on the other: one round trip's wait, not two.
      const [other, conversation] = await Promise.all([
        otherPerson(user, otherId),
        chatRepo.conversationOf(db, user.id, otherId),
      ])
      const limit = q.limit ?? MESSAGES_PAGE
      if (!conversation) return { user: presentPerson(other), messages: [], nextCursor: null }
      authorize(user, 'read', { conversation })
      if (q.after) {
        const anchor = await chatRepo.messageById(db, q.after)
        if (!anchor) throw notFound('Message not found', 'message_not_found')
        authorize(user, 'read', { message: anchor })
        const rows = await chatRepo.page(db, conversation.id, { afterSeq: anchor.seq, limit })
        return {
          user: presentPerson(other),
          messages: rows.map((m) => presentMessage(m, user.id)),
          nextCursor: null,
        }
      }
      const rows = await chatRepo.page(db, conversation.id, {
        beforeSeq: q.before ? Number(q.before) : undefined,
        limit: limit + 1,
      })
      const page = rows.slice(0, limit).reverse()
      return {
        user: presentPerson(other),
        messages: page.map((m) => presentMessage(m, user.id)),
        nextCursor: rows.length > limit ? String(page[0].seq) : null,
      }
    },

    /**
     * Persists a message, raises (or keeps) the receiver's message notification, emits after commit — one statement
     * (ADR 023). `sessionHash` (the socket's session) makes the write depend on that session still being live;
     * `fromSocket`, the socket that sent it, gets the message in its ack and not again as `receiveMessage`.
     */
    async send(
      sender: { id: string; sessionHash?: string | null },
      body: SendMessageInput | unknown,
      fromSocket?: string,
    ) {
      const input = parseSend(body)
      const receiverId = input.receiver.toLowerCase()
      authorize(sender, 'message', { receiverId })
      let jobId: string | null = null
      if (input.jobId) {
        const job = await jobs.peek(input.jobId)
        if (!job) throw notFound('Job not found', 'job_not_found')
        authorize(sender, 'attachJob', { job, receiverId })
        jobId = job.id
      }
      // Contact details for paying outside Microlance, before any money is in escrow between the two: delivered,
      // with a notice for the receiver (ADR 056). The contract lookup runs only for such messages.
      const offPlatform =
        detectOffPlatform(input.content).length > 0 &&
        !(await chatRepo.fundedBetween(db, sender.id, receiverId))
      const sent = await sends.submit({
        senderId: sender.id,
        sessionHash: sender.sessionHash ?? null,
        receiverId,
        jobId,
        content: input.content,
        at: new Date(),
        offPlatform,
      })
      if (!sent.ok) {
        if (!sent.senderOk) throw unauthorized()
        if (!sent.receiverOk) throw userNotFound()
        throw badRequest('You cannot send a message to yourself', 'cannot_message_self')
      }
      const message = presentMessage(sent.message, sent.message.receiverId)
      // The statement has committed: these run after it (ADR 010), in the order a transaction would have run them.
      // In the receiver's language, which the send statement read with the receiver (ADR 078).
      if (sent.notification)
        publishAfterCommit(db, 'receiveNotification', {
          userId: sent.notification.userId,
          notification: presentNotification(sent.notification, sent.language),
        })
      publishAfterCommit(db, 'receiveMessage', { message, exceptSocket: fromSocket })
      return { ...message, offPlatform: false }
    },

    /**
     * Whether two people already know each other here: a conversation between them, or a job they share (one posted
     * it and the other applied, or a message was about it) — what the chat list shows. Who a typing signal may reach.
     */
    async linked(a: string, b: string): Promise<boolean> {
      if (a === b) return false
      if (await chatRepo.conversationOf(db, a, b)) return true
      return (await chatRepo.sharedJobs(db, a, [b], 1)).length > 0
    },

    /** Marks everything `otherId` sent the user as read and tells both sides (read receipts). */
    async markRead(user: UserRow, otherId: string) {
      await otherPerson(user, otherId)
      const conversation = await chatRepo.conversationOf(db, user.id, otherId)
      const readAt = new Date()
      if (!conversation) return { read: 0, readAt: readAt.toISOString() }
      return db.transaction(async (tx) => {
        const read = await chatRepo.markRead(tx, conversation.id, user.id, readAt)
        await notificationsService.readMessagesFrom(tx, user.id, otherId)
        if (read)
          publishAfterCommit(tx, 'messagesRead', {
            readerId: user.id,
            senderId: otherId,
            readAt: readAt.toISOString(),
          })
        return { read, readAt: readAt.toISOString() }
      })
    },
  }
  return service
}
export type ChatService = ReturnType<typeof chatService>
