import type { NotificationItem } from '../api/get-notifications'

/** What clicking a notification does (product.md §11 "Notification navigation by type"). */
export type NotificationTarget =
  { kind: 'go'; to: string } | { kind: 'chat-window'; senderId: string; jobId?: string } | { kind: 'none' }

export function targetOf(n: Pick<NotificationItem, 'type' | 'metadata'>): NotificationTarget {
  const m = n.metadata ?? {}
  switch (n.type) {
    case 'application_accepted':
      return { kind: 'go', to: m.employerId ? `/chat/${encodeURIComponent(m.employerId)}` : '/chat' }
    case 'application_rejected':
      return {
        kind: 'go',
        to: m.jobId ? `/admin/jobs/${encodeURIComponent(m.jobId)}/applicants` : '/jobs',
      }
    case 'message':
      return m.senderId
        ? { kind: 'chat-window', senderId: m.senderId, jobId: m.jobId }
        : { kind: 'go', to: '/chat' }
    case 'system':
      return { kind: 'none' }
    // Types the original client did not know, sent by features it did not show (ADR 014): their job's page.
    case 'application':
      return m.jobId
        ? { kind: 'go', to: `/admin/jobs/${encodeURIComponent(m.jobId)}/applicants` }
        : { kind: 'none' }
    case 'payment_funded':
    case 'payment_released':
    case 'payment_refunded':
    case 'payment_failed':
    case 'work_submitted':
    case 'payment_requested':
      return m.jobId ? { kind: 'go', to: `/description/${encodeURIComponent(m.jobId)}` } : { kind: 'none' }
    // A like or a comment on the reader's post: their own posts, where its counts and comments are.
    case 'post_liked':
    case 'post_commented':
      return { kind: 'go', to: '/posts' }
    default:
      return { kind: 'none' }
  }
}
