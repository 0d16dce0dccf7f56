import { paiseToRupees as r } from '@common/money'
import type { z } from 'zod'
import type { ContractPayoutDto, PayoutDtoType, TransferDto } from '@common/schemas/payout-money'
import type { TransferRow } from '../../db/schema'

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : undefined)
const opt = <K extends string>(k: K, v: unknown) => (v ? ({ [k]: String(v) } as Record<K, string>) : {})

/** A payouts row (as transfersRepo.listOf reads it, snake_case) in a contract's payouts[]. Rupees. */
export function presentContractPayout(x: any): z.infer<typeof ContractPayoutDto> {
  const p = (k: string) => Number(x[k] ?? 0)
  return {
    _id: String(x.id),
    gross: r(p('gross_paise')),
    fee: r(p('fee_paise')),
    gst: { cgst: r(p('gst_cgst_paise')), sgst: r(p('gst_sgst_paise')), igst: r(p('gst_igst_paise')) },
    tds: r(p('tds_paise')),
    tcs: { cgst: r(p('tcs_cgst_paise')), sgst: r(p('tcs_sgst_paise')), igst: r(p('tcs_igst_paise')) },
    net: r(p('net_paise')),
    status: x.status,
    ...opt('utr', x.utr),
    ...opt('invoiceNumber', x.invoice_number),
    createdAt: iso(x.created_at)!,
    ...(x.paid_at ? { paidAt: iso(x.paid_at) } : {}),
  }
}

/** The same row in GET /api/v1/payouts: with its job, and the net as `amount`. */
export function presentPayout(x: any): PayoutDtoType {
  const { net, ...rest } = presentContractPayout(x)
  return {
    ...rest,
    contractId: String(x.contract_id),
    jobId: String(x.job_id),
    jobTitle: x.job_title ?? 'Deleted job',
    amount: net,
    ...(x.status === 'failed' ? opt('failureReason', x.failure_reason) : {}),
  }
}

export function presentTransfer(t: TransferRow): z.infer<typeof TransferDto> {
  return {
    _id: t.id,
    payoutId: t.payoutId,
    amount: r(t.amountPaise),
    status: t.status,
    ...opt('failureReason', t.failureReason),
    ...opt('utr', t.utr),
    createdAt: t.createdAt.toISOString(),
  }
}
