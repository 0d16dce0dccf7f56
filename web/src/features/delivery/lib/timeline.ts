import type { TimelineEventDtoType, TimelineKind } from '@common/schemas/contract'
import { rupees } from '@/lib/rupees'
import { t, type MessageKey } from '@/i18n'

const who = (e: TimelineEventDtoType, fallback: MessageKey) => e.actor?.fullname ?? t(fallback)
const money = (v: unknown) => (typeof v === 'number' ? rupees(v) : '')
const unitsPart = (v: unknown) =>
  typeof v === 'number' && v > 0 ? t('contract.timeline.units', { units: v }) : ''

/** One sentence per timeline entry, in the reader's language: who did what, with its amount. */
export function sentenceOf(e: TimelineEventDtoType): string {
  const d = e.data
  const amount = money(d.amount)
  const units = unitsPart(d.units)
  const text: Record<TimelineKind, () => string> = {
    funded: () =>
      t('contract.timeline.funded', { who: who(e, 'contract.timeline.theClient'), amount, units }),
    submitted: () =>
      t('contract.timeline.submitted', { who: who(e, 'contract.timeline.theFreelancer'), units }),
    changes_requested: () =>
      t('contract.timeline.changesRequested', { who: who(e, 'contract.timeline.theClient') }),
    released: () =>
      e.actor
        ? t('contract.timeline.releasedBy', { who: e.actor.fullname, amount, units })
        : t('contract.timeline.released', { amount, units }),
    auto_released: () => t('contract.timeline.autoReleased', { amount, units }),
    refunded: () => t('contract.timeline.refunded', { amount }),
    disputed: () => t('contract.timeline.disputed', { who: who(e, 'contract.timeline.someone') }),
    dispute_answered: () =>
      t('contract.timeline.disputeAnswered', { who: who(e, 'contract.timeline.theOtherSide') }),
    settlement_proposed: () =>
      t('contract.timeline.settlementProposed', { who: who(e, 'contract.timeline.someone') }),
    settlement_accepted: () =>
      t('contract.timeline.settlementAccepted', { who: who(e, 'contract.timeline.someone') }),
    settlement_declined: () =>
      t('contract.timeline.settlementDeclined', { who: who(e, 'contract.timeline.someone') }),
    resolved: () => t('contract.timeline.resolved'),
    reviewed: () => t('contract.timeline.reviewed', { who: who(e, 'contract.timeline.someone') }),
    reminder_sent: () => t('contract.timeline.reminderSent'),
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
