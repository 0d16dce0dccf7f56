import type { DisputeDtoType, DisputeQueueItemType } from '@common/schemas/dispute'
import { paiseToRupees } from '@common/money'
import type { DisputeProposalRow } from '../../db/schema'
import type { DisputeView } from './disputes.repo'

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

/** The side a user id is on in this dispute (a deleted account counts as the client's side's absence). */
const sideOfId = (v: DisputeView, id: string | null) => (id === v.freelancerId ? 'freelancer' : 'client')

export function presentDispute(v: DisputeView, proposals: DisputeProposalRow[]): DisputeDtoType {
  const d = v.d
  const closed = d.status !== 'open'
  return {
    _id: d.id,
    contractId: d.contractId,
    jobId: v.jobId,
    jobTitle: v.jobTitle,
    status: d.status,
    client: { _id: v.clientId, fullname: v.clientName },
    freelancer: { _id: v.freelancerId, fullname: v.freelancerName },
    openedBy: sideOfId(v, d.openedBy),
    reason: d.reason,
    evidence: d.evidence,
    attachments: d.attachments,
    answerDueAt: iso(d.answerDueAt)!,
    answer: d.answer,
    answerAttachments: d.answerAttachments,
    answeredAt: iso(d.answeredAt),
    readyForOperator: v.ready,
    inEscrow: paiseToRupees(v.inEscrowPaise),
    perUnit: v.paymentType !== 'one-time',
    outcome: closed
      ? {
          releaseAmount: paiseToRupees(d.releasePaise ?? 0),
          refundAmount: paiseToRupees(d.refundPaise ?? 0),
          note: d.note ?? '',
          decidedBy: d.status === 'resolved' ? 'operator' : 'parties',
        }
      : null,
    proposals: proposals.map((p) => ({
      _id: p.id,
      proposedBy: sideOfId(v, p.proposedBy),
      releaseAmount: paiseToRupees(p.releasePaise),
      refundAmount: paiseToRupees(p.refundPaise),
      status: p.status,
      createdAt: iso(p.createdAt)!,
      decidedAt: iso(p.decidedAt),
    })),
    createdAt: iso(d.createdAt)!,
    closedAt: iso(d.closedAt),
  }
}

export function presentQueueItem(v: DisputeView): DisputeQueueItemType {
  const d = v.d
  return {
    _id: d.id,
    contractId: d.contractId,
    jobTitle: v.jobTitle,
    status: d.status,
    client: { _id: v.clientId, fullname: v.clientName },
    freelancer: { _id: v.freelancerId, fullname: v.freelancerName },
    openedBy: sideOfId(v, d.openedBy),
    reason: d.reason,
    inEscrow: paiseToRupees(v.inEscrowPaise),
    readyForOperator: v.ready,
    answerDueAt: iso(d.answerDueAt)!,
    createdAt: iso(d.createdAt)!,
    closedAt: iso(d.closedAt),
  }
}
