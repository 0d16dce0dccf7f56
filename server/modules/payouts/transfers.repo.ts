import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { payouts, transfers, type PayoutRow, type TransferRow } from '../../db/schema'

const n = (v: unknown) => Number(v ?? 0)
const rows = <T>(r: { rows: unknown[] }) => r.rows as T[]

/** The provider_payment_id of a transfer from the merchant balance (`POST /v1/transfers`), not from a payment. */
export const DIRECT = 'direct'

/** A captured payment of a contract and the room left on it for transfers (paise). */
export interface PaymentRoom {
  providerPaymentId: string
  captured: number
  refunded: number
  transferred: number
  refundStarted: boolean
}

const toTransfer = (x: any): TransferRow => ({
  id: x.id,
  reference: x.reference,
  payoutId: x.payout_id,
  freelancerId: x.freelancer_id,
  providerPaymentId: x.provider_payment_id,
  providerAccountId: x.provider_account_id,
  amountPaise: n(x.amount_paise),
  status: x.status,
  providerTransferId: x.provider_transfer_id,
  settlementId: x.settlement_id,
  utr: x.utr,
  settledAt: x.settled_at ? new Date(x.settled_at) : null,
  failureReason: x.failure_reason,
  attempts: n(x.attempts),
  nextAttemptAt: x.next_attempt_at ? new Date(x.next_attempt_at) : null,
  createdAt: new Date(x.created_at),
  updatedAt: new Date(x.updated_at),
  processedAt: x.processed_at ? new Date(x.processed_at) : null,
})

/** Payouts to freelancers and their transfers (ADR 050): SQL only. */
export const transfersRepo = {
  /** Queued payouts whose freelancer's linked account is activated: ready to be split into transfers. */
  async queuedReady(db: Executor, limit = 50): Promise<string[]> {
    const r = await db.execute(sql`select p.id from payouts p
        join payout_accounts a on a.user_id = p.freelancer_id
       where p.status = 'queued' and a.status = 'activated' and a.provider_account_id is not null
       order by p.created_at limit ${limit}`)
    return rows<{ id: string }>(r).map((x) => x.id)
  },

  /** The payout, locked; null when another instance holds it. */
  async lockPayout(db: Executor, id: string): Promise<PayoutRow | null> {
    return (
      (await db.select().from(payouts).where(eq(payouts.id, id)).for('update', { skipLocked: true }))[0] ??
      null
    )
  },

  async payout(db: Executor, id: string): Promise<PayoutRow | null> {
    return (await db.select().from(payouts).where(eq(payouts.id, id)))[0] ?? null
  },

  /** Transfers of one contract are planned one at a time, so two payouts never count the same room twice. */
  async lockContract(db: Executor, contractId: string) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`transfers:${contractId}`}))`)
  },

  /** What of a payout is already asked for (every transfer but the failed ones, which are replaced). */
  async askedFor(db: Executor, payoutId: string): Promise<number> {
    const r = await db.execute(sql`select coalesce(sum(amount_paise), 0) as s from transfers
      where payout_id = ${payoutId}::uuid and status <> 'failed'`)
    return n((r.rows[0] as { s: unknown }).s)
  },

  /**
   * The contract's captured payments, oldest first, with what was refunded (any refund row, whatever its state) and
   * transferred from each; for a contract holding its job's escrow, also the job's payments made before the hire.
   */
  async paymentRoom(db: Executor, contractId: string): Promise<PaymentRoom[]> {
    const r = await db.execute(sql`
      select p.provider_payment_id, p.amount_paise as captured,
        coalesce((select sum(f.amount_paise) from refunds f where f.provider_payment_id = p.provider_payment_id), 0)
          as refunded,
        exists (select 1 from refunds f where f.provider_payment_id = p.provider_payment_id) as refund_started,
        coalesce((select sum(t.amount_paise) from transfers t where t.provider_payment_id = p.provider_payment_id
                   and t.status in ('pending', 'processed')), 0) as transferred
        from payments p
        join payment_orders o on o.id = p.order_id
        join contracts c on c.id = ${contractId}::uuid
       where p.status = 'captured'
         and (o.contract_id = c.id or (c.holds_job_escrow and o.contract_id is null and o.job_id = c.job_id))
       order by p.created_at, p.id`)
    return rows<any>(r).map((x) => ({
      providerPaymentId: String(x.provider_payment_id),
      captured: n(x.captured),
      refunded: n(x.refunded),
      transferred: n(x.transferred),
      refundStarted: x.refund_started === true || x.refund_started === 't',
    }))
  },

  async insertTransfers(db: Executor, v: (typeof transfers.$inferInsert)[]): Promise<void> {
    if (v.length) await db.insert(transfers).values(v)
  },

  async setPayoutStatus(
    db: Executor,
    id: string,
    status: PayoutRow['status'],
    extra: { failureReason?: string | null; paid?: boolean } = {},
  ) {
    await db
      .update(payouts)
      .set({
        status,
        updatedAt: new Date(),
        ...(extra.failureReason !== undefined ? { failureReason: extra.failureReason } : {}),
        ...(extra.paid ? { paidAt: new Date() } : {}),
      })
      .where(eq(payouts.id, id))
  },

  /** Takes up to `limit` due pending transfers, leasing each for two minutes so no other instance sends it too. */
  async claimDue(db: Executor, limit = 20): Promise<TransferRow[]> {
    const r = await db.execute(sql`update transfers set attempts = attempts + 1,
        next_attempt_at = now() + interval '2 minutes', updated_at = now()
      where id in (select id from transfers where status = 'pending' and next_attempt_at <= now()
                    order by next_attempt_at limit ${limit} for update skip locked)
      returning *`)
    return rows<any>(r).map(toTransfer)
  },

  /** Failed transfers whose retry is due: each is retired (no further attempt) and its payout queued again. */
  async retireDueFailures(db: Executor): Promise<{ id: string; payoutId: string }[]> {
    const r = await db.execute(sql`update transfers set next_attempt_at = null, updated_at = now()
      where id in (select id from transfers where status = 'failed' and next_attempt_at <= now()
                    for update skip locked)
      returning id, payout_id`)
    return rows<any>(r).map((x) => ({ id: String(x.id), payoutId: String(x.payout_id) }))
  },

  async byId(db: Executor, id: string, lock = false): Promise<TransferRow | null> {
    const q = db.select().from(transfers).where(eq(transfers.id, id))
    return (await (lock ? q.for('update') : q))[0] ?? null
  },

  async retryNow(db: Executor, id: string) {
    await db.execute(
      sql`update transfers set next_attempt_at = now(), updated_at = now() where id = ${id}::uuid`,
    )
  },

  /** The transfer a provider event is about: by the provider's id, else by our reference. */
  async byProvider(db: Executor, providerId: string, reference: string | null): Promise<TransferRow | null> {
    const r = await db
      .select()
      .from(transfers)
      .where(
        reference
          ? sql`${transfers.providerTransferId} = ${providerId} or ${transfers.reference} = ${reference}`
          : eq(transfers.providerTransferId, providerId),
      )
      .for('update')
      .limit(1)
    return r[0] ?? null
  },

  /** Pending → processed; false when it was not pending (a repeat, or another instance got there first). */
  async markProcessed(db: Executor, id: string, providerId: string, at: Date): Promise<boolean> {
    const r = await db.execute(sql`update transfers set status = 'processed',
        provider_transfer_id = coalesce(provider_transfer_id, ${providerId}), processed_at = ${at.toISOString()},
        next_attempt_at = null, failure_reason = null, updated_at = now()
      where id = ${id}::uuid and status = 'pending' returning id`)
    return r.rows.length > 0
  },

  /** Pending → failed, to be retried at `retryAt`; false when it was not pending. */
  async markFailed(
    db: Executor,
    id: string,
    v: { providerId: string | null; reason: string; retryAt: Date },
  ): Promise<boolean> {
    const r = await db.execute(sql`update transfers set status = 'failed',
        provider_transfer_id = coalesce(provider_transfer_id, ${v.providerId}), failure_reason = ${v.reason},
        next_attempt_at = ${v.retryAt.toISOString()}, updated_at = now()
      where id = ${id}::uuid and status = 'pending' returning id`)
    return r.rows.length > 0
  },

  /** Still pending at the provider: keep its id, look again at `at` (in case its webhook never comes). */
  async stillPending(db: Executor, id: string, v: { providerId: string | null; reason?: string; at: Date }) {
    await db.execute(sql`update transfers set provider_transfer_id = coalesce(provider_transfer_id, ${v.providerId}),
        failure_reason = ${v.reason ?? null}, next_attempt_at = ${v.at.toISOString()}, updated_at = now()
      where id = ${id}::uuid and status = 'pending'`)
  },

  /** How many transfers of the payout failed so far (the retry backs off with it). */
  async failures(db: Executor, payoutId: string): Promise<number> {
    const r = await db.execute(
      sql`select count(*)::int as c from transfers where payout_id = ${payoutId}::uuid and status = 'failed'`,
    )
    return n((r.rows[0] as { c: unknown }).c)
  },

  /** Processed and pending paise of a payout's live transfers. */
  async progress(db: Executor, payoutId: string): Promise<{ processed: number; pending: number }> {
    const r = await db.execute(sql`select
        coalesce(sum(amount_paise) filter (where status = 'processed'), 0) as processed,
        count(*) filter (where status = 'pending') as pending
      from transfers where payout_id = ${payoutId}::uuid`)
    const x = r.rows[0] as any
    return { processed: n(x.processed), pending: n(x.pending) }
  },

  /** Processed transfers no settlement has covered yet (the sandbox settles them). */
  async unsettled(db: Executor, limit = 500) {
    const r = await db.execute(sql`select id, provider_account_id, amount_paise, processed_at from transfers
      where status = 'processed' and settlement_id is null order by processed_at limit ${limit}`)
    return rows<any>(r).map((x) => ({
      id: String(x.id),
      accountId: String(x.provider_account_id),
      amount: n(x.amount_paise),
      processedAt: new Date(x.processed_at),
    }))
  },

  /**
   * A linked account's settlement: every processed transfer to it not yet settled, processed by the settlement's
   * time, gets its id and UTR. Returns the payouts it touched.
   */
  async settle(
    db: Executor,
    v: { accountId: string; settlementId: string; utr: string; at: Date },
  ): Promise<string[]> {
    const r = await db.execute(sql`update transfers set settlement_id = ${v.settlementId}, utr = ${v.utr},
        settled_at = ${v.at.toISOString()}, updated_at = now()
      where provider_account_id = ${v.accountId} and status = 'processed' and settlement_id is null
        and processed_at <= ${v.at.toISOString()}
      returning payout_id`)
    return [...new Set(rows<any>(r).map((x) => String(x.payout_id)))]
  },

  /** Whether every processed transfer of a paid payout has its UTR. */
  async fullySettled(db: Executor, payoutId: string): Promise<boolean> {
    const r = await db.execute(sql`select p.status = 'paid' and not exists (select 1 from transfers t
        where t.payout_id = p.id and t.status in ('pending', 'processed') and t.utr is null) as done
      from payouts p where p.id = ${payoutId}::uuid`)
    const d = (r.rows[0] as { done?: unknown } | undefined)?.done
    return d === true || d === 't'
  },

  async jobTitle(db: Executor, jobId: string): Promise<string> {
    const r = await db.execute(sql`select title from jobs where id = ${jobId}::uuid`)
    return (r.rows[0] as { title?: string } | undefined)?.title ?? 'a deleted job'
  },

  /** A freelancer's payouts waiting for an account: queued now that it is active. */
  async queueWaiting(db: Executor, freelancerId: string): Promise<number> {
    const r = await db.execute(sql`update payouts set status = 'queued', updated_at = now()
      where freelancer_id = ${freelancerId}::uuid and status = 'waiting_account' returning id`)
    return r.rows.length
  },

  /** A freelancer's payouts, newest first, with the job's title, the invoice number and the UTRs. */
  async listOf(db: Executor, freelancerId: string | null, contractId?: string) {
    const r = await db.execute(sql`select p.*, j.title as job_title, i.number as invoice_number,
        (select string_agg(distinct t.utr, ', ') from transfers t where t.payout_id = p.id and t.utr is not null)
          as utr
        from payouts p
        left join jobs j on j.id = p.job_id
        left join invoices i on i.payout_id = p.id
       where ${freelancerId ? sql`p.freelancer_id = ${freelancerId}::uuid` : sql`p.contract_id = ${contractId ?? null}::uuid`}
       order by p.created_at desc, p.id desc limit 500`)
    return rows<any>(r)
  },

  /** Waiting, on its way and paid out: a freelancer's totals over all their payouts (net paise). */
  async totals(db: Executor, freelancerId: string) {
    const r = await db.execute(sql`select
        coalesce(sum(net_paise) filter (where status = 'waiting_account'), 0) as pending,
        coalesce(sum(net_paise) filter (where status in ('queued', 'transferring', 'failed')), 0) as moving,
        coalesce(sum(net_paise) filter (where status = 'paid'), 0) as paid
      from payouts where freelancer_id = ${freelancerId}::uuid`)
    const x = r.rows[0] as any
    return { pending: n(x.pending), moving: n(x.moving), paid: n(x.paid) }
  },
}
