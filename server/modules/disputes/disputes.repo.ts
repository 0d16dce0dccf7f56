import { aliasedTable, and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Language } from '@common/languages'
import type { Executor } from '../../db/client'
import {
  contracts,
  conversations,
  disputeAudit,
  disputeProposals,
  disputes,
  jobs,
  messages,
  uploads,
  users,
  type DisputeAuditRow,
  type DisputeProposalRow,
  type DisputeRow,
} from '../../db/schema'
import { appNow, appNowPlus } from '../../lib/clock'
import { isUuid } from '../../lib/ids'
import { orderedPair } from '../chat/chat.repo'

const clientUser = aliasedTable(users, 'client_user')
const freelancerUser = aliasedTable(users, 'freelancer_user')

/** A dispute with what its pages show beside it: the contract's parties, its job, what is in escrow now. */
export interface DisputeView {
  d: DisputeRow
  jobId: string
  jobTitle: string
  paymentType: 'one-time' | 'per-unit' | 'recurring'
  clientId: string
  clientName: string
  freelancerId: string
  freelancerName: string
  /** From the contract's mirror of the ledger (synced with every movement). */
  inEscrowPaise: number
  ready: boolean
}

const viewColumns = {
  d: disputes,
  jobId: contracts.jobId,
  jobTitle: jobs.title,
  paymentType: contracts.paymentType,
  clientId: contracts.clientId,
  clientName: clientUser.fullname,
  freelancerId: contracts.freelancerId,
  freelancerName: freelancerUser.fullname,
  inEscrowPaise: sql<number>`(${contracts.fundedPaise} - ${contracts.releasedPaise} - ${contracts.refundedPaise})::bigint`,
  ready: sql<boolean>`(${disputes.answeredAt} is not null or ${disputes.answerDueAt} <= app_now())`,
}

const views = (db: Executor) =>
  db
    .select(viewColumns)
    .from(disputes)
    .innerJoin(contracts, eq(contracts.id, disputes.contractId))
    .innerJoin(jobs, eq(jobs.id, contracts.jobId))
    .innerJoin(clientUser, eq(clientUser.id, contracts.clientId))
    .innerJoin(freelancerUser, eq(freelancerUser.id, contracts.freelancerId))

const asView = (r: any): DisputeView => ({
  ...r,
  inEscrowPaise: Number(r.inEscrowPaise),
  ready: r.ready === true || r.ready === 't',
})

/** Disputes, their proposals and the operators' audit log (ADR 058): SQL only. */
export const disputesRepo = {
  async byId(db: Executor, id: string, lock = false): Promise<DisputeRow | null> {
    if (!isUuid(id)) return null
    const q = db.select().from(disputes).where(eq(disputes.id, id))
    return (await (lock ? q.for('update') : q).limit(1))[0] ?? null
  },

  async view(db: Executor, id: string): Promise<DisputeView | null> {
    if (!isUuid(id)) return null
    const [r] = await views(db).where(eq(disputes.id, id)).limit(1)
    return r ? asView(r) : null
  },

  /** The contract's open dispute, or else its latest one. */
  async latestOf(db: Executor, contractId: string): Promise<DisputeView | null> {
    const [r] = await views(db)
      .where(eq(disputes.contractId, contractId))
      .orderBy(sql`${disputes.status} = 'open' desc`, desc(disputes.createdAt))
      .limit(1)
    return r ? asView(r) : null
  },

  async openOf(db: Executor, contractId: string): Promise<DisputeRow | null> {
    const [r] = await db
      .select()
      .from(disputes)
      .where(and(eq(disputes.contractId, contractId), eq(disputes.status, 'open')))
      .limit(1)
    return r ?? null
  },

  /** The operators' queue: open first, oldest first within each status. */
  async queue(db: Executor, status?: DisputeRow['status']): Promise<DisputeView[]> {
    const rows = await views(db)
      .where(status ? eq(disputes.status, status) : undefined)
      .orderBy(sql`${disputes.status} = 'open' desc`, asc(disputes.createdAt))
      .limit(200)
    return rows.map(asView)
  },

  async insert(
    tx: Executor,
    v: {
      contractId: string
      openedBy: string
      reason: string
      evidence: string
      attachments: string[]
      answerWithinMs: number
    },
  ): Promise<DisputeRow> {
    const [row] = await tx
      .insert(disputes)
      .values({
        contractId: v.contractId,
        openedBy: v.openedBy,
        reason: v.reason,
        evidence: v.evidence,
        attachments: v.attachments,
        answerDueAt: appNowPlus(v.answerWithinMs),
        createdAt: appNow,
      })
      .returning()
    return row!
  },

  async answer(tx: Executor, id: string, v: { by: string; answer: string; attachments: string[] }) {
    await tx
      .update(disputes)
      .set({ answer: v.answer, answerAttachments: v.attachments, answeredBy: v.by, answeredAt: appNow })
      .where(eq(disputes.id, id))
  },

  async close(
    tx: Executor,
    id: string,
    v: {
      status: 'resolved' | 'settled'
      releasePaise: number
      refundPaise: number
      note: string
      decidedBy: string | null
    },
  ) {
    await tx
      .update(disputes)
      .set({ ...v, closedAt: appNow })
      .where(and(eq(disputes.id, id), eq(disputes.status, 'open')))
  },

  /** Freezes (a dispute opened) or thaws (it ended) the contract's escrow. */
  async setFrozen(tx: Executor, contractId: string, frozen: boolean) {
    await tx
      .update(contracts)
      .set({ frozenAt: frozen ? appNow : null })
      .where(eq(contracts.id, contractId))
  },

  async proposals(db: Executor, disputeId: string): Promise<DisputeProposalRow[]> {
    return db
      .select()
      .from(disputeProposals)
      .where(eq(disputeProposals.disputeId, disputeId))
      .orderBy(asc(disputeProposals.createdAt), asc(disputeProposals.id))
  },

  async proposal(db: Executor, id: string, lock = false): Promise<DisputeProposalRow | null> {
    if (!isUuid(id)) return null
    const q = db.select().from(disputeProposals).where(eq(disputeProposals.id, id))
    return (await (lock ? q.for('update') : q).limit(1))[0] ?? null
  },

  /** A new split; the one waiting before it (by either side) is withdrawn. */
  async propose(
    tx: Executor,
    v: { disputeId: string; proposedBy: string; releasePaise: number; refundPaise: number },
  ): Promise<DisputeProposalRow> {
    await tx
      .update(disputeProposals)
      .set({ status: 'withdrawn', decidedAt: appNow })
      .where(and(eq(disputeProposals.disputeId, v.disputeId), eq(disputeProposals.status, 'proposed')))
    const [row] = await tx
      .insert(disputeProposals)
      .values({ ...v, createdAt: appNow })
      .returning()
    return row!
  },

  async decide(tx: Executor, id: string, status: 'accepted' | 'declined' | 'withdrawn') {
    await tx
      .update(disputeProposals)
      .set({ status, decidedAt: appNow })
      .where(and(eq(disputeProposals.id, id), eq(disputeProposals.status, 'proposed')))
  },

  /** Withdraws whatever split still waits (the dispute ended another way). */
  async withdrawWaiting(tx: Executor, disputeId: string) {
    await tx
      .update(disputeProposals)
      .set({ status: 'withdrawn', decidedAt: appNow })
      .where(and(eq(disputeProposals.disputeId, disputeId), eq(disputeProposals.status, 'proposed')))
  },

  async audit(
    tx: Executor,
    v: {
      disputeId: string
      actorId: string
      action: DisputeAuditRow['action']
      detail?: Record<string, unknown>
    },
  ) {
    await tx.insert(disputeAudit).values({ ...v, detail: v.detail ?? {}, createdAt: appNow })
  },

  async auditOf(db: Executor, disputeId: string) {
    return db
      .select({ a: disputeAudit, actorName: users.fullname })
      .from(disputeAudit)
      .leftJoin(users, eq(users.id, disputeAudit.actorId))
      .where(eq(disputeAudit.disputeId, disputeId))
      .orderBy(asc(disputeAudit.createdAt), asc(disputeAudit.id))
  },

  /** The two people's messages, oldest first (the newest `limit`). */
  async chatBetween(db: Executor, a: string, b: string, limit = 500) {
    const [x, y] = orderedPair(a, b)
    const rows = await db
      .select({ m: messages, senderName: users.fullname })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(and(eq(conversations.userA, x), eq(conversations.userB, y)))
      .orderBy(desc(messages.seq))
      .limit(limit)
    return rows.reverse()
  },

  /** Keeps the user's uploads a dispute refers to: the unclaimed-media sweep leaves claimed files alone. */
  async claimUploads(tx: Executor, ownerId: string, urls: string[]) {
    const names = urls.map((u) => u.slice(u.lastIndexOf('/') + 1)).filter(Boolean)
    if (!names.length) return
    await tx
      .update(uploads)
      .set({ claimedAt: sql`now()` })
      .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.fileName, names), isNull(uploads.claimedAt)))
  },

  async emails(
    db: Executor,
    ids: string[],
  ): Promise<Map<string, { email: string; fullname: string; language: Language }>> {
    const rows = await db
      .select({ id: users.id, email: users.email, fullname: users.fullname, language: users.language })
      .from(users)
      .where(
        sql`${users.id} in (${sql.join(
          ids.map((i) => sql`${i}::uuid`),
          sql`, `,
        )})`,
      )
    return new Map(rows.map((r) => [r.id, { email: r.email, fullname: r.fullname, language: r.language }]))
  },
}
