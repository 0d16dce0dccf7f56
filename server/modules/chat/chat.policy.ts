import type { ConversationRow, JobRow, MessageRow, UserRow } from '../../db/schema'
import { badRequest, forbidden } from '../../errors'

export type ChatAction = 'read' | 'message' | 'attachJob'

/** Only the two members of a conversation read it; nobody messages themself; a job attached is one of theirs. */
export function can(
  user: Pick<UserRow, 'id'>,
  action: ChatAction,
  target: { conversation?: ConversationRow; message?: MessageRow; receiverId?: string; job?: JobRow },
): boolean {
  switch (action) {
    case 'read': {
      const c = target.conversation
      const m = target.message
      if (c) return c.userA === user.id || c.userB === user.id
      return !!m && (m.senderId === user.id || m.receiverId === user.id)
    }
    case 'message':
      return target.receiverId !== user.id
    case 'attachJob': {
      const j = target.job
      if (!j) return false
      const ours = j.createdBy === user.id || j.createdBy === target.receiverId
      return ours && (j.status !== 'draft' || j.createdBy === user.id)
    }
  }
}

export function authorize(
  user: Pick<UserRow, 'id'>,
  action: ChatAction,
  target: { conversation?: ConversationRow; message?: MessageRow; receiverId?: string; job?: JobRow },
): void {
  if (can(user, action, target)) return
  if (action === 'message') throw badRequest('You cannot send a message to yourself', 'cannot_message_self')
  if (action === 'attachJob')
    throw forbidden('A message can only be about a job one of you posted', 'job_not_shared')
  throw forbidden('Only the two people in a conversation can read it', 'not_member')
}
