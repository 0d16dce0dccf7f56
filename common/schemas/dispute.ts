import { z } from 'zod'

/** Disputes with free mediation (ADR 058). Money is rupees, as everywhere in the API. */

export const DISPUTE_STATUSES = ['open', 'resolved', 'settled'] as const
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number]
export const PROPOSAL_STATUSES = ['proposed', 'accepted', 'declined', 'withdrawn'] as const

/** How long the other side has to answer a dispute. */
export const DISPUTE_ANSWER_DAYS = 3

/** Files from the upload pipeline: the server's own /uploads/ URLs. */
const Attachment = z
  .string()
  .max(500)
  .regex(/^(https?:\/\/[^\s/]+)?\/uploads\/[\w.-]+$/, 'Attach files uploaded to Microlance')
const Attachments = z.array(Attachment).max(10, 'At most 10 files').optional()

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`)

const rupees = (label: string) =>
  z
    .number({ error: `${label} must be an amount in rupees` })
    .min(0, `${label} cannot be negative`)
    .max(1e9, `${label} is too large`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} has at most 2 decimals`)

export const OpenDisputeBody = z.object({
  reason: text('Reason', 2000),
  evidence: z.string().trim().max(5000, 'Evidence is at most 5000 characters').optional(),
  attachments: Attachments,
})
export type OpenDisputeInput = z.infer<typeof OpenDisputeBody>

export const AnswerDisputeBody = z.object({
  answer: text('Answer', 5000),
  attachments: Attachments,
})

export const ProposeSplitBody = z.object({
  releaseAmount: rupees('Release amount'),
  refundAmount: rupees('Refund amount'),
})

export const ResolveDisputeBody = z
  .object({
    releaseAmount: rupees('Release amount').optional(),
    refundAmount: rupees('Refund amount'),
    /** Per-unit and recurring contracts: the units the release pays for, instead of (or matching) releaseAmount. */
    releaseUnits: z.number().int('Units are whole numbers').min(0).max(1_000_000).optional(),
    note: text('Note', 2000),
  })
  .refine((b) => b.releaseAmount !== undefined || b.releaseUnits !== undefined, {
    message: 'Send releaseAmount (or releaseUnits)',
    path: ['releaseAmount'],
  })

export const DisputeNoteBody = z.object({ note: text('Note', 2000) })

export const DisputeQueueQuery = z.object({
  status: z.enum([...DISPUTE_STATUSES, 'all']).optional(),
})

const Party = z.object({ _id: z.string(), fullname: z.string() })

export const ProposalDto = z.object({
  _id: z.string(),
  proposedBy: z.enum(['client', 'freelancer']),
  releaseAmount: z.number(),
  refundAmount: z.number(),
  status: z.enum(PROPOSAL_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
})

export const DisputeDto = z.object({
  _id: z.string(),
  contractId: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  client: Party,
  freelancer: Party,
  openedBy: z.enum(['client', 'freelancer']),
  reason: z.string(),
  evidence: z.string(),
  attachments: z.array(z.string()),
  answerDueAt: z.string(),
  answer: z.string().nullable(),
  answerAttachments: z.array(z.string()),
  answeredAt: z.string().nullable(),
  /** Answered, or the answer deadline passed: an operator can decide on both sides' words. */
  readyForOperator: z.boolean(),
  /** What the contract holds in escrow now (what a split must add up to while the dispute is open). */
  inEscrow: z.number(),
  perUnit: z.boolean(),
  outcome: z
    .object({
      releaseAmount: z.number(),
      refundAmount: z.number(),
      note: z.string(),
      decidedBy: z.enum(['operator', 'parties']),
    })
    .nullable(),
  proposals: z.array(ProposalDto),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
})
export type DisputeDtoType = z.infer<typeof DisputeDto>

export const DisputeAnswer = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  dispute: DisputeDto,
})
/** GET /contracts/:id/dispute: the contract's open (else latest) dispute, and what the reader can do. */
export const ContractDisputeAnswer = z.object({
  success: z.literal(true),
  dispute: DisputeDto.nullable(),
  /** The reader's side of the contract (null for an operator), and what is in its escrow now. */
  side: z.enum(['client', 'freelancer']).nullable(),
  inEscrow: z.number(),
})
export type ContractDisputeAnswerType = z.infer<typeof ContractDisputeAnswer>

export const DisputeQueueItem = z.object({
  _id: z.string(),
  contractId: z.string(),
  jobTitle: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  client: Party,
  freelancer: Party,
  openedBy: z.enum(['client', 'freelancer']),
  reason: z.string(),
  inEscrow: z.number(),
  readyForOperator: z.boolean(),
  answerDueAt: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
})
export type DisputeQueueItemType = z.infer<typeof DisputeQueueItem>
export const DisputeQueueAnswer = z.object({ success: z.literal(true), disputes: z.array(DisputeQueueItem) })

export const OperatorDisputeAnswer = z.object({
  success: z.literal(true),
  dispute: DisputeDto,
  /** The two parties' messages, oldest first (read-only; each read is in the audit log). */
  chat: z.array(
    z.object({
      _id: z.string(),
      senderId: z.string(),
      senderName: z.string(),
      content: z.string(),
      aboutThisJob: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  timeline: z.array(
    z.object({
      _id: z.string(),
      kind: z.string(),
      actorId: z.string().nullable(),
      data: z.record(z.string(), z.unknown()),
      createdAt: z.string(),
    }),
  ),
  audit: z.array(
    z.object({
      _id: z.string(),
      action: z.enum(['viewed_chat', 'resolved', 'note']),
      actorName: z.string(),
      detail: z.record(z.string(), z.unknown()),
      createdAt: z.string(),
    }),
  ),
  escrow: z.object({ funded: z.number(), released: z.number(), refunded: z.number(), inEscrow: z.number() }),
})
export type OperatorDisputeAnswerType = z.infer<typeof OperatorDisputeAnswer>
