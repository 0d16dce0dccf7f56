import { z } from 'zod'
import { CATEGORIES, ALL_CATEGORIES } from '../categories'
import { LOCATIONS, REMOTE } from '../locations'
import { SKILL_CATEGORIES } from '../skills'
import { moneyField, numericField, optionalEnum, optionalText, queryFlag, textField } from './fields'

export const PAYMENT_TYPES = ['one-time', 'per-unit', 'recurring'] as const
export type PaymentType = (typeof PAYMENT_TYPES)[number]
export const FREQUENCIES = ['weekly', 'monthly'] as const
export const JOB_STATUSES = ['draft', 'active', 'closed'] as const
export type JobStatusValue = (typeof JOB_STATUSES)[number]
export const FUND_STATUSES = ['Not Initiated', 'In Escrow', 'Released'] as const
export const JOB_ACTIONS = ['publish', 'unpublish', 'close', 'reopen', 'archive', 'unarchive'] as const
export type JobAction = (typeof JOB_ACTIONS)[number]
export const JOB_SORTS = ['relevant', 'newest', 'closest'] as const
export type JobSort = (typeof JOB_SORTS)[number]

export const JOB_LIMITS = {
  titleMax: 120,
  descriptionMax: 10_000,
  skillsMax: 20,
  skillMax: 60,
  unitsMax: 100_000,
  cyclesMax: 520,
  openingsMax: 100,
  /** Largest total a job may come to, in rupees (₹10 crore). */
  totalMaxRupees: 10_00_00_000,
  pageMax: 50,
  pageDefault: 20,
} as const

export const REQUIRED_FIELDS_MESSAGE = 'Please fill all required fields'
export const LOCATION_MESSAGE = 'Choose one of the 28 states, the 8 union territories, or Remote'

const CANONICAL_SKILLS = new Map(
  SKILL_CATEGORIES.flatMap((c) => c.skills).map((s) => [s.toLowerCase(), s] as const),
)
/**
 * Skills as a list or a comma-separated string (product.md §6): trimmed, empties dropped, duplicates removed without
 * regard to case, and the chips of the Skills page spelled their way ("react" → "React") so filters and matching
 * agree.
 */
export const SkillsInput = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((v, ctx) => {
    const raw = v === undefined ? [] : Array.isArray(v) ? v : v.split(',')
    const out = new Map<string, string>()
    for (const s of raw.map((x) => x.trim()).filter(Boolean)) {
      if (s.length > JOB_LIMITS.skillMax) {
        ctx.addIssue({ code: 'custom', message: `A skill is at most ${JOB_LIMITS.skillMax} characters` })
        return z.NEVER
      }
      const key = s.toLowerCase()
      if (!out.has(key)) out.set(key, CANONICAL_SKILLS.get(key) ?? s)
    }
    if (out.size > JOB_LIMITS.skillsMax) {
      ctx.addIssue({ code: 'custom', message: `At most ${JOB_LIMITS.skillsMax} skills` })
      return z.NEVER
    }
    return [...out.values()]
  })

const location = optionalEnum(LOCATIONS, LOCATION_MESSAGE)
const paymentType = optionalEnum(PAYMENT_TYPES, 'Payment type must be one-time, per-unit or recurring')
const category = optionalEnum(CATEGORIES, `Category must be one of: ${CATEGORIES.join(', ')}`)

/** "2025-12-31" (end of that day in India) or a full ISO timestamp; blank → null. */
const deadline = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v, ctx): Date | null => {
    if (!v || !v.trim()) return null
    const s = v.trim()
    const d = /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T23:59:59.999+05:30`) : new Date(s)
    if (Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(s)) {
      ctx.addIssue({ code: 'custom', message: 'Enter the deadline as a date (YYYY-MM-DD)' })
      return z.NEVER
    }
    return d
  })

/** The post-a-job form's fields (product.md §14 POST /job/post), also PUT /job/:id. `total` is never read. */
export const JobFields = z.object({
  title: textField('Title', JOB_LIMITS.titleMax).optional(),
  description: textField('Description', JOB_LIMITS.descriptionMax).optional(),
  paymentType,
  amount: moneyField('Amount'),
  rate: moneyField('Rate'),
  units: numericField({ label: 'Units', max: JOB_LIMITS.unitsMax, integer: true }),
  cycles: numericField({ label: 'Cycles', max: JOB_LIMITS.cyclesMax, integer: true }),
  frequency: optionalEnum(FREQUENCIES, 'Frequency must be weekly or monthly'),
  /** How many people the job hires (ADR 048); blank keeps what it was (1 for a new job). */
  openings: numericField({ label: 'Openings', max: JOB_LIMITS.openingsMax, integer: true }).refine(
    (v) => v === undefined || v >= 1,
    { message: `Openings must be from 1 to ${JOB_LIMITS.openingsMax}` },
  ),
  duration: numericField({ label: 'Duration', max: 10_000, decimals: 2 }),
  hours: numericField({ label: 'Hours', max: 10_000, decimals: 2 }),
  skills: SkillsInput,
  locationPreference: location,
  remote: z.boolean().optional(),
  jobType: optionalText('Job type', 60),
  position: optionalText('Position', 100),
  experienceLevel: optionalText('Experience level', 60),
  category,
  companyId: z
    .union([z.uuid(), z.literal(''), z.null()], { error: 'Choose one of your companies' })
    .optional()
    .transform((v) => v || undefined),
  prize: moneyField('Prize'),
  deadline,
  isFree: z.boolean().optional(),
  isDiscounted: z.boolean().optional(),
  status: z.enum(['draft', 'active'], { error: 'A new job is either a draft or active' }).optional(),
})

export interface JobInput {
  title: string
  description: string
  paymentType: PaymentType
  amount?: number
  rate?: number
  units?: number
  cycles?: number
  frequency?: (typeof FREQUENCIES)[number]
  openings?: number
  duration?: number
  hours?: number
  skills: string[]
  locationPreference: (typeof LOCATIONS)[number]
  remote: boolean
  jobType: string | null
  position: string | null
  experienceLevel: string | null
  category: (typeof CATEGORIES)[number]
  companyId: string | null
  prize?: number
  deadline: Date | null
  isFree: boolean
  isDiscounted: boolean
  status?: 'draft' | 'active'
}

/** Integer paise from rupees (≤ 2 decimals), without float drift. */
const paise = (rupees: number | undefined) => Math.round((rupees ?? 0) * 100)

/** What a job costs, from its payment model (product.md §6); the browser's `total` is never trusted. */
export function jobMoney(v: {
  paymentType: PaymentType
  amount?: number
  rate?: number
  units?: number
  cycles?: number
}) {
  if (v.paymentType === 'one-time') {
    const amountPaise = paise(v.amount)
    return { amountPaise, ratePaise: null, units: null, cycles: null, totalPaise: amountPaise }
  }
  const ratePaise = paise(v.rate)
  if (v.paymentType === 'per-unit') {
    const units = v.units ?? 0
    return { amountPaise: null, ratePaise, units, cycles: null, totalPaise: ratePaise * units }
  }
  const cycles = v.cycles ?? 1
  return { amountPaise: null, ratePaise, units: null, cycles, totalPaise: ratePaise * cycles }
}

/** The body of POST /job/post and PUT /job/:id, with product.md §6's messages (the required-fields one first). */
export const JobBody = JobFields.check((ctx) => {
  const v = ctx.value
  if (!v.title || !v.description || !v.paymentType)
    ctx.issues.unshift({ code: 'custom', path: [], message: REQUIRED_FIELDS_MESSAGE, input: v })
})
  .superRefine((v, ctx) => {
    if (!v.paymentType) return
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    const free = !!v.isFree
    if (v.paymentType === 'one-time' && !free && !(v.amount! > 0))
      add('amount', 'Enter an amount above ₹0 for a one-time job')
    if (v.paymentType !== 'one-time' && !free && !(v.rate! > 0))
      add('rate', `Enter a rate above ₹0 ${v.paymentType === 'per-unit' ? 'per unit' : 'per cycle'}`)
    if (v.paymentType === 'per-unit' && !(v.units! >= 1))
      add('units', 'Enter the number of units (a whole number, at least 1)')
    if (v.paymentType === 'recurring' && !v.frequency)
      add('frequency', 'Choose weekly or monthly for a recurring job')
    if (v.paymentType === 'recurring' && v.cycles === 0) add('cycles', 'Cycles must be at least 1')
    const { totalPaise } = jobMoney(v as Parameters<typeof jobMoney>[0])
    if (totalPaise > JOB_LIMITS.totalMaxRupees * 100) add('total', 'The total must be at most ₹10,00,00,000')
  })
  .transform((v): JobInput => ({
    ...v,
    title: v.title!,
    description: v.description!,
    paymentType: v.paymentType!,
    skills: v.skills ?? [],
    locationPreference: v.locationPreference ?? REMOTE,
    remote: v.remote ?? (v.locationPreference ?? REMOTE) === REMOTE,
    category: v.category ?? 'Jobs',
    companyId: v.companyId ?? null,
    isFree: !!v.isFree,
    isDiscounted: !!v.isDiscounted,
  }))

/** POST /job/:id/status: a target status, or one of the manage menu's actions. */
export const JobStatusBody = z
  .object({
    status: z.enum(JOB_STATUSES, { error: 'Status must be draft, active or closed' }).optional(),
    action: z.enum(JOB_ACTIONS, { error: `Action must be one of: ${JOB_ACTIONS.join(', ')}` }).optional(),
  })
  .refine((v) => !!v.status !== !!v.action, { message: 'Send either a status or an action', path: [] })

const searchText = z.string().max(200, 'The search is at most 200 characters').optional()

/** GET /job/get: filters, sort and a keyset cursor. Unknown "All categories" means no category filter. */
export const JobListQuery = z.object({
  category: z
    .union([category, z.literal(ALL_CATEGORIES), z.literal('all')], {
      error: `Category must be one of: ${CATEGORIES.join(', ')}`,
    })
    .transform((v) => (v === ALL_CATEGORIES || v === 'all' ? undefined : v)),
  free: queryFlag,
  discounted: queryFlag,
  keyword: searchText,
  query: searchText,
  q: searchText,
  location: location,
  state: location,
  paymentType,
  minAmount: moneyField('Minimum amount', JOB_LIMITS.totalMaxRupees),
  maxAmount: moneyField('Maximum amount', JOB_LIMITS.totalMaxRupees),
  sort: optionalEnum(JOB_SORTS, 'Sort must be relevant, newest or closest').transform(
    (v): JobSort => v ?? 'relevant',
  ),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(JOB_LIMITS.pageMax, `Limit must be at most ${JOB_LIMITS.pageMax}`)
    .default(JOB_LIMITS.pageDefault),
  cursor: z.string().max(600).optional(),
})
export type JobListQueryInput = z.infer<typeof JobListQuery>

/** GET /job/getadminjobs: the poster's own jobs, newest first. */
export const PostedJobsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  cursor: z.string().max(600).optional(),
})
