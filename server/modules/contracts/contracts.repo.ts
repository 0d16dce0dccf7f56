import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import {
  contracts,
  jobs,
  refunds,
  users,
  type ContractRow,
  type JobRow,
  type RefundRow,
} from '../../db/schema'
import { isUuid } from '../../lib/ids'

/** The ledger totals a contract mirrors (paise / units, each movement kind on its own). */
export type ContractEscrow = Pick<
  ContractRow,
  | 'fundedPaise'
  | 'releasedPaise'
  | 'refundedPaise'
  | 'fundedUnits'
  | 'releasedUnits'
  | 'refundedUnits'
  | 'fundStatus'
>

const party = (u: typeof users) => ({ id: u.id, userId: u.userId, fullname: u.fullname })

/** Contracts (ADR 048): SQL only. */
export const contractsRepo = {
  async byId(db: Executor, id: string, lock = false): Promise<ContractRow | null> {
    if (!isUuid(id)) return null
    const q = db.select().from(contracts).where(eq(contracts.id, id))
    return (await (lock ? q.for('update') : q).limit(1))[0] ?? null
  },
  /** A job's contracts, oldest first; only the active ones unless `all`. */
  async ofJob(db: Executor, jobId: string, all = false): Promise<ContractRow[]> {
    return db
      .select()
      .from(contracts)
      .where(
        all ? eq(contracts.jobId, jobId) : and(eq(contracts.jobId, jobId), eq(contracts.status, 'active')),
      )
      .orderBy(asc(contracts.createdAt), asc(contracts.id))
  },
  async activeOfApplication(db: Executor, applicationId: string): Promise<ContractRow | null> {
    return (
      (
        await db
          .select()
          .from(contracts)
          .where(and(eq(contracts.applicationId, applicationId), eq(contracts.status, 'active')))
          .limit(1)
      )[0] ?? null
    )
  },
  /** Whether some contract of the job (of any status) holds the job's own escrow account. */
  async jobEscrowHeld(db: Executor, jobId: string): Promise<boolean> {
    const r = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.jobId, jobId), eq(contracts.holdsJobEscrow, true)))
      .limit(1)
    return r.length > 0
  },
  /** A contract on the job's current price terms, frozen from then on. */
  async create(
    db: Executor,
    v: { id: string; job: JobRow; applicationId: string; freelancerId: string; holdsJobEscrow: boolean },
  ): Promise<ContractRow> {
    const { job } = v
    const row = (
      await db
        .insert(contracts)
        .values({
          id: v.id,
          jobId: job.id,
          applicationId: v.applicationId,
          clientId: job.createdBy,
          freelancerId: v.freelancerId,
          paymentType: job.paymentType,
          amountPaise: job.amountPaise,
          ratePaise: job.ratePaise,
          units: job.units,
          cycles: job.cycles,
          frequency: job.frequency,
          totalPaise: job.totalPaise,
          escrowAccountKey: v.holdsJobEscrow ? `escrow:${job.id}` : `escrow:contract:${v.id}`,
          holdsJobEscrow: v.holdsJobEscrow,
        })
        .returning()
    )[0]
    if (!v.holdsJobEscrow) return row
    // Money paid in before anyone was hired is this contract's from now on: its account and its mirror.
    await db.execute(sql`update ledger_accounts set contract_id = ${row.id}::uuid
      where key = ${row.escrowAccountKey} and contract_id is null`)
    await db.execute(sql`update contracts c set
        funded_paise = l.funded, refunded_paise = l.refunded, released_paise = l.released,
        funded_units = l.funded_units, refunded_units = l.refunded_units, released_units = l.released_units,
        fund_status = case when l.funded - l.refunded - l.released > 0 then 'In Escrow'
                           when l.released > 0 then 'Released' else 'Not Initiated' end
      from (select
          coalesce(sum(t.amount_paise) filter (where t.kind = 'fund'), 0) as funded,
          coalesce(sum(t.amount_paise) filter (where t.kind = 'refund'), 0) as refunded,
          coalesce(sum(t.units) filter (where t.kind = 'fund'), 0) as funded_units,
          coalesce(sum(t.units) filter (where t.kind = 'refund'), 0) as refunded_units,
          coalesce(sum(t.units) filter (where t.kind = 'release'), 0) as released_units,
          coalesce((select -sum(e.amount_paise) from ledger_entries e
                      join ledger_transactions rt on rt.id = e.transaction_id
                      join ledger_accounts a on a.id = e.account_id
                     where rt.job_id = ${job.id}::uuid and rt.contract_id is null and rt.kind = 'release'
                       and a.kind = 'escrow'), 0) as released
          from ledger_transactions t where t.job_id = ${job.id}::uuid and t.contract_id is null) l
      where c.id = ${row.id}::uuid`)
    return (await contractsRepo.byId(db, row.id)) ?? row
  },
  async end(db: Executor, id: string): Promise<void> {
    await db
      .update(contracts)
      .set({ status: 'ended', endedAt: new Date(), updatedAt: new Date() })
      .where(eq(contracts.id, id))
  },
  async setEscrow(db: Executor, id: string, e: ContractEscrow): Promise<void> {
    await db
      .update(contracts)
      .set({ ...e, updatedAt: new Date() })
      .where(eq(contracts.id, id))
  },
  /** A contract's refunds (with the job's own from before a hire, for the contract holding its escrow), oldest first. */
  async refundsOf(db: Executor, c: ContractRow): Promise<RefundRow[]> {
    const own = eq(refunds.contractId, c.id)
    return db
      .select()
      .from(refunds)
      .where(
        c.holdsJobEscrow ? or(own, and(eq(refunds.jobId, c.jobId), sql`${refunds.contractId} is null`)) : own,
      )
      .orderBy(asc(refunds.createdAt), asc(refunds.id))
  },
  /** Contracts where `userId` is the client or the freelancer (all when null), newest first, with names. */
  async list(db: Executor, f: { userId: string | null; jobId?: string; id?: string }) {
    const conds = []
    if (f.userId) conds.push(or(eq(contracts.clientId, f.userId), eq(contracts.freelancerId, f.userId)))
    if (f.jobId) conds.push(eq(contracts.jobId, f.jobId))
    if (f.id) conds.push(eq(contracts.id, f.id))
    const rows = await db
      .select({ contract: contracts, jobTitle: jobs.title })
      .from(contracts)
      .innerJoin(jobs, eq(jobs.id, contracts.jobId))
      .where(and(...conds))
      .orderBy(desc(contracts.createdAt), desc(contracts.id))
      .limit(200)
    const ids = [...new Set(rows.flatMap((r) => [r.contract.clientId, r.contract.freelancerId]))]
    const people = ids.length
      ? await db
          .select(party(users))
          .from(users)
          .where(
            sql`${users.id} in (${sql.join(
              ids.map((i) => sql`${i}::uuid`),
              sql`, `,
            )})`,
          )
      : []
    const byId = new Map(people.map((p) => [p.id, p]))
    return rows.map((r) => ({
      ...r,
      client: byId.get(r.contract.clientId) ?? null,
      freelancer: byId.get(r.contract.freelancerId) ?? null,
    }))
  },
}
export type ContractListRow = Awaited<ReturnType<typeof contractsRepo.list>>[number]
