import { z } from 'zod'
import { ALL_CATEGORIES, CATEGORIES } from '../categories'
import { LOCATION_MESSAGE, PAYMENT_TYPES } from './job'
import { LOCATIONS } from '../locations'
import { moneyField, optionalEnum, stripControls } from './fields'

export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number]
export const APPLICANT_ALERT_FREQUENCIES = ['instant', 'daily', 'off'] as const
export type ApplicantAlertFrequency = (typeof APPLICANT_ALERT_FREQUENCIES)[number]

/** How many saved searches one person may keep. */
export const MAX_SAVED_SEARCHES = 20

const frequency = z.enum(ALERT_FREQUENCIES, { error: 'Frequency must be instant, daily or weekly' })

/** POST /api/v1/alerts: the job list's filters and how often to hear of new matches. */
export const AlertBody = z.object({
  q: z
    .string({ error: 'The search must be text' })
    .max(200, 'The search is at most 200 characters')
    .optional()
    .transform((v) => stripControls(v ?? '').trim()),
  category: z
    .union([
      optionalEnum(CATEGORIES, `Category must be one of: ${CATEGORIES.join(', ')}`),
      z.literal(ALL_CATEGORIES),
    ])
    .transform((v) => (v === ALL_CATEGORIES ? undefined : v)),
  state: optionalEnum(LOCATIONS, LOCATION_MESSAGE),
  paymentType: optionalEnum(PAYMENT_TYPES, 'Payment type must be one-time, per-unit or recurring'),
  minBudget: moneyField('Minimum budget', 10_00_00_000),
  frequency,
})
export type AlertBodyInput = z.input<typeof AlertBody>

/** PATCH /api/v1/alerts/:id. */
export const AlertPatchBody = z.object({ frequency })

/** PUT /api/v1/alerts/applicants: mail about new applicants on my jobs. */
export const ApplicantAlertBody = z.object({
  frequency: z.enum(APPLICANT_ALERT_FREQUENCIES, { error: 'Frequency must be instant, daily or off' }),
})

export const AlertDto = z.object({
  _id: z.string(),
  q: z.string(),
  category: z.string().nullable(),
  state: z.string().nullable(),
  paymentType: z.enum(PAYMENT_TYPES).nullable(),
  minBudget: z.number().nullable(),
  frequency: z.enum(ALERT_FREQUENCIES),
  /** A person's words for what it looks for ("react developer · Design · Maharashtra"). */
  label: z.string(),
  lastSentAt: z.string().nullable(),
  createdAt: z.string(),
})
export type AlertDtoType = z.infer<typeof AlertDto>

export const AlertAnswer = z.object({ success: z.literal(true), message: z.string(), alert: AlertDto })
export const AlertsAnswer = z.object({
  success: z.literal(true),
  alerts: z.array(AlertDto),
  max: z.number(),
  applicants: z.object({ frequency: z.enum(APPLICANT_ALERT_FREQUENCIES) }),
})
export const ApplicantAlertAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  applicants: z.object({ frequency: z.enum(APPLICANT_ALERT_FREQUENCIES) }),
})
export const AlertDeletedAnswer = z.object({ success: z.literal(true), message: z.string() })

export const UnsubscribeQuery = z.object({
  token: z
    .string({ error: 'The link has no token' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This unsubscribe link is not valid'),
})
export const UnsubscribeAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  /** What the link stopped: the searches' labels, or "new applicants". */
  label: z.string(),
})

/** The words a person reads for a saved search's filters. */
export function alertLabel(a: {
  q: string
  category?: string | null
  state?: string | null
  paymentType?: string | null
  minBudget?: number | null
}): string {
  const parts = [
    a.q ? `“${a.q}”` : '',
    a.category ?? '',
    a.state ?? '',
    a.paymentType ?? '',
    a.minBudget ? `₹${a.minBudget.toLocaleString('en-IN')}+` : '',
  ].filter(Boolean)
  return parts.length ? parts.join(' · ') : 'All new jobs'
}
