import { z } from 'zod'
import { FUND_STATUSES } from './payment'
import { RefundDto } from './refund'
import { ContractPayoutDto } from './payout-money'

/** What a timeline entry tells of (0016_trust_clock.sql holds the same list). */
export const TIMELINE_KINDS = [
  'funded',
  'submitted',
  'changes_requested',
  'released',
  'auto_released',
  'refunded',
  'disputed',
  'dispute_answered',
  'settlement_proposed',
  'settlement_accepted',
  'settlement_declined',
  'resolved',
  'reviewed',
  'reminder_sent',
] as const
export type TimelineKind = (typeof TIMELINE_KINDS)[number]

/** One timeline entry (ADR 055): its kind, when (the shared clock), who did it (absent: the system) and its facts. */
export const TimelineEventDto = z.object({
  kind: z.enum(TIMELINE_KINDS),
  at: z.string(),
  actor: z.object({ _id: z.string(), fullname: z.string() }).nullable().optional(),
  /** Kind-specific: amounts in rupees (`amount`, `net`), `units`, a `message` or `reason`, `attachments`, `dueAt`. */
  data: z.record(z.string(), z.unknown()),
})
export type TimelineEventDtoType = z.infer<typeof TimelineEventDto>

/** The review window's counts (ADR 057). */
export const DeliveryDto = z.object({
  /** Times work was submitted. */
  submissions: z.number(),
  /** Times the client asked for changes. */
  changesRequested: z.number(),
  /** Units the open window releases; null: all that is in escrow. */
  units: z.number().nullable(),
})
export type DeliveryDtoType = z.infer<typeof DeliveryDto>

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
  /** When the submitted work is released unless the client answers (ADR 057); null without an open window. */
  reviewDueAt: z.string().nullable().optional(),
  /** Work handed in and changes asked on this contract (ADR 057); only on GET /api/v1/contracts/:id. */
  delivery: DeliveryDto.optional(),
  /** Everything that happened on the contract, oldest first (ADR 055); only on GET /api/v1/contracts/:id. */
  timeline: z.array(TimelineEventDto).optional(),
})
export type ContractDtoType = z.infer<typeof ContractDto>

export const ContractAnswer = z.object({ success: z.literal(true), contract: ContractDto })
export const ContractsAnswer = z.object({ success: z.literal(true), contracts: z.array(ContractDto) })
export const ContractsQuery = z.object({ jobId: z.string().max(64).optional() })

/** Files from the upload pipeline (POST /api/v1/uploads): the server's own /uploads/ URLs. */
const Attachment = z
  .string()
  .max(500)
  .regex(
    /^(https?:\/\/[^\s/]+)?\/uploads\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/,
    'Attach files uploaded to Microlance',
  )

/** POST /api/v1/contracts/:id/submit (the contract's freelancer; ADR 057). */
export const SubmitDeliveryBody = z.object({
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(2000, 'Message is at most 2000 characters'),
  units: z
    .number({ error: 'Units must be a whole number' })
    .int('Units must be a whole number')
    .min(1, 'Units must be at least 1')
    .max(1_000_000, 'Units is too large')
    .optional(),
  attachments: z.array(Attachment).max(10, 'At most 10 files').optional(),
})
export type SubmitDeliveryInput = z.infer<typeof SubmitDeliveryBody>

/** POST /api/v1/contracts/:id/request-changes (the contract's client). */
export const RequestChangesBody = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(2000, 'Reason is at most 2000 characters'),
})
export type RequestChangesInput = z.infer<typeof RequestChangesBody>

export const DeliveryAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  reviewDueAt: z.string().nullable(),
  delivery: DeliveryDto,
})
