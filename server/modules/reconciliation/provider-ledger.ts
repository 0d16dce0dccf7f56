import { rupees, type Mismatch } from './reconciliation.types'

/** A refund or a transfer as the provider holds it (Razorpay's entities, the fields reconciliation compares). */
export interface ProviderItem {
  id: string
  amountPaise: number
  status: string
  /** Our reference, from the entity's notes (or a refund's receipt). */
  reference: string | null
}

/**
 * What the provider holds for one captured payment: its refunds (`GET /v1/payments/{id}/refunds`) and its transfers
 * (`GET /v1/payments/{id}/transfers`). The payment and payout providers' own list calls satisfy it.
 */
export interface ProviderLedger {
  listRefunds(paymentId: string): Promise<ProviderItem[]>
  listTransfers(paymentId: string): Promise<ProviderItem[]>
}

/** One of our refunds or transfers rows, as compared with the provider's. */
export interface OurItem {
  id: string
  providerId: string | null
  reference: string
  amountPaise: number
  status: string
}

/** Razorpay's transfer states in ours: `created` is one not yet processed. */
const normalStatus = (s: string) => (s === 'created' ? 'pending' : s)

/** Our rows of one payment against the provider's list: by provider id (or our reference), amount and status. */
export function compareItems(
  what: 'refund' | 'transfer',
  paymentId: string,
  ours: OurItem[],
  theirs: ProviderItem[],
): Mismatch[] {
  const out: Mismatch[] = []
  const seen = new Set<string>()
  for (const p of theirs) {
    const row =
      ours.find((o) => o.providerId === p.id) ??
      ours.find((o) => !o.providerId && p.reference !== null && o.reference === p.reference)
    // A retried refund leaves its earlier failed attempt at the provider, under the same reference: no money moved.
    if (!row && p.status === 'failed' && ours.some((o) => o.reference === p.reference)) continue
    if (!row) {
      out.push({
        kind: `provider_${what}_unknown`,
        subject: p.id,
        expected: null,
        actual: `${rupees(p.amountPaise)} ${p.status}`,
        detail: `The provider holds a ${what} of payment ${paymentId} that we have no row for`,
      })
      continue
    }
    seen.add(row.id)
    const status = normalStatus(p.status)
    // A pending row is in flight (the executor or a webhook brings the provider's answer); one left pending for long
    // is listed as stuck on the money page instead.
    if (row.status === 'pending') continue
    if (row.amountPaise !== p.amountPaise || row.status !== status || row.providerId !== p.id)
      out.push({
        kind: `provider_${what}_differs`,
        subject: row.id,
        expected: `${p.id} ${rupees(p.amountPaise)} ${status}`,
        actual: `${row.providerId ?? 'no provider id'} ${rupees(row.amountPaise)} ${row.status}`,
        detail: `Our ${what} row differs from the provider's (id, amount or status)`,
      })
  }
  for (const o of ours)
    if (o.providerId && !seen.has(o.id))
      out.push({
        kind: `provider_${what}_missing`,
        subject: o.id,
        expected: `${o.providerId} at the provider`,
        actual: null,
        detail: `The provider does not list this ${what} of payment ${paymentId}`,
      })
  return out
}
