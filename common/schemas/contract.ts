import { z } from 'zod'
import { FUND_STATUSES } from './payment'
import { RefundDto } from './refund'
import { ContractPayoutDto } from './payout-money'

/** A hire (ADR 048), as GET /api/v1/contracts and /api/v1/contracts/:id answer it. Money is rupees. */
export const ContractDto = z.object({
  _id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  applicationId: z.string().nullable(),
  client: z.object({ _id: z.string(), userId: z.string(), fullname: z.string() }).nullable(),
  freelancer: z.object({ _id: z.string(), userId: z.string(), fullname: z.string() }).nullable(),
  status: z.enum(['active', 'ended']),
  /** The price terms, frozen from the job when the contract was made. */
  terms: z.object({
    paymentType: z.enum(['one-time', 'per-unit', 'recurring']),
    amount: z.number().nullable(),
    rate: z.number().nullable(),
    units: z.number().nullable(),
    cycles: z.number().nullable(),
    frequency: z.enum(['weekly', 'monthly']).nullable(),
    total: z.number(),
    totalUnits: z.number(),
  }),
  escrow: z.object({
    funded: z.number(),
    released: z.number(),
    refunded: z.number(),
    inEscrow: z.number(),
    fundedUnits: z.number(),
    releasedUnits: z.number(),
    fundStatus: z.enum(FUND_STATUSES),
  }),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  /** Refunds to the client's card or UPI (ADR 050); only on GET /api/v1/contracts/:id. */
  refunds: z.array(RefundDto).optional(),
  /** Releases split into fee, taxes and net, and where the net is (ADR 050); only on GET /api/v1/contracts/:id. */
  payouts: z.array(ContractPayoutDto).optional(),
})
export type ContractDtoType = z.infer<typeof ContractDto>

export const ContractAnswer = z.object({ success: z.literal(true), contract: ContractDto })
export const ContractsAnswer = z.object({ success: z.literal(true), contracts: z.array(ContractDto) })
export const ContractsQuery = z.object({ jobId: z.string().max(64).optional() })
