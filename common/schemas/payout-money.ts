import { z } from 'zod'

/** A tax as CGST + SGST (or UTGST) within a state, or IGST between states (ADR 045). Rupees. */
export const TaxParts = z.object({ cgst: z.number(), sgst: z.number(), igst: z.number() })

export const PAYOUT_STATUSES = ['waiting_account', 'queued', 'transferring', 'paid', 'failed'] as const

/** One release's split and where its net is (ADR 050), as GET /api/v1/contracts/:id shows it. Rupees. */
export const ContractPayoutDto = z.object({
  _id: z.string(),
  gross: z.number(),
  fee: z.number(),
  gst: TaxParts,
  tds: z.number(),
  tcs: TaxParts,
  net: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  /** The bank's reference for the money reaching the freelancer's bank, once it has settled. */
  utr: z.string().optional(),
  /** The fee's GST invoice. */
  invoiceNumber: z.string().optional(),
  createdAt: z.string(),
  paidAt: z.string().optional(),
})

/** One of the caller's payouts, as GET /api/v1/payouts lists it: `amount` is the net. Rupees. */
export const PayoutDto = ContractPayoutDto.omit({ net: true }).extend({
  contractId: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  amount: z.number(),
  /** Why the last transfer failed, while it waits for its retry. */
  failureReason: z.string().optional(),
})
export type PayoutDtoType = z.infer<typeof PayoutDto>

export const PayoutsAnswer = z.object({
  success: z.literal(true),
  /** Released, waiting for the freelancer's payout account ("pending payout"). */
  pendingPayout: z.number(),
  /** Queued, being transferred, or failed and to be retried. */
  inTransit: z.number(),
  paidOut: z.number(),
  payouts: z.array(PayoutDto),
})

/** A transfer to a linked account, as an operator's retry answers it. Rupees. */
export const TransferDto = z.object({
  _id: z.string(),
  payoutId: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'processed', 'failed', 'reversed']),
  failureReason: z.string().optional(),
  utr: z.string().optional(),
  createdAt: z.string(),
})
export const TransferRetryAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  transfer: TransferDto,
})
