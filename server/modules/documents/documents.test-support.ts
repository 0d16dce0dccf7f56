import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { financialYearOf } from '@common/financial-year'
import { splitRelease } from '@common/tax'
import { panEntityOf } from '@common/tax-ids'
import type { Db } from '../../db/client'
import { ledgerTransactions, payoutAccounts, payouts } from '../../db/schema'
import { issueFeeInvoice, payoutFigures } from '../payments/payments.release'
import type { Sealer } from '../payouts/sealer'

/**
 * Test support: the rows a release writes (ADR 050) — a release ledger transaction, its payouts row, the fee's GST
 * invoice with the next number of its year — written directly, split by `splitRelease` as the release does, for a
 * fixture whose app charges no fee (the authorization matrix's kit), where a real release issues no invoice.
 */
export async function insertRelease(
  db: Db,
  sealer: Sealer,
  v: {
    jobId: string
    contractId: string
    freelancerId: string
    clientId: string
    grossPaise: number
    feeBps: number
    platformState: string
    at?: Date
  },
) {
  const at = v.at ?? new Date()
  const fy = financialYearOf(at)
  // Without payout details: no PAN (5 % TDS) and, as the release assumes, the platform's own state.
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, v.freelancerId))
  const pan = account ? sealer.open(account.panSealed, `payout:${v.freelancerId}:pan`) : null
  const state = account?.state ?? v.platformState
  const split = splitRelease({
    grossPaise: v.grossPaise,
    feeBps: v.feeBps,
    platformState: v.platformState,
    freelancer: {
      state,
      hasPan: pan !== null,
      panEntity: pan ? panEntityOf(pan) : undefined,
      hasGstin: !!account?.gstinSealed,
    },
    fyGrossBeforePaise: 0,
  })
  return db.transaction(async (tx) => {
    const [txn] = await tx
      .insert(ledgerTransactions)
      .values({
        kind: 'release',
        jobId: v.jobId,
        contractId: v.contractId,
        idempotencyKey: `test-release-${crypto.randomUUID()}`,
        amountPaise: v.grossPaise,
        createdAt: at,
      })
      .returning()
    const [payout] = await tx
      .insert(payouts)
      .values({
        releaseTransactionId: txn.id,
        jobId: v.jobId,
        contractId: v.contractId,
        freelancerId: v.freelancerId,
        clientId: v.clientId,
        financialYear: fy,
        ...payoutFigures(split),
        status: 'queued',
        createdAt: at,
      })
      .returning()
    const invoice = await issueFeeInvoice(tx, {
      prefix: 'ML',
      financialYear: fy,
      payoutId: payout.id,
      freelancerId: v.freelancerId,
      placeOfSupply: state,
      recipientGstinSealed: account?.gstinSealed ?? null,
      split,
      issuedAt: at,
    })
    return { payout, invoice, split }
  })
}
