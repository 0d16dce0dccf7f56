/**
 * The one fixed status palette (product.md §13 "Status colours: fixed per status").
 * Plain hex values so any renderer (web badges, emails, docs) can use them; no DOM or Node APIs here.
 */
export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'accent'

export interface ToneColors {
  /** Text colour. */
  fg: string
  /** Background fill. */
  bg: string
  /** Border / dot colour. */
  border: string
}

export const TONE_COLORS: Record<StatusTone, ToneColors> = {
  neutral: { fg: '#334155', bg: '#f1f5f9', border: '#cbd5e1' },
  info: { fg: '#1d4ed8', bg: '#eff6ff', border: '#93c5fd' },
  success: { fg: '#047857', bg: '#ecfdf5', border: '#6ee7b7' },
  warning: { fg: '#b45309', bg: '#fffbeb', border: '#fcd34d' },
  danger: { fg: '#b91c1c', bg: '#fef2f2', border: '#fca5a5' },
  accent: { fg: '#6d28d9', bg: '#f5f3ff', border: '#c4b5fd' },
}

/** Job status (product.md §6): draft, active, closed. */
export const JOB_STATUS_TONE = {
  draft: 'neutral',
  active: 'success',
  closed: 'danger',
} as const satisfies Record<string, StatusTone>

/** Application status (product.md §7): pending, accepted, rejected, interview, offer. */
export const APPLICATION_STATUS_TONE = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'danger',
  interview: 'info',
  offer: 'accent',
} as const satisfies Record<string, StatusTone>

/** Fund status (product.md §8): Not Initiated → In Escrow → Released. */
export const FUND_STATUS_TONE = {
  'Not Initiated': 'neutral',
  'In Escrow': 'info',
  Released: 'success',
} as const satisfies Record<string, StatusTone>

export type JobStatus = keyof typeof JOB_STATUS_TONE
export type ApplicationStatus = keyof typeof APPLICATION_STATUS_TONE
export type FundStatus = keyof typeof FUND_STATUS_TONE

const ALL: Record<string, StatusTone> = {
  ...JOB_STATUS_TONE,
  ...APPLICATION_STATUS_TONE,
  ...FUND_STATUS_TONE,
}

/** The tone for any job, application or fund status; unknown values are neutral. Case-insensitive for the lowercase sets. */
export function statusTone(status: string): StatusTone {
  return ALL[status] ?? ALL[status.toLowerCase()] ?? 'neutral'
}

/** The colours for a status. */
export function statusColors(status: string): ToneColors {
  return TONE_COLORS[statusTone(status)]
}
