import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ChatUserParams,
  ConversationsAnswer,
  MessagesAnswer,
  MessagesQuery,
  ReadAnswer,
  SendAnswer,
  UnreadAnswer,
  WithJobAnswer,
} from '@common/schemas/chat'
import { scopes } from '../../lib/cache-tags'
import { answerKey, sendCached, sendCachedText, type ReadCache } from '../../lib/read-cache'
import type { ChatService } from './chat.service'

const tags = ['chat']

/** /api/v1/chat (product.md §14). The send body is parsed by the service so HTTP and the socket answer alike. */
export async function chatRoutes(app: FastifyInstance, opts: { chat: ChatService; cache: ReadCache }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { chat, cache } = opts
  // Reads are the person's own answers from the read cache: their messages and read receipts drop them on every
  // instance before they are delivered (ADR 025, 052).

  r.get(
    '/conversations',
    { preHandler: app.requireUser, schema: { tags, response: { 200: ConversationsAnswer } } },
    async (req, reply) =>
      sendCached(
        reply,
        cache,
        answerKey(req, 'conversations'),
        ConversationsAnswer,
        async () => ({
          success: true as const,
          data: { conversations: await chat.conversations(req.user!) },
        }),
        scopes.chat(req),
      ),
  )

  r.get(
    '/unread',
    { preHandler: app.requireUser, schema: { tags, response: { 200: UnreadAnswer } } },
    async (req, reply) =>
      sendCached(
        reply,
        cache,
        answerKey(req, 'unread'),
        UnreadAnswer,
        async () => ({
          success: true as const,
          data: await chat.unread(req.user!),
        }),
        scopes.chat(req),
      ),
  )

  r.get(
    '/conversations/with-job/:userId',
    {
      preHandler: app.requireUser,
      schema: { tags, params: ChatUserParams, response: { 200: WithJobAnswer } },
    },
    async (req, reply) =>
      sendCached(
        reply,
        cache,
        answerKey(req, 'with-job'),
        WithJobAnswer,
        async () => ({
          success: true as const,
          data: { conversation: await chat.withJobs(req.user!, req.params.userId) },
        }),
        scopes.chatJobs(req),
      ),
  )

  r.get(
    '/messages/:userId',
    {
      preHandler: app.requireUser,
      schema: { tags, params: ChatUserParams, querystring: MessagesQuery, response: { 200: MessagesAnswer } },
    },
    async (req, reply) =>
      sendCachedText(
        reply,
        cache,
        answerKey(req, 'messages'),
        () => chat.messagesAnswer(req.user!, req.params.userId, req.query),
        scopes.chat(req),
      ),
  )

  r.post(
    '/send',
    {
      preHandler: app.requireUser,
      onRequest: app.limit('chatSend'),
      schema: { tags, body: z.unknown(), response: { 201: SendAnswer } },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ success: true as const, data: { message: await chat.send(req.user!, req.body) } }),
  )

  r.post(
    '/read/:userId',
    { preHandler: app.requireUser, schema: { tags, params: ChatUserParams, response: { 200: ReadAnswer } } },
    async (req) => ({ success: true as const, data: await chat.markRead(req.user!, req.params.userId) }),
  )
}
