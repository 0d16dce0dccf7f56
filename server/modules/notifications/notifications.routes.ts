import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  NotificationReadAnswer,
  NotificationsAnswer,
  NotificationsQuery,
  NotificationsReadAllAnswer,
} from '@common/schemas/notification'
import { scopes } from '../../lib/cache-tags'
import { answerKey, sendCached, type ReadCache } from '../../lib/read-cache'
import { presentNotification } from './notifications.presenter'
import { notificationsService } from './notifications.service'

const IdParams = z.object({ id: z.string().uuid('Not a valid notification id') })
const tags = ['notifications']

/** /api/v1/notification (product.md §14): the caller's own notifications only. */
export async function notificationsRoutes(app: FastifyInstance, opts: { cache: ReadCache }) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.get(
    '/',
    {
      preHandler: app.requireUser,
      schema: { tags, querystring: NotificationsQuery, response: { 200: NotificationsAnswer } },
    },
    // The person's own page from the read cache; their new notification or read drops it everywhere (ADR 025, 052).
    async (req, reply) =>
      sendCached(
        reply,
        opts.cache,
        // One page per language: a person who switches language reads their notifications in the new one.
        answerKey(req, `notifications.${req.user!.language}`),
        NotificationsAnswer,
        async () => {
          const page = await notificationsService.list(app.db, req.user!, req.query)
          return {
            success: true as const,
            notifications: page.notifications.map((n) => presentNotification(n, req.user!.language)),
            unreadCount: page.unreadCount,
            nextCursor: page.nextCursor,
          }
        },
        scopes.notifications(req),
      ),
  )

  r.patch(
    '/read-all',
    { preHandler: app.requireUser, schema: { tags, response: { 200: NotificationsReadAllAnswer } } },
    async (req) => {
      const changed = await notificationsService.markAllRead(app.db, req.user!)
      return {
        success: true as const,
        message: changed ? 'All notifications marked as read' : 'No unread notifications',
        unreadCount: 0,
      }
    },
  )

  r.patch(
    '/:id/read',
    {
      preHandler: app.requireUser,
      schema: { tags, params: IdParams, response: { 200: NotificationReadAnswer } },
    },
    async (req) => {
      const { notification, unreadCount } = await notificationsService.markRead(
        app.db,
        req.user!,
        req.params.id,
      )
      return {
        success: true as const,
        notification: presentNotification(notification, req.user!.language),
        unreadCount,
      }
    },
  )
}
