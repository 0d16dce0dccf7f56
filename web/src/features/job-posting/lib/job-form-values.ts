import { CATEGORIES, type Category } from '@common/categories'
import { LOCATIONS, REMOTE, type Location } from '@common/locations'
import { NUMERIC_TEXT } from '@common/schemas/fields'
import {
  FREQUENCIES,
  JobBody,
  jobMoney,
  PAYMENT_TYPES,
  SkillsInput,
  type PaymentType,
} from '@common/schemas/job'
import { t } from '@/i18n'
import type { PostedJob } from '../api/types'
import { formMessage } from './form-messages'

export type Frequency = (typeof FREQUENCIES)[number]

/** The post-a-job form as typed: numbers stay text until sent, so nothing the user typed is ever rewritten. */
export interface JobFormValues {
  title: string
  description: string
  paymentType: PaymentType | ''
  amount: string
  rate: string
  units: string
  cycles: string
  frequency: Frequency
  /** How many people the job hires (ADR 048). */
  openings: string
  duration: string
  hours: string
  locationPreference: Location
  skills: string
  category: Category
  companyId: string
  deadline: string
  isFree: boolean
  isDiscounted: boolean
  jobType: string
  position: string
  experienceLevel: string
  prize: string
}

export const EMPTY_JOB_FORM: JobFormValues = {
  title: '',
  description: '',
  paymentType: '',
  amount: '',
  rate: '',
  units: '',
  cycles: '',
  frequency: 'monthly',
  openings: '1',
  duration: '',
  hours: '',
  // product.md §6: location defaults to Remote.
  locationPreference: REMOTE,
  skills: '',
  category: 'Jobs',
  companyId: '',
  deadline: '',
  isFree: false,
  isDiscounted: false,
  jobType: '',
  position: '',
  experienceLevel: '',
  prize: '',
}

/** Where a message can be shown: a field, the total, or the form as a whole. */
export type FieldName = keyof JobFormValues | 'total' | 'form'
export type FieldErrors = Partial<Record<FieldName, string>>

const FIELD_NAMES = new Set<string>([...Object.keys(EMPTY_JOB_FORM), 'total'])

/** Text → number when it is digits with an optional point; blank → null; anything else as typed (the server says why). */
function numberOrText(text: string): number | string | null {
  const t = text.trim()
  if (!t) return null
  return NUMERIC_TEXT.test(t) ? Number(t) : t
}
const num = (text: string) => {
  const n = Number(text.trim())
  return text.trim() && Number.isFinite(n) ? n : undefined
}

/**
 * product.md §6 totals: one-time = amount; per-unit = rate × units; recurring = rate × cycles (default 1). Rupees.
 */
export function liveTotal(v: JobFormValues): number | null {
  if (!v.paymentType) return null
  const { totalPaise } = jobMoney({
    paymentType: v.paymentType,
    amount: num(v.amount),
    rate: num(v.rate),
    units: num(v.units),
    cycles: num(v.cycles) ?? 1,
  })
  return totalPaise / 100
}

/** product.md §6: skills are comma separated, trimmed, empties dropped (and spelt as the Skills page spells them). */
export function parseSkillList(text: string): { skills: string[]; error?: string } {
  const parsed = SkillsInput.safeParse(text)
  if (parsed.success) return { skills: parsed.data }
  const fallback = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const message = parsed.error.issues[0]?.message
  return { skills: fallback, error: message === undefined ? undefined : formMessage(message) }
}

/** Today's date in India as YYYY-MM-DD (the deadline's smallest value). */
export function todayInIndia(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date())
}

/** The POST /job/post (and PUT /job/:id) body, with only the money fields the chosen model uses. */
export function toJobPayload(v: JobFormValues, status?: 'draft' | 'active'): Record<string, unknown> {
  const pt = v.paymentType
  const usesRate = pt === 'per-unit' || pt === 'recurring'
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    paymentType: pt || null,
    amount: pt === 'one-time' ? numberOrText(v.amount) : null,
    rate: usesRate ? numberOrText(v.rate) : null,
    units: pt === 'per-unit' ? numberOrText(v.units) : null,
    frequency: pt === 'recurring' ? v.frequency : null,
    cycles: pt === 'recurring' ? (numberOrText(v.cycles) ?? 1) : null,
    openings: numberOrText(v.openings) ?? 1,
    duration: numberOrText(v.duration),
    hours: numberOrText(v.hours),
    locationPreference: v.locationPreference,
    skills: parseSkillList(v.skills).skills,
    category: v.category,
    companyId: v.companyId || null,
    deadline: v.deadline || null,
    isFree: v.isFree,
    isDiscounted: v.isDiscounted,
    jobType: v.jobType.trim() || null,
    position: v.position.trim() || null,
    experienceLevel: v.experienceLevel.trim() || null,
    prize: numberOrText(v.prize),
    // The total is sent too; the server recomputes it and never trusts this one (product.md §6).
    total: liveTotal(v) ?? 0,
    ...(status ? { status } : {}),
  }
}

/** Maps a server or schema path to the field that shows its message. */
export function fieldFor(path: string | undefined): FieldName {
  if (!path || path === 'body') return 'form'
  const head = path.split('.')[0]
  return FIELD_NAMES.has(head) ? (head as FieldName) : 'form'
}

/**
 * The client-side check, with the server's own schema (common/schemas/job.ts) so both say the same thing.
 * product.md §6: title and description non-blank and a payment type chosen, else 'Please fill all required fields'.
 */
export function validateJobForm(v: JobFormValues, storedDeadline = ''): FieldErrors {
  const errors: FieldErrors = {}
  if (!v.title.trim()) errors.title = t('posting.check.titleRequired')
  if (!v.description.trim()) errors.description = t('posting.check.descriptionRequired')
  if (!v.paymentType) errors.paymentType = t('posting.check.choosePaymentType')
  const missing = Object.keys(errors).length > 0

  // With a payment type chosen, its own fields are checked too, so every field at fault is marked at once. The
  // schema stops at a missing title or description, so those two (already marked) are filled in for this check.
  if (v.paymentType) {
    const parsed = JobBody.safeParse(
      toJobPayload({ ...v, title: v.title.trim() || '-', description: v.description.trim() || '-' }),
    )
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldFor(issue.path.map(String).join('.'))
        errors[field] ??= formMessage(issue.message)
      }
    }
  }
  // A job whose deadline has passed can still be edited while its deadline is left as it is (as the server allows).
  if (v.deadline && v.deadline !== storedDeadline && v.deadline < todayInIndia())
    errors.deadline ??= t('posting.check.deadlinePast')
  return missing ? { ...errors, form: t('posting.check.required') } : errors
}

const DATE_IN_INDIA = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' })
const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))

/** The form prefilled from a stored job (the edit page). */
export function jobToFormValues(job: PostedJob): JobFormValues {
  return {
    title: job.title,
    description: job.description,
    paymentType: job.paymentType,
    amount: text(job.amount),
    rate: text(job.rate),
    units: text(job.units),
    cycles: text(job.cycles),
    frequency: job.frequency ?? 'monthly',
    openings: text(job.openings ?? 1),
    duration: text(job.duration),
    hours: text(job.hours),
    locationPreference: (LOCATIONS as readonly string[]).includes(job.locationPreference)
      ? (job.locationPreference as Location)
      : REMOTE,
    skills: job.skills.join(', '),
    category: job.category,
    companyId: job.company?._id ?? '',
    deadline: job.deadline ? DATE_IN_INDIA.format(new Date(job.deadline)) : '',
    isFree: job.isFree,
    isDiscounted: job.isDiscounted,
    jobType: job.jobType ?? '',
    position: job.position ?? '',
    experienceLevel: job.experienceLevel ?? '',
    prize: text(job.prize),
  }
}

const oneOf = <T extends string>(list: readonly T[], v: unknown): T | undefined =>
  typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : undefined
const asText = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined

/**
 * A template handed over in navigation state (`location.state.template`), in the shape of the POST body. History
 * state can hold anything, so only known fields of the right kind are taken.
 */
export function templateToFormValues(template: unknown): Partial<JobFormValues> | null {
  if (!template || typeof template !== 'object') return null
  const t = template as Record<string, unknown>
  const out: Partial<JobFormValues> = {}
  for (const key of [
    'title',
    'description',
    'amount',
    'rate',
    'units',
    'cycles',
    'duration',
    'hours',
    'jobType',
    'position',
    'experienceLevel',
    'prize',
  ] as const) {
    const v = asText(t[key])
    if (v !== undefined) out[key] = v
  }
  const paymentType = oneOf(PAYMENT_TYPES, t.paymentType)
  if (paymentType) out.paymentType = paymentType
  const frequency = oneOf(FREQUENCIES, t.frequency)
  if (frequency) out.frequency = frequency
  const location = oneOf(LOCATIONS, t.locationPreference)
  if (location) out.locationPreference = location
  const category = oneOf(CATEGORIES, t.category)
  if (category) out.category = category
  if (Array.isArray(t.skills)) out.skills = t.skills.filter((s) => typeof s === 'string').join(', ')
  else if (typeof t.skills === 'string') out.skills = t.skills
  if (typeof t.isFree === 'boolean') out.isFree = t.isFree
  if (typeof t.isDiscounted === 'boolean') out.isDiscounted = t.isDiscounted
  return Object.keys(out).length ? out : null
}
