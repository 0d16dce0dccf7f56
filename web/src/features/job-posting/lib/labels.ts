import type { Category } from '@common/categories'
import type { PaymentType } from '@common/schemas/job'
import type { MessageKey } from '@/i18n'

/** The categories as the form's dropdown shows them; the value sent stays the English name the API knows. */
export const CATEGORY_LABEL: Record<Category, MessageKey> = {
  Internships: 'posting.category.internships',
  Jobs: 'posting.category.jobs',
  Competitions: 'posting.category.competitions',
  Mentorship: 'posting.category.mentorship',
  Courses: 'posting.category.courses',
  Practice: 'posting.category.practice',
  Scholarships: 'posting.category.scholarships',
  Articles: 'posting.category.articles',
  Conferences: 'posting.category.conferences',
  Workshops: 'posting.category.workshops',
}

/** Payment model as people read it. */
export const PAYMENT_TYPE_LABEL: Record<PaymentType, MessageKey> = {
  'one-time': 'posting.paymentType.oneTime',
  'per-unit': 'posting.paymentType.perUnit',
  recurring: 'posting.paymentType.recurring',
}

/** The job types and experience levels the form offers (stored as the English word; shown translated). */
export const JOB_TYPE_LABEL: Record<string, MessageKey> = {
  Freelance: 'posting.jobType.freelance',
  Contract: 'posting.jobType.contract',
  'Part-time': 'posting.jobType.partTime',
  'Full-time': 'posting.jobType.fullTime',
  Internship: 'posting.jobType.internship',
}
export const LEVEL_LABEL: Record<string, MessageKey> = {
  Entry: 'posting.level.entry',
  Intermediate: 'posting.level.intermediate',
  Expert: 'posting.level.expert',
}
