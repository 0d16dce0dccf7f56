import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import {
  contracts,
  invoices,
  jobs,
  paymentOrders,
  payments,
  payoutAccounts,
  payouts,
  refunds,
  transfers,
  users,
  type InvoiceRow,
  type PayoutAccountRow,
  type PayoutRow,
  type RefundRow,
  type TransferRow,
  type UserRow,
} from '../../db/schema'

/** A captured payment as its payer's receipt shows it. */
export interface FundingRow {
  id: string
  providerPaymentId: string
  provider: 'sandbox' | 'razorpay'
  amountPaise: number
  units: number
  paidAt: Date
  payerId: string
  jobId: string
  jobTitle: string | null
  contractId: string | null
}

/** A release's split with what the documents print beside it. */
export interface ReleaseRow {
  payout: PayoutRow
  jobTitle: string | null
  invoiceNumber: string | null
}

const fundingColumns = {
  id: payments.id,
  providerPaymentId: payments.providerPaymentId,
  provider: paymentOrders.provider,
  amountPaise: payments.amountPaise,
  units: paymentOrders.units,
  paidAt: payments.createdAt,
  payerId: paymentOrders.payerId,
  jobId: paymentOrders.jobId,
  jobTitle: jobs.title,
  contractId: paymentOrders.contractId,
}

/** Reads for the money documents (ADR 051): SQL only, nothing written. Ids are checked as UUIDs by the caller. */
export const documentsRepo = {
  async user(db: Executor, id: string): Promise<UserRow | null> {
    return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] ?? null
  },
  async payoutAccount(db: Executor, userId: string): Promise<PayoutAccountRow | null> {
    return (
      (await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1))[0] ?? null
    )
  },
  async jobTitle(db: Executor, jobId: string): Promise<string | null> {
    return (
      (await db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, jobId)).limit(1))[0]?.title ?? null
    )
  },
  async contractParties(db: Executor, contractId: string) {
    return (
      (
        await db
          .select({ clientId: contracts.clientId, freelancerId: contracts.freelancerId })
          .from(contracts)
          .where(eq(contracts.id, contractId))
          .limit(1)
      )[0] ?? null
    )
  },

  async invoice(db: Executor, id: string): Promise<{ invoice: InvoiceRow; payout: PayoutRow } | null> {
    const [row] = await db
      .select({ invoice: invoices, payout: payouts })
      .from(invoices)
      .innerJoin(payouts, eq(payouts.id, invoices.payoutId))
      .where(eq(invoices.id, id))
      .limit(1)
    return row ?? null
  },
  async invoicesOf(db: Executor, freelancerId: string, fy: string): Promise<InvoiceRow[]> {
    return db
      .select()
      .from(invoices)
      .where(and(eq(invoices.freelancerId, freelancerId), eq(invoices.financialYear, fy)))
      .orderBy(asc(invoices.seq))
  },

  async payout(db: Executor, id: string): Promise<PayoutRow | null> {
    return (await db.select().from(payouts).where(eq(payouts.id, id)).limit(1))[0] ?? null
  },
  /** A freelancer's releases of one financial year, oldest first, with job titles and invoice numbers. */
  async releasesOf(db: Executor, freelancerId: string, fy: string): Promise<ReleaseRow[]> {
    return db
      .select({ payout: payouts, jobTitle: jobs.title, invoiceNumber: invoices.number })
      .from(payouts)
      .leftJoin(jobs, eq(jobs.id, payouts.jobId))
      .leftJoin(invoices, eq(invoices.payoutId, payouts.id))
      .where(and(eq(payouts.freelancerId, freelancerId), eq(payouts.financialYear, fy)))
      .orderBy(asc(payouts.createdAt), asc(payouts.id))
  },
  async invoiceNumberOf(db: Executor, payoutId: string): Promise<string | null> {
    return (
      (
        await db
          .select({ number: invoices.number })
          .from(invoices)
          .where(eq(invoices.payoutId, payoutId))
          .limit(1)
      )[0]?.number ?? null
    )
  },
  async transfersOf(db: Executor, payoutIds: string[]): Promise<TransferRow[]> {
    if (payoutIds.length === 0) return []
    return db
      .select()
      .from(transfers)
      .where(inArray(transfers.payoutId, payoutIds))
      .orderBy(asc(transfers.createdAt), asc(transfers.id))
  },

  /** A captured payment with its order (failed payments get no receipt). */
  async funding(db: Executor, paymentId: string): Promise<FundingRow | null> {
    const [row] = await db
      .select(fundingColumns)
      .from(payments)
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .leftJoin(jobs, eq(jobs.id, paymentOrders.jobId))
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'captured')))
      .limit(1)
    return row ?? null
  },
  /** A payer's captured payments between two instants (a financial year), oldest first. */
  async fundingsOf(db: Executor, payerId: string, from: Date, to: Date): Promise<FundingRow[]> {
    return db
      .select(fundingColumns)
      .from(payments)
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .leftJoin(jobs, eq(jobs.id, paymentOrders.jobId))
      .where(
        and(
          eq(paymentOrders.payerId, payerId),
          eq(payments.status, 'captured'),
          gte(payments.createdAt, from),
          lt(payments.createdAt, to),
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id))
  },
  /** Refunds to a client made between two instants, oldest first. */
  async refundsOf(db: Executor, clientId: string, from: Date, to: Date): Promise<RefundRow[]> {
    return db
      .select()
      .from(refunds)
      .where(and(eq(refunds.clientId, clientId), gte(refunds.createdAt, from), lt(refunds.createdAt, to)))
      .orderBy(asc(refunds.createdAt), asc(refunds.id))
  },

  /** The financial years a user has releases in, and the instants of their captured payments. */
  async activity(db: Executor, userId: string): Promise<{ years: string[]; paidAt: Date[] }> {
    const years = await db
      .selectDistinct({ fy: payouts.financialYear })
      .from(payouts)
      .where(eq(payouts.freelancerId, userId))
    const paid = await db
      .select({ at: payments.createdAt })
      .from(payments)
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .where(and(eq(paymentOrders.payerId, userId), eq(payments.status, 'captured')))
    return { years: years.map((y) => y.fy), paidAt: paid.map((p) => p.at) }
  },
}
