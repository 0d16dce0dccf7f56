import { sql, type SQL } from 'drizzle-orm'
import type { EscrowTotals } from '@common/escrow'
import type { Executor } from '../../db/client'
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema'

export type AccountKind = 'client' | 'escrow' | 'freelancer' | 'platform' | 'provider' | 'tax'
export const accountKey = {
  client: (userId: string) => `client:${userId}`,
  escrow: (jobId: string) => `escrow:${jobId}`,
  freelancer: (userId: string) => `freelancer:${userId}`,
  platform: () => 'platform:fees',
  /** Refunds sent to the provider and not yet processed (ADR 050). */
  providerRefunds: () => 'provider:refunds',
}

export interface Movement {
  kind: 'fund' | 'release' | 'refund' | 'refund_settled' | 'payout'
  jobId: string
  /** The contract whose escrow moves (ADR 048); null for money paid in before anyone was hired. */
  contractId?: string | null
  idempotencyKey: string
  units: number
  actorId: string | null
  /** Account → signed paise; the legs must sum to zero (the database checks again at commit). */
  legs: { kind: AccountKind; key: string; ownerId?: string | null; amountPaise: number }[]
}

/**
 * Whose escrow a movement or a total is about (ADR 048): one contract, or a job's money not yet any contract's. The
 * contract holding the job's own escrow account also owns the job's movements that have no contract.
 */
export interface EscrowScope {
  jobId: string
  contractId: string | null
  holdsJobEscrow: boolean
}

const scopeWhere = (t: string, s: EscrowScope) => {
  const a = sql.raw(t)
  if (!s.contractId) return sql`${a}.job_id = ${s.jobId}::uuid and ${a}.contract_id is null`
  if (s.holdsJobEscrow)
    return sql`${a}.job_id = ${s.jobId}::uuid and (${a}.contract_id = ${s.contractId}::uuid or ${a}.contract_id is null)`
  return sql`${a}.contract_id = ${s.contractId}::uuid`
}

/** Funded, released, refunded and fee totals of the ledger transactions `where` picks (aliased `t` / `rt`). */
async function totals(db: Executor, where: (alias: string) => SQL): Promise<JobLedger> {
  const r = await db.execute(sql`
    select
      coalesce(sum(t.amount_paise) filter (where t.kind = 'fund'), 0) as funded,
      coalesce(sum(t.units) filter (where t.kind = 'fund'), 0) as funded_units,
      coalesce(sum(t.amount_paise) filter (where t.kind = 'refund'), 0) as refunded,
      coalesce(sum(t.units) filter (where t.kind = 'refund'), 0) as refunded_units,
      coalesce(sum(t.units) filter (where t.kind = 'release'), 0) as released_units,
      coalesce((select -sum(e.amount_paise) from ledger_entries e
                  join ledger_transactions rt on rt.id = e.transaction_id
                  join ledger_accounts a on a.id = e.account_id
                 where ${where('rt')} and rt.kind = 'release' and a.kind = 'escrow'), 0) as released,
      coalesce((select sum(e.amount_paise) from ledger_entries e
                  join ledger_transactions rt on rt.id = e.transaction_id
                  join ledger_accounts a on a.id = e.account_id
                 where ${where('rt')} and a.kind = 'platform'), 0) as fees
    from ledger_transactions t where ${where('t')}`)
  const row = r.rows[0] as Record<string, unknown>
  return {
    funded: n(row.funded),
    released: n(row.released),
    refunded: n(row.refunded),
    fees: n(row.fees),
    fundedUnits: n(row.funded_units),
    releasedUnits: n(row.released_units),
    refundedUnits: n(row.refunded_units),
  }
}

/** Job totals derived from the ledger (paise / units), with the platform's fees. */
export interface JobLedger extends EscrowTotals {
  fees: number
}

const n = (v: unknown) => Number(v ?? 0)

/** The double-entry ledger (ADR 011): accounts made on first use, append-only movements, derived balances. */
export const ledgerRepo = {
  async account(
    db: Executor,
    a: {
      kind: AccountKind
      key: string
      ownerId?: string | null
      jobId?: string | null
      contractId?: string | null
    },
  ): Promise<string> {
    await db
      .insert(ledgerAccounts)
      .values({
        kind: a.kind,
        key: a.key,
        ownerId: a.ownerId ?? null,
        jobId: a.jobId ?? null,
        contractId: a.contractId ?? null,
      })
      .onConflictDoNothing()
    const r = await db.execute(sql`select id from ledger_accounts where key = ${a.key}`)
    return (r.rows[0] as { id: string }).id
  },

  /** Writes one balanced movement; false (and nothing written) when its idempotency key was already used. */
  async post(db: Executor, m: Movement): Promise<boolean> {
    const sum = m.legs.reduce((s, l) => s + l.amountPaise, 0)
    if (sum !== 0) throw new Error(`unbalanced movement ${m.kind} (${sum})`)
    const legs = m.legs.filter((l) => l.amountPaise !== 0)
    const amount = legs.filter((l) => l.amountPaise > 0).reduce((s, l) => s + l.amountPaise, 0)
    const inserted = await db
      .insert(ledgerTransactions)
      .values({
        kind: m.kind,
        jobId: m.jobId,
        contractId: m.contractId ?? null,
        idempotencyKey: m.idempotencyKey,
        units: m.units,
        amountPaise: amount,
        actorId: m.actorId,
      })
      .onConflictDoNothing()
      .returning({ id: ledgerTransactions.id })
    if (!inserted.length) return false
    for (const l of legs) {
      const accountId = await ledgerRepo.account(db, {
        kind: l.kind,
        key: l.key,
        ownerId: l.ownerId,
        jobId: l.kind === 'escrow' ? m.jobId : null,
        contractId: l.kind === 'escrow' ? (m.contractId ?? null) : null,
      })
      await db
        .insert(ledgerEntries)
        .values({ transactionId: inserted[0].id, accountId, amountPaise: l.amountPaise })
    }
    return true
  },

  async forJob(db: Executor, jobId: string): Promise<JobLedger> {
    return totals(db, (t) => sql`${sql.raw(t)}.job_id = ${jobId}::uuid`)
  },

  /** The totals of one contract's escrow, or of a job's money no contract holds yet. */
  async forScope(db: Executor, scope: EscrowScope): Promise<JobLedger> {
    return totals(db, (t) => scopeWhere(t, scope))
  },

  /** Balance of one account (sum of its entries), 0 when it does not exist yet. */
  async balance(db: Executor, key: string): Promise<number> {
    const r = await db.execute(sql`select coalesce(sum(e.amount_paise), 0) as b
      from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.key = ${key}`)
    return n((r.rows[0] as { b: unknown }).b)
  },

  /** A freelancer's earnings per job (paise), newest first. */
  async earningsOf(db: Executor, userId: string) {
    const r = await db.execute(sql`
      select t.job_id, coalesce(j.title, 'Deleted job') as title, sum(e.amount_paise) as earned,
             coalesce(sum((select sum(f.amount_paise) from ledger_entries f join ledger_accounts fa
                              on fa.id = f.account_id where f.transaction_id = t.id and fa.kind = 'platform')), 0)
               as fees, max(t.created_at) as last
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        left join jobs j on j.id = t.job_id
       where a.key = ${accountKey.freelancer(userId)} and t.kind = 'release'
       group by t.job_id, j.title order by last desc`)
    return (r.rows as any[]).map((x) => ({
      jobId: String(x.job_id),
      title: String(x.title),
      earned: n(x.earned),
      fees: n(x.fees),
    }))
  },

  /** A client's escrow per job they funded (paise), newest first. */
  async fundingOf(db: Executor, userId: string) {
    const r = await db.execute(sql`
      select t.job_id, coalesce(j.title, 'Deleted job') as title,
        coalesce(sum(t.amount_paise) filter (where t.kind = 'fund'), 0) as funded,
        coalesce(sum(t.amount_paise) filter (where t.kind = 'refund'), 0) as refunded,
        coalesce(sum(t.amount_paise) filter (where t.kind = 'release'), 0) as released,
        max(t.created_at) as last
        from ledger_transactions t
        left join jobs j on j.id = t.job_id
       where t.job_id in (select job_id from ledger_transactions where kind = 'fund' and actor_id = ${userId}::uuid)
       group by t.job_id, j.title order by last desc`)
    return (r.rows as any[]).map((x) => {
      const funded = n(x.funded)
      const refunded = n(x.refunded)
      const released = n(x.released)
      return {
        jobId: String(x.job_id),
        title: String(x.title),
        funded,
        refunded,
        released,
        inEscrow: funded - refunded - released,
      }
    })
  },
}
