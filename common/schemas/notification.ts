import { z } from 'zod'
import { NOTIFICATION_TYPES } from '../notifications'

export const NOTIFICATIONS_PAGE = 20
export const NOTIFICATIONS_PAGE_MAX = 100

export const NotificationDto = z.object({
  _id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  metadata: z.record(z.string(), z.string()),
})
export type NotificationItem = z.infer<typeof NotificationDto>

export const NotificationsQuery = z.object({
  // The (createdAt, id) of the last row shown: a time that parses and a uuid, or the request is refused (not a 500).
  cursor: z
    .string()
    .max(200)
    .regex(
      /^\d{4}-\d{2}-\d{2}T[\d:.]+Z\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      'Not a valid cursor',
    )
    .refine((c) => !Number.isNaN(Date.parse(c.split('|')[0])), 'Not a valid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).optional(),
})

/**
 * GET /notification: newest first (the web app reads `notifications[]`, product.md §14), with the unread count for
 * the bell.
 */
export const NotificationsAnswer = z.object({
  success: z.literal(true),
  notifications: z.array(NotificationDto),
  unreadCount: z.number(),
  nextCursor: z.string().nullable(),
})
export const NotificationReadAnswer = z.object({
  success: z.literal(true),
  notification: NotificationDto,
  unreadCount: z.number(),
})
export const NotificationsReadAllAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  unreadCount: z.number(),
})
