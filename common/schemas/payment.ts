import { z } from 'zod'
import { moneyField, numericField, optionalText } from './fields'

/** Units or cycles as the browser sends them: a whole number ≥ 1 (blank = 1 / all). Clamped on the server. */
const unitsField = (label: string) =>
  numericField({ label, max: 1_000_000, integer: true }).refine((v) => v === undefined || v >= 1, {
    message: `${label} must be at least 1`,
  })

const jobId = z.string().min(1, 'jobId is required').max(64)
/** Which hire's escrow (ADR 048); with jobId alone, the job's only hire. */
const contractId = z.string().min(1).max(64).optional()
/** jobId, contractId or both; the spec's calls send jobId. */
const hireRef = { jobId: jobId.optional(), contractId }
const needsHire = (v: { jobId?: string; contractId?: string }) => !!v.jobId || !!v.contractId
const hireMissing = { message: 'jobId is required', path: ['jobId'] }

export const CreateOrderBody = z
  .object({
    ...hireRef,
    paymentType: z.enum(['one-time', 'per-unit', 'recurring']).optional(),
    units: unitsField('Units'),
    cycles: unitsField('Cycles'),
    /** Ignored when absent; when sent it must equal what the server computes. */
    amount: moneyField('Amount'),
  })
  .refine(needsHire, hireMissing)
export type CreateOrderInput = z.infer<typeof CreateOrderBody>

export const VerifyBody = z
  .object({
    ...hireRef,
    razorpay_payment_id: z.string().min(1, 'razorpay_payment_id is required').max(64),
    razorpay_order_id: z.string().min(1, 'razorpay_order_id is required').max(64),
    razorpay_signature: z.string().min(1, 'razorpay_signature is required').max(256),
    units: unitsField('Units'),
    cycles: unitsField('Cycles'),
    amount: moneyField('Amount'),
  })
  .refine(needsHire, hireMissing)
export type VerifyInput = z.infer<typeof VerifyBody>

export const SANDBOX_OUTCOMES = ['success', 'failure', 'cancel'] as const
export const SandboxPayBody = z.object({
  orderId: z.string().min(1, 'orderId is required').max(64),
  outcome: z.enum(SANDBOX_OUTCOMES),
})

export const ReleaseBody = z.object({ ...hireRef, units: unitsField('Units') }).refine(needsHire, hireMissing)
export const RefundBody = z.object(hireRef).refine(needsHire, hireMissing)

export const SubmitWorkBody = z.object({
  message: optionalText('Message', 2000),
  attachments: z.array(z.string().max(500)).max(10).optional(),
})
export const RequestPaymentBody = z.object({
  units: unitsField('Units'),
  message: optionalText('Message', 2000),
})

export const FUND_STATUSES = ['Not Initiated', 'In Escrow', 'Released'] as const
export type FundStatus = (typeof FUND_STATUSES)[number]

/** GET /api/v1/payments/job/:jobId — rupees. */
export const EscrowSummary = z.object({
  jobId: z.string(),
  title: z.string(),
  paymentType: z.enum(['one-time', 'per-unit', 'recurring']),
  fundStatus: z.enum(FUND_STATUSES),
  total: z.number(),
  funded: z.number(),
  released: z.number(),
  refunded: z.number(),
  inEscrow: z.number(),
  fees: z.number(),
  fundedUnits: z.number(),
  releasedUnits: z.number(),
  totalUnits: z.number(),
  freelancer: z.object({ _id: z.string(), fullname: z.string(), userId: z.string() }).nullable(),
  workSubmitted: z.boolean(),
  paymentRequested: z.boolean(),
})
export type EscrowSummaryType = z.infer<typeof EscrowSummary>

export const EarningsAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    earned: z.number(),
    jobs: z.array(z.object({ jobId: z.string(), title: z.string(), earned: z.number(), fees: z.number() })),
    funding: z.object({
      funded: z.number(),
      released: z.number(),
      refunded: z.number(),
      inEscrow: z.number(),
      jobs: z.array(
        z.object({
          jobId: z.string(),
          title: z.string(),
          funded: z.number(),
          released: z.number(),
          refunded: z.number(),
          inEscrow: z.number(),
        }),
      ),
    }),
  }),
})
export type EarningsType = z.infer<typeof EarningsAnswer>['data']
