import type { ChatJobDto, ChatMessage, ChatPersonDto, ConversationItem } from '@common/schemas/chat'
import { paiseToRupees } from '@common/money'
import type { ConversationListRow, MessageWithSender, SharedJobRow } from './chat.repo'

export const presentPerson = (p: ConversationListRow['other']): ChatPersonDto => ({
  _id: p.id,
  userId: p.userId,
  username: p.username,
  fullname: p.fullname,
  profilePhoto: p.profilePhoto,
})

/** A message as `viewerId` reads it: only its receiver is shown the off-platform notice (ADR 056). */
export const presentMessage = (m: MessageWithSender, viewerId: string): ChatMessage => ({
  _id: m.id,
  sender: { _id: m.senderId, fullname: m.senderName },
  receiver: m.receiverId,
  content: m.content,
  jobId: m.jobId,
  createdAt: m.createdAt.toISOString(),
  readAt: m.readAt ? m.readAt.toISOString() : null,
  seq: String(m.seq),
  offPlatform: m.offPlatform && m.receiverId === viewerId,
})

export const presentJob = (j: SharedJobRow): ChatJobDto => ({
  _id: j.id,
  title: j.title,
  status: j.status,
  fundStatus: j.fundStatus,
  total: paiseToRupees(j.totalPaise),
  paymentType: j.paymentType,
  createdBy: j.createdBy,
  createdAt: j.createdAt.toISOString(),
})

export const presentConversation = (c: ConversationListRow, jobs: SharedJobRow[]): ConversationItem => ({
  _id: c.id,
  user: presentPerson(c.other),
  lastMessage: c.last
    ? {
        _id: c.last.id,
        content: c.last.content,
        createdAt: c.last.createdAt.toISOString(),
        sender: c.last.senderId,
      }
    : null,
  unreadCount: c.unread,
  jobs: jobs.map(presentJob),
  jobCount: jobs[0]?.sharedCount ?? 0,
})
