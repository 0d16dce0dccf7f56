import { inEscrowPaise, priceOfUnits, releaseAmountOf, unitsInEscrow } from '@common/escrow'
import { formatPaise, paiseToRupees, rupeesToPaise } from '@common/money'
import { DISPUTE_ANSWER_DAYS } from '@common/schemas/dispute'
import { afterCommit } from '../../db/after-commit'
import type { Db, Tx } from '../../db/client'
import type { ContractRow, DisputeRow, UserRow } from '../../db/schema'
import { badRequest, conflict, notFound, said } from '../../errors'
import type { Mail } from '../../mail/mailer'
import { recordContractEvent, listContractEvents } from '../contracts/contract-events'
import { contractsRepo } from '../contracts/contracts.repo'
import type { JobsService } from '../jobs/jobs.service'
import { notificationsService } from '../notifications/notifications.service'
import { ledgerRepo } from '../payments/ledger.repo'
import type { PaymentsService } from '../payments/payments.service'
import { authorizeOperator, authorizeParty, authorizeRead, sideOf } from './disputes.policy'
import { presentDispute, presentQueueItem } from './disputes.presenter'
import { money, translate, type Params } from '../../i18n'
import { disputesRepo } from './disputes.repo'

const DAY_MS = 24 * 60 * 60 * 1000

export interface DisputesDeps {
  db: Db
  jobs: Pick<JobsService, 'lock'>
  payments: Pick<PaymentsService, 'releaseBySystem' | 'refundBySystem'>
  /** Mail that leaves after the commit (the app's outbox). */
  mail: { enqueue(m: Mail): void }
}

/**
 * Disputes with free mediation (ADR 058): a party opens one on a contract with money in escrow, which freezes it; the
 * other side answers within 3 days; the two settle on a split, or an operator decides one. A split moves through the
 * same release and refund paths as a client's, in the transaction that ends the dispute.
 */
export function disputesService(deps: DisputesDeps) {
  const { db, jobs, payments } = deps

  /** What the contract holds in escrow now, from the ledger; the caller holds the job's lock. */
  async function held(tx: Tx, c: ContractRow) {
    const l = await ledgerRepo.forScope(tx, {
      jobId: c.jobId,
      contractId: c.id,
      holdsJobEscrow: c.holdsJobEscrow,
    })
    return { paise: inEscrowPaise(l), units: Math.max(0, unitsInEscrow(l)) }
  }

  /** The contract, its job locked (money and the freeze change under that lock, as in payments). */
  async function lockContract(tx: Tx, contractId: string) {
    const found = await contractsRepo.byId(tx, contractId)
    if (!found) throw notFound('Contract not found', 'contract_not_found')
    await jobs.lock(found.jobId, tx)
    return (await contractsRepo.byId(tx, contractId))!
  }

  /** The open dispute `id`, row-locked, and its contract with the job locked. */
  async function lockOpen(tx: Tx, id: string) {
    const d = await disputesRepo.byId(tx, id, true)
    if (!d) throw notFound('Dispute not found', 'dispute_not_found')
    const contract = await lockContract(tx, d.contractId)
    return { d, contract }
  }
  const assertOpen = (d: DisputeRow) => {
    if (d.status !== 'open')
      throw conflict(said('errors.dispute.closed', { status: d.status }), 'dispute_closed')
  }

  /** A split must account for every paisa in escrow: 400 with both figures otherwise. */
  function checkSplit(releasePaise: number, refundPaise: number, inEscrow: number) {
    if (releasePaise + refundPaise !== inEscrow)
      throw badRequest(
        said('errors.dispute.splitSum', {
          inEscrow: money(inEscrow),
          sum: money(releasePaise + refundPaise),
        }),
        'split_mismatch',
        { refundAmount: said('errors.dispute.splitField', { rupees: String(paiseToRupees(inEscrow)) }) },
      )
  }

  /**
   * Tells `userIds` of a step: a notification (its English row, rendered for each reader, ADR 069) and a mail in each
   * person's own language, both from the catalogues' `notifications.dispute.<what>` and `emails.dispute.<what>…`.
   */
  async function tell(
    tx: Tx,
    userIds: string[],
    d: Pick<DisputeRow, 'id' | 'contractId'>,
    what: 'opened' | 'answered' | 'proposed' | 'settled' | 'declined' | 'decided',
    params: Params,
  ) {
    for (const userId of userIds)
      await notificationsService.record(tx, {
        userId,
        type: 'system',
        key: `notifications.dispute.${what}`,
        params,
        metadata: { contractId: d.contractId, disputeId: d.id },
      })
    const people = await disputesRepo.emails(tx, userIds)
    afterCommit(tx, () => {
      for (const p of people.values())
        deps.mail.enqueue({
          to: p.email,
          subject: translate(p.language, `emails.dispute.${what}Subject`),
          text: translate(p.language, 'emails.dispute.wrapper', {
            name: p.fullname,
            body: translate(p.language, `emails.dispute.${what}Text`, params),
            contractId: d.contractId,
          }),
        })
    })
  }

  /**
   * Moves a split: `releasePaise` to the freelancer (the release path: split, payout, invoice) and the rest of the
   * escrow back to the client (the refund path), in the caller's transaction, the freeze lifted first so the system
   * paths accept the contract. Anything short of exactly this rolls the whole transaction back.
   */
  async function moveSplit(
    tx: Tx,
    c: ContractRow,
    split: {
      releasePaise: number
      refundPaise: number
      units?: number
      actorId: string | null
      reason: string
    },
  ) {
    await disputesRepo.setFrozen(tx, c.id, false)
    if (split.releasePaise > 0) {
      const r = await payments.releaseBySystem(tx, {
        contractId: c.id,
        ...(split.units !== undefined ? { units: split.units } : { amountPaise: split.releasePaise }),
        actorId: split.actorId,
        reason: split.reason,
      })
      if (r.amountPaise !== split.releasePaise) throw new Error('dispute release booked a different amount')
    }
    if (split.refundPaise > 0) {
      const refunded = await payments.refundBySystem(tx, { contractId: c.id, actorId: split.actorId })
      if (refunded !== split.refundPaise) throw new Error('dispute refund booked a different amount')
    }
    if ((await held(tx, c)).paise !== 0) throw new Error('escrow not emptied by a dispute split')
  }

  async function present(id: string) {
    const v = (await disputesRepo.view(db, id))!
    return presentDispute(v, await disputesRepo.proposals(db, id))
  }

  /** The dispute `id` for `user`: its parties and operators (404 when there is none). */
  async function readable(user: UserRow, id: string) {
    const v = await disputesRepo.view(db, id)
    if (!v) throw notFound('Dispute not found', 'dispute_not_found')
    authorizeRead(user, { clientId: v.clientId, freelancerId: v.freelancerId })
    return v
  }

  return {
    /** Either party opens a dispute on a contract with money in escrow; the escrow freezes. */
    async open(
      user: UserRow,
      contractId: string,
      body: { reason: string; evidence?: string; attachments?: string[] },
    ) {
      const id = await db.transaction(async (tx) => {
        authorizeParty(user, await contractsRepo.byId(tx, contractId))
        const c = await lockContract(tx, contractId)
        if (c.frozenAt || (await disputesRepo.openOf(tx, c.id)))
          throw conflict('This contract already has an open dispute', 'already_disputed')
        const h = await held(tx, c)
        if (h.paise <= 0)
          throw conflict(
            'A dispute needs money in escrow on this contract; there is none to decide on',
            'nothing_in_escrow',
          )
        const side = sideOf(user, c)!
        const d = await disputesRepo.insert(tx, {
          contractId: c.id,
          openedBy: user.id,
          reason: body.reason,
          evidence: body.evidence ?? '',
          attachments: body.attachments ?? [],
          answerWithinMs: DISPUTE_ANSWER_DAYS * DAY_MS,
        })
        await disputesRepo.setFrozen(tx, c.id, true)
        await disputesRepo.claimUploads(tx, user.id, d.attachments)
        await recordContractEvent(tx, {
          contractId: c.id,
          kind: 'disputed',
          actorId: user.id,
          data: { disputeId: d.id, reason: body.reason, inEscrowPaise: h.paise, attachments: d.attachments },
        })
        const otherId = side === 'client' ? c.freelancerId : c.clientId
        await tell(tx, [otherId], d, 'opened', {
          name: user.fullname,
          amount: money(h.paise),
          days: String(DISPUTE_ANSWER_DAYS),
          reason: body.reason,
        })
        return d.id
      })
      return present(id)
    },

    /** The contract's open dispute, or else its latest; null when it never had one. */
    async ofContract(user: UserRow, contractId: string) {
      const c = await contractsRepo.byId(db, contractId)
      if (!c) throw notFound('Contract not found', 'contract_not_found')
      authorizeRead(user, c)
      const v = await disputesRepo.latestOf(db, c.id)
      return {
        dispute: v ? presentDispute(v, await disputesRepo.proposals(db, v.d.id)) : null,
        side: sideOf(user, c),
        inEscrow: paiseToRupees(c.fundedPaise - c.releasedPaise - c.refundedPaise),
      }
    },

    async get(user: UserRow, id: string) {
      const v = await readable(user, id)
      return presentDispute(v, await disputesRepo.proposals(db, id))
    },

    /**
     * The other side's answer, once. Accepted before and after the 3 days (an answer is never turned away); once
     * answered or past the deadline the dispute shows as ready for an operator.
     */
    async answer(user: UserRow, id: string, body: { answer: string; attachments?: string[] }) {
      await db.transaction(async (tx) => {
        const { d, contract } = await lockOpen(tx, id)
        authorizeParty(user, contract)
        assertOpen(d)
        if (d.openedBy === user.id)
          throw conflict('The other side answers a dispute; add to yours by proposing a split', 'own_dispute')
        if (d.answeredAt) throw conflict('This dispute has been answered already', 'already_answered')
        await disputesRepo.answer(tx, d.id, {
          by: user.id,
          answer: body.answer,
          attachments: body.attachments ?? [],
        })
        await disputesRepo.claimUploads(tx, user.id, body.attachments ?? [])
        await recordContractEvent(tx, {
          contractId: contract.id,
          kind: 'dispute_answered',
          actorId: user.id,
          data: { disputeId: d.id, answer: body.answer, attachments: body.attachments ?? [] },
        })
        if (d.openedBy)
          await tell(tx, [d.openedBy], d, 'answered', { name: user.fullname, answer: body.answer })
      })
      return present(id)
    },

    /** A party proposes a split of what is in escrow; the one waiting before it is withdrawn. */
    async propose(user: UserRow, id: string, body: { releaseAmount: number; refundAmount: number }) {
      await db.transaction(async (tx) => {
        const { d, contract } = await lockOpen(tx, id)
        authorizeParty(user, contract)
        assertOpen(d)
        const releasePaise = rupeesToPaise(body.releaseAmount)
        const refundPaise = rupeesToPaise(body.refundAmount)
        checkSplit(releasePaise, refundPaise, (await held(tx, contract)).paise)
        const p = await disputesRepo.propose(tx, {
          disputeId: d.id,
          proposedBy: user.id,
          releasePaise,
          refundPaise,
        })
        await recordContractEvent(tx, {
          contractId: contract.id,
          kind: 'settlement_proposed',
          actorId: user.id,
          data: { disputeId: d.id, proposalId: p.id, releasePaise, refundPaise },
        })
        const side = sideOf(user, contract)!
        const otherId = side === 'client' ? contract.freelancerId : contract.clientId
        await tell(tx, [otherId], d, 'proposed', {
          name: user.fullname,
          release: money(releasePaise),
          refund: money(refundPaise),
        })
      })
      return present(id)
    },

    /** The other party accepts a waiting split: the money moves and the dispute ends settled. */
    async accept(user: UserRow, id: string, proposalId: string) {
      await db.transaction(async (tx) => {
        const { d, contract } = await lockOpen(tx, id)
        authorizeParty(user, contract)
        const p = await disputesRepo.proposal(tx, proposalId, true)
        if (!p || p.disputeId !== d.id) throw notFound('Proposal not found', 'proposal_not_found')
        assertOpen(d)
        if (p.status !== 'proposed')
          throw conflict(said('errors.dispute.proposalClosed', { status: p.status }), 'proposal_closed')
        if (p.proposedBy === user.id)
          throw conflict('The other side accepts a proposal, not the one who made it', 'own_proposal')
        const h = await held(tx, contract)
        if (p.releasePaise + p.refundPaise !== h.paise)
          throw conflict(said('errors.dispute.escrowChanged', { amount: money(h.paise) }), 'escrow_changed')
        await moveSplit(tx, contract, {
          releasePaise: p.releasePaise,
          refundPaise: p.refundPaise,
          actorId: user.id,
          reason: 'Dispute settled by the parties',
        })
        await disputesRepo.decide(tx, p.id, 'accepted')
        const note = `Settled between the parties: ${formatPaise(p.releasePaise)} released to the freelancer, ${formatPaise(p.refundPaise)} refunded to the client.`
        await disputesRepo.close(tx, d.id, {
          status: 'settled',
          releasePaise: p.releasePaise,
          refundPaise: p.refundPaise,
          note,
          decidedBy: null,
        })
        await recordContractEvent(tx, {
          contractId: contract.id,
          kind: 'settlement_accepted',
          actorId: user.id,
          data: {
            disputeId: d.id,
            proposalId: p.id,
            releasePaise: p.releasePaise,
            refundPaise: p.refundPaise,
          },
        })
        await tell(tx, [contract.clientId, contract.freelancerId], d, 'settled', {
          release: money(p.releasePaise),
          refund: money(p.refundPaise),
        })
      })
      return present(id)
    },

    async decline(user: UserRow, id: string, proposalId: string) {
      await db.transaction(async (tx) => {
        const { d, contract } = await lockOpen(tx, id)
        authorizeParty(user, contract)
        const p = await disputesRepo.proposal(tx, proposalId, true)
        if (!p || p.disputeId !== d.id) throw notFound('Proposal not found', 'proposal_not_found')
        assertOpen(d)
        if (p.status !== 'proposed')
          throw conflict(said('errors.dispute.proposalClosed', { status: p.status }), 'proposal_closed')
        if (p.proposedBy === user.id)
          throw conflict('The other side declines a proposal, not the one who made it', 'own_proposal')
        await disputesRepo.decide(tx, p.id, 'declined')
        await recordContractEvent(tx, {
          contractId: contract.id,
          kind: 'settlement_declined',
          actorId: user.id,
          data: { disputeId: d.id, proposalId: p.id },
        })
        if (p.proposedBy) await tell(tx, [p.proposedBy], d, 'declined', { name: user.fullname })
      })
      return present(id)
    },

    /** Operators: the queue, open first and oldest first (all statuses unless one is named). */
    async queue(user: UserRow, status?: DisputeRow['status'] | 'all') {
      authorizeOperator(user)
      const rows = await disputesRepo.queue(db, status === 'all' ? undefined : status)
      return rows.map(presentQueueItem)
    },

    /** Operators: the dispute with the parties' chat (read-only; the read is audited), timeline and audit log. */
    async operatorView(user: UserRow, id: string) {
      authorizeOperator(user)
      const v = await disputesRepo.view(db, id)
      if (!v) throw notFound('Dispute not found', 'dispute_not_found')
      const chat = await disputesRepo.chatBetween(db, v.clientId, v.freelancerId)
      await disputesRepo.audit(db, {
        disputeId: id,
        actorId: user.id,
        action: 'viewed_chat',
        detail: { messages: chat.length },
      })
      const contract = (await contractsRepo.byId(db, v.d.contractId))!
      const timeline = await listContractEvents(db, contract.id)
      const audit = await disputesRepo.auditOf(db, id)
      return {
        dispute: presentDispute(v, await disputesRepo.proposals(db, id)),
        chat: chat.map((r) => ({
          _id: r.m.id,
          senderId: r.m.senderId,
          senderName: r.senderName,
          content: r.m.content,
          aboutThisJob: r.m.jobId === v.jobId,
          createdAt: new Date(r.m.createdAt).toISOString(),
        })),
        timeline: timeline.map((e) => ({
          _id: e.id,
          kind: e.kind,
          actorId: e.actorId,
          data: e.data,
          createdAt: new Date(e.createdAt).toISOString(),
        })),
        audit: audit.map((r) => ({
          _id: r.a.id,
          action: r.a.action,
          actorName: r.actorName ?? 'A removed account',
          detail: r.a.detail,
          createdAt: new Date(r.a.createdAt).toISOString(),
        })),
        escrow: {
          funded: paiseToRupees(contract.fundedPaise),
          released: paiseToRupees(contract.releasedPaise),
          refunded: paiseToRupees(contract.refundedPaise),
          inEscrow: paiseToRupees(contract.fundedPaise - contract.releasedPaise - contract.refundedPaise),
        },
      }
    },

    /** Operators: a note on the dispute, kept in the audit log only. */
    async note(user: UserRow, id: string, note: string) {
      authorizeOperator(user)
      const d = await disputesRepo.byId(db, id)
      if (!d) throw notFound('Dispute not found', 'dispute_not_found')
      await disputesRepo.audit(db, { disputeId: id, actorId: user.id, action: 'note', detail: { note } })
    },

    /**
     * Operators decide a split: `releaseAmount` to the freelancer (or `releaseUnits` of a per-unit contract, at its
     * price) and `refundAmount` to the client, adding up to what is in escrow. Both parties are told, with the note.
     */
    async resolve(
      user: UserRow,
      id: string,
      body: { releaseAmount?: number; refundAmount: number; releaseUnits?: number; note: string },
    ) {
      authorizeOperator(user)
      await db.transaction(async (tx) => {
        const { d, contract } = await lockOpen(tx, id)
        assertOpen(d)
        const h = await held(tx, contract)
        let releasePaise = rupeesToPaise(body.releaseAmount ?? 0)
        let units: number | undefined
        if (body.releaseUnits !== undefined) {
          if (contract.paymentType === 'one-time')
            throw badRequest('A one-time contract has no units; send releaseAmount', 'validation_failed', {
              releaseUnits: 'Send releaseAmount for a one-time contract',
            })
          if (body.releaseUnits > h.units)
            throw badRequest(`Only ${h.units} units are in escrow`, 'validation_failed', {
              releaseUnits: `Choose from 0 to ${h.units}`,
            })
          const byUnits =
            body.releaseUnits === 0
              ? 0
              : releaseAmountOf(contract, { paise: h.paise, units: h.units }, body.releaseUnits)
          if (body.releaseAmount !== undefined && rupeesToPaise(body.releaseAmount) !== byUnits)
            throw badRequest(
              said('errors.dispute.unitsCost', {
                units: body.releaseUnits,
                total: money(byUnits),
                each: money(priceOfUnits(contract, 1)),
              }),
              'validation_failed',
              { releaseAmount: `Must be ${paiseToRupees(byUnits)} for ${body.releaseUnits} units` },
            )
          releasePaise = byUnits
          units = body.releaseUnits || undefined
        }
        const refundPaise = rupeesToPaise(body.refundAmount)
        checkSplit(releasePaise, refundPaise, h.paise)
        await moveSplit(tx, contract, {
          releasePaise,
          refundPaise,
          units,
          actorId: user.id,
          reason: `Dispute decided by an operator: ${body.note}`,
        })
        await disputesRepo.withdrawWaiting(tx, d.id)
        await disputesRepo.close(tx, d.id, {
          status: 'resolved',
          releasePaise,
          refundPaise,
          note: body.note,
          decidedBy: user.id,
        })
        await disputesRepo.audit(tx, {
          disputeId: d.id,
          actorId: user.id,
          action: 'resolved',
          detail: { releasePaise, refundPaise, note: body.note, ...(units ? { releaseUnits: units } : {}) },
        })
        await recordContractEvent(tx, {
          contractId: contract.id,
          kind: 'resolved',
          actorId: user.id,
          data: { disputeId: d.id, releasePaise, refundPaise, note: body.note },
        })
        await tell(tx, [contract.clientId, contract.freelancerId], d, 'decided', {
          release: money(releasePaise),
          refund: money(refundPaise),
          note: body.note,
        })
      })
      return present(id)
    },
  }
}
export type DisputesService = ReturnType<typeof disputesService>
