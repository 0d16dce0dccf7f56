import { isPosterRole, type Role } from '@common/roles'
import type { MessageKey } from '@/i18n'

/** One step of getting set up after signup. */
export type ChecklistItemId = 'photo' | 'bio' | 'skills' | 'resume' | 'payout' | 'company' | 'firstJob'

export interface ChecklistItem {
  id: ChecklistItemId
  /** Its words in the catalogue. */
  label: MessageKey
  done: boolean
}

/** What the profile answer does not carry: asked of the server only for the signed-in owner. */
export interface ChecklistFacts {
  /** Payout details saved (GET /payouts/account is not null): freelancers. */
  payoutDetails?: boolean
  /** Companies the user keeps (GET /company): clients. */
  companies?: number
  /** Jobs the user has posted (GET /job/getadminjobs): clients. */
  postedJobs?: number
}

interface ChecklistUser {
  role: Role
  profile: { bio: string; skills: string[]; resume: string | null; profilePhoto: string | null }
}

const LABELS: Record<ChecklistItemId, MessageKey> = {
  photo: 'account.setup.photo',
  bio: 'account.setup.bio',
  skills: 'account.setup.skills',
  resume: 'account.setup.resume',
  payout: 'account.setup.payout',
  company: 'account.setup.company',
  firstJob: 'account.setup.firstJob',
}

/**
 * The newcomer checklist: a freelancer's photo, bio, skills, resume and payout details; a client's (anyone who posts)
 * photo, bio, company and first job. Each item is done from the profile answer or the facts given.
 */
export function checklistItems(user: ChecklistUser, facts: ChecklistFacts): ChecklistItem[] {
  const p = user.profile
  const done: Record<ChecklistItemId, boolean> = {
    photo: !!p.profilePhoto,
    bio: p.bio.trim() !== '',
    skills: p.skills.length > 0,
    resume: !!p.resume,
    payout: !!facts.payoutDetails,
    company: (facts.companies ?? 0) > 0,
    firstJob: (facts.postedJobs ?? 0) > 0,
  }
  const ids: ChecklistItemId[] = isPosterRole(user)
    ? ['photo', 'bio', 'company', 'firstJob']
    : ['photo', 'bio', 'skills', 'resume', 'payout']
  return ids.map((id) => ({ id, label: LABELS[id], done: done[id] }))
}

/** How many of how many are done ("2 of 5 done": `account.setup.progress`), and the progress bar's share (0–100). */
export function checklistProgress(items: readonly ChecklistItem[]) {
  const done = items.filter((i) => i.done).length
  const total = items.length
  return {
    done,
    total,
    percent: total ? Math.round((done / total) * 100) : 100,
    complete: done === total,
  }
}

/** Where a dismissed checklist is remembered, per user on this browser. */
export const dismissedKey = (userId: string) => `microlance:setup-checklist-dismissed:${userId}`

/** Whether this user hid the checklist on this browser. */
export function isChecklistDismissed(userId: string): boolean {
  try {
    return localStorage.getItem(dismissedKey(userId)) === '1'
  } catch {
    return false
  }
}
