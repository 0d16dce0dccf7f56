import { z } from 'zod'
import { CATEGORIES } from '../categories'
import { APPLICATION_STATUSES } from './application-status'
import { FREQUENCIES, FUND_STATUSES, JOB_STATUSES, PAYMENT_TYPES } from './job'
import { ClientTrustDto } from './review'

/** A [start, end) range of UTF-16 code units in a string, to wrap in <mark> (never HTML from the server). */
export const Range = z.tuple([z.number().int(), z.number().int()])
export const JobHighlights = z.object({
  title: z.array(Range),
  description: z.object({ text: z.string(), ranges: z.array(Range) }).nullable(),
})
export type JobHighlightsDto = z.infer<typeof JobHighlights>

export const CreatorRef = z.object({ _id: z.string(), userId: z.string(), fullname: z.string() })
export const CompanyRef = z.object({
  _id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
})

/** A job as the API presents it (product.md §6 Job). Money is rupees; `applications` lists applicant ids. */
export const JobDto = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  paymentType: z.enum(PAYMENT_TYPES),
  amount: z.number().nullable(),
  rate: z.number().nullable(),
  units: z.number().nullable(),
  cycles: z.number().nullable(),
  openings: z.number(),
  frequency: z.enum(FREQUENCIES).nullable(),
  duration: z.number().nullable(),
  hours: z.number().nullable(),
  total: z.number(),
  fundStatus: z.enum(FUND_STATUSES),
  fundedAmount: z.number(),
  fundedUnits: z.number(),
  locationPreference: z.string(),
  remote: z.boolean(),
  jobType: z.string().nullable(),
  position: z.string().nullable(),
  experienceLevel: z.string().nullable(),
  company: CompanyRef.nullable(),
  prize: z.number().nullable(),
  deadline: z.string().nullable(),
  /** Whole days until the deadline (0 once passed); null without a deadline. */
  daysLeft: z.number().nullable(),
  isFree: z.boolean(),
  isDiscounted: z.boolean(),
  /** No geolocation is kept; always null (the Distance chip is static, product.md §3). */
  distance: z.null(),
  skills: z.array(z.string()),
  views: z.number(),
  applicationProcess: z.string(),
  status: z.enum(JOB_STATUSES),
  /** Active, not archived and the deadline (if any) not passed: it takes applications. */
  isActive: z.boolean(),
  archived: z.boolean(),
  created_by: CreatorRef,
  /** The poster's "Payment verified" badge and visible rating (ADR 060). */
  clientTrust: ClientTrustDto.optional(),
  /** The creator sees every application here; anyone else only their own. */
  applications: z.array(
    z.object({ _id: z.string(), applicant: z.string(), status: z.enum(APPLICATION_STATUSES) }),
  ),
  applicationCount: z.number(),
  /** Same as applicationCount (the card's "registered"). */
  registered: z.number(),
  hasApplied: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  highlights: JobHighlights.optional(),
  /**
   * Only for the poster, while the job is not public (ADR 056): held for an operator's review because it asks
   * applicants to pay (`reason`), or rejected by one (`note`, the operator's words).
   */
  moderation: z
    .object({
      status: z.enum(['held', 'rejected']),
      reason: z.string().nullable(),
      note: z.string().nullable(),
    })
    .nullable()
    .optional(),
})
export type JobDtoType = z.infer<typeof JobDto>

export const JobAnswer = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  job: JobDto,
})
export const JobsAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    jobs: z.array(JobDto),
    /** Pass as `cursor` for the next page; null on the last one. */
    nextCursor: z.string().nullable(),
    /** The query as searched after spelling fixes, when it differs from what was typed. */
    correctedQuery: z.string().nullable(),
  }),
})
export const OkAnswer = z.object({ success: z.literal(true), message: z.string() })
