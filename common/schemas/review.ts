import { z } from 'zod'
import { UserAnswer } from './user'

/** Review limits (ADR 060), for the form and the server. */
export const REVIEW = { textMax: 2000, textMin: 1 } as const

/** POST /api/v1/contracts/:id/review: 1–5 stars and a few words about the other side. */
export const ReviewBody = z.object({
  rating: z
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a rating from 1 to 5 stars')
    .min(1, 'Choose a rating from 1 to 5 stars')
    .max(5, 'Choose a rating from 1 to 5 stars'),
  text: z
    .string({ error: 'Write a few words about working together' })
    .trim()
    .min(REVIEW.textMin, 'Write a few words about working together')
    .max(REVIEW.textMax, `A review is at most ${REVIEW.textMax} characters`),
})
export type ReviewBodyType = z.infer<typeof ReviewBody>

const Person = z.object({ _id: z.string(), userId: z.string(), fullname: z.string() })

/** A review as others see it once visible (and as its author always sees it). */
export const ReviewDto = z.object({
  _id: z.string(),
  contractId: z.string(),
  jobTitle: z.string(),
  author: Person,
  /** The author's side of the contract: a client reviews a freelancer and the other way round. */
  authorRole: z.enum(['client', 'freelancer']),
  rating: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
})
export type ReviewDtoType = z.infer<typeof ReviewDto>

/** GET /api/v1/user/:id/reviews: the reviews about a person that anyone may read, newest first. */
export const UserReviewsAnswer = z.object({
  success: z.literal(true),
  reviews: z.array(ReviewDto),
})

/** The contract page's review section: the caller's review, the other side's once visible, and the window. */
export const ContractReviewState = z.object({
  /** The contract has ended (ADR 060) and its window is open or was. */
  ended: z.boolean(),
  /** When reviewing stops and unwritten reviews become visible; null before the contract ends. */
  windowEndsAt: z.string().nullable(),
  /** The window is open now (by the shared clock). */
  windowOpen: z.boolean(),
  /** The caller may write now: a party, ended, window open, not written yet. */
  canReview: z.boolean(),
  mine: ReviewDto.nullable(),
  /** Whether the other side wrote; its content only in `theirs`, once visible. */
  theyWrote: z.boolean(),
  theirs: ReviewDto.nullable(),
})
export type ContractReviewStateType = z.infer<typeof ContractReviewState>
export const ContractReviewsAnswer = z.object({ success: z.literal(true), reviews: ContractReviewState })
export const ReviewAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  reviews: ContractReviewState,
})

/** A person's visible rating: average of 1–5 stars (one decimal) and how many; average null with none. */
export const RatingDto = z.object({ average: z.number().nullable(), count: z.number().int() })
export type RatingDtoType = z.infer<typeof RatingDto>

export const BADGES = ['payment_verified', 'pan_verified'] as const
export type Badge = (typeof BADGES)[number]

/** What a profile shows from facts (ADR 060). */
export const ReputationDto = z.object({
  rating: RatingDto,
  /** Contracts ended with money released to this person as freelancer. */
  jobsCompleted: z.number().int(),
  /** Of those, delivered (first submitted) before the job's deadline; jobs without a deadline do not count. */
  onTimeDeliveries: z.number().int(),
  /** Of jobsCompleted, how many had a deadline to be on time for. */
  deliveriesWithDeadline: z.number().int(),
  badges: z.array(z.enum(BADGES)),
})
export type ReputationDtoType = z.infer<typeof ReputationDto>

/** A job's poster as job cards show them: the client's badge and visible rating. */
export const ClientTrustDto = z.object({ paymentVerified: z.boolean(), rating: RatingDto })
export type ClientTrustDtoType = z.infer<typeof ClientTrustDto>

/** GET /api/v1/user/:id and /m/:userId: the profile with its facts (ADR 060). */
export const ProfileAnswer = UserAnswer.extend({ reputation: ReputationDto.optional() })
