/** Where a freelancer's released money is (ADR 050), in the words both their hire cards and /earnings use. */
import { t } from '@/i18n'

/** What a payout says to the freelancer about where their money is (ADR 050). */
export function payoutStateText(p: { status: string; utr?: string | null }): string {
  switch (p.status) {
    case 'waiting_account':
      return t('money.payoutState.waitingAccount')
    case 'queued':
    case 'transferring':
      return t('money.payoutState.onItsWay')
    case 'paid':
      return p.utr ? t('money.payoutState.paidUtr', { utr: p.utr }) : t('money.payoutState.paidUtrToFollow')
    case 'failed':
      return t('money.payoutState.failed')
    default:
      return p.status
  }
}

/** The state in a word or two, for a table whose UTR has a column of its own. */
export function payoutStatusWord(status: string): string {
  switch (status) {
    case 'waiting_account':
      return t('money.payoutState.pending')
    case 'queued':
    case 'transferring':
      return t('money.payoutState.onItsWay')
    case 'paid':
      return t('money.payoutState.paid')
    case 'failed':
      return t('money.payoutState.failedShort')
    default:
      return status
  }
}

/** The tone of a payout's state: waiting on the freelancer, moving, done or in trouble. */
export function payoutTone(status: string): 'waiting' | 'moving' | 'done' | 'failed' {
  if (status === 'waiting_account') return 'waiting'
  if (status === 'paid') return 'done'
  if (status === 'failed') return 'failed'
  return 'moving'
}
