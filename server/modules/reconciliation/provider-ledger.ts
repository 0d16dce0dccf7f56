import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
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

/**
 * The sandbox's side, read from our own rows: every row the sandbox answered carries its provider id. It can only
 * disagree with us through a row whose provider id was lost, so it proves the comparison runs, not the provider.
 */
export function rowsProviderLedger(db: Db): ProviderLedger {
  const list = async (table: 'refunds' | 'transfers', paymentId: string) => {
    const idColumn = sql.raw(table === 'refunds' ? 'provider_refund_id' : 'provider_transfer_id')
    const r = await db.execute(sql`select ${idColumn} as id, amount_paise, status, reference
      from ${sql.raw(table)} where provider_payment_id = ${paymentId} and ${idColumn} is not null`)
    return (r.rows as Record<string, unknown>[]).map((x) => ({
      id: String(x.id),
      amountPaise: Number(x.amount_paise),
      status: String(x.status),
      reference: String(x.reference),
    }))
  }
  return {
    listRefunds: (paymentId) => list('refunds', paymentId),
    listTransfers: (paymentId) => list('transfers', paymentId),
  }
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
