/** Where a freelancer's released money is (ADR 050), in the words both their hire cards and /earnings use. */

/** What a payout says to the freelancer about where their money is (ADR 050). */
export function payoutStateText(p: { status: string; utr?: string | null }): string {
  switch (p.status) {
    case 'waiting_account':
      return 'Pending payout — add payout details'
    case 'queued':
    case 'transferring':
      return 'On its way'
    case 'paid':
      return p.utr ? `Paid · UTR ${p.utr}` : 'Paid · UTR to follow'
    case 'failed':
      return 'Payout failed — we are retrying'
    default:
      return p.status
  }
}

/** The state in a word or two, for a table whose UTR has a column of its own. */
export function payoutStatusWord(status: string): string {
  switch (status) {
    case 'waiting_account':
      return 'Pending payout'
    case 'queued':
    case 'transferring':
      return 'On its way'
    case 'paid':
      return 'Paid'
    case 'failed':
      return 'Failed, retrying'
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
