import type { TimelineEventDtoType, TimelineKind } from '@common/schemas/contract'
import { formatRupees } from '@common/money'

/** "26 Nov 2026, 3:04 pm" in the reader's own locale and time zone (undefined: the browser's). */
export function formatWhen(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
}

const who = (e: TimelineEventDtoType, fallback: string) => e.actor?.fullname ?? fallback
const money = (v: unknown) => (typeof v === 'number' ? formatRupees(v) : '')
const unitsPart = (v: unknown) =>
  typeof v === 'number' && v > 0 ? ` (${v} ${v === 1 ? 'unit' : 'units'})` : ''

/** One sentence per timeline entry: who did what, with its amount. */
export function sentenceOf(e: TimelineEventDtoType): string {
  const d = e.data
  const text: Record<TimelineKind, () => string> = {
    funded: () => `${who(e, 'The client')} put ${money(d.amount)} in escrow${unitsPart(d.units)}`,
    submitted: () => `${who(e, 'The freelancer')} submitted work${unitsPart(d.units)}`,
    changes_requested: () => `${who(e, 'The client')} asked for changes`,
    released: () =>
      e.actor
        ? `${e.actor.fullname} released ${money(d.amount)}${unitsPart(d.units)}`
        : `${money(d.amount)} was released${unitsPart(d.units)}`,
    auto_released: () =>
      `${money(d.amount)} was released automatically${unitsPart(d.units)}: the review window ended without an answer`,
    refunded: () => `${money(d.amount)} was refunded to the client`,
    disputed: () => `${who(e, 'Someone')} opened a dispute`,
    dispute_answered: () => `${who(e, 'The other side')} answered the dispute`,
    settlement_proposed: () => `${who(e, 'Someone')} proposed a settlement`,
    settlement_accepted: () => `${who(e, 'Someone')} accepted the settlement`,
    settlement_declined: () => `${who(e, 'Someone')} declined the settlement`,
    resolved: () => 'The dispute was resolved',
    reviewed: () => `${who(e, 'Someone')} wrote a review`,
    reminder_sent: () => 'The client was reminded that the review window ends soon',
  }
  return (text[e.kind] ?? (() => e.kind))()
}

/** The text an entry shows under its sentence: the submission's message or the reason for changes. */
export function detailOf(e: TimelineEventDtoType): string | null {
  const v = e.kind === 'submitted' ? e.data.message : e.kind === 'changes_requested' ? e.data.reason : null
  return typeof v === 'string' && v.trim() ? v : null
}

/** Files attached to an entry (uploads of the server). */
export function attachmentsOf(e: TimelineEventDtoType): string[] {
  const a = e.data.attachments
  return Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string') : []
}
