import { inEscrowPaise, totalUnitsOf } from '@common/escrow'
import { paiseToRupees } from '@common/money'
import type { ContractDtoType } from '@common/schemas/contract'
import type { RefundDtoType } from '@common/schemas/refund'
import type { RefundRow } from '../../db/schema'
import type { ContractListRow } from './contracts.repo'

const rupees = (p: number | null) => (p === null ? null : paiseToRupees(p))
const person = (p: ContractListRow['client']) =>
  p ? { _id: p.id, userId: p.userId, fullname: p.fullname } : null

/** A refund to the client's card or UPI (ADR 050), in rupees; absent fields left out. */
export function presentRefund(r: RefundRow): RefundDtoType {
  return {
    _id: r.id,
    amount: paiseToRupees(r.amountPaise),
    status: r.status,
    ...(r.bankReference ? { bankReference: r.bankReference } : {}),
    ...(r.failureReason ? { failureReason: r.failureReason } : {}),
    createdAt: r.createdAt.toISOString(),
    ...(r.processedAt ? { processedAt: r.processedAt.toISOString() } : {}),
  }
}

/** The API's contract: its frozen terms and its own escrow, in rupees. */
export function presentContract(r: ContractListRow): ContractDtoType {
  const c = r.contract
  return {
    _id: c.id,
    jobId: c.jobId,
    jobTitle: r.jobTitle,
    applicationId: c.applicationId,
    client: person(r.client),
    freelancer: person(r.freelancer),
    status: c.status,
    terms: {
      paymentType: c.paymentType,
      amount: rupees(c.amountPaise),
      rate: rupees(c.ratePaise),
      units: c.units,
      cycles: c.cycles,
      frequency: c.frequency,
      total: paiseToRupees(c.totalPaise),
      totalUnits: totalUnitsOf(c),
    },
    escrow: {
      funded: paiseToRupees(c.fundedPaise),
      released: paiseToRupees(c.releasedPaise),
      refunded: paiseToRupees(c.refundedPaise),
      inEscrow: paiseToRupees(
        inEscrowPaise({ funded: c.fundedPaise, refunded: c.refundedPaise, released: c.releasedPaise }),
      ),
      fundedUnits: c.fundedUnits - c.refundedUnits,
      releasedUnits: c.releasedUnits,
      fundStatus: c.fundStatus,
    },
    createdAt: c.createdAt.toISOString(),
    endedAt: c.endedAt ? c.endedAt.toISOString() : null,
  }
}
