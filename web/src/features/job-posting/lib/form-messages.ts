import { JOB_LIMITS, LOCATION_MESSAGE, REQUIRED_FIELDS_MESSAGE } from '@common/schemas/job'
import { t, type IcuValues, type MessageKey } from '@/i18n'

/**
 * The post-a-job form checks its fields with the server's own schema (common/schemas/job.ts), whose messages are
 * English sentences shared with the API. This reads each one the form can show in the reader's language: an exact
 * sentence, or one of the schema's field patterns ("Units must be a whole number"). A sentence it does not know is
 * shown as it came.
 */
const EXACT: [string, MessageKey, IcuValues?][] = [
  [REQUIRED_FIELDS_MESSAGE, 'posting.check.required'],
  [LOCATION_MESSAGE, 'posting.check.location'],
  ['Enter the deadline as a date (YYYY-MM-DD)', 'posting.check.deadlineFormat'],
  [
    `Openings must be from 1 to ${JOB_LIMITS.openingsMax}`,
    'posting.check.openings',
    { max: JOB_LIMITS.openingsMax },
  ],
  ['Frequency must be weekly or monthly', 'posting.check.frequency'],
  ['Choose weekly or monthly for a recurring job', 'posting.check.frequencyRecurring'],
  ['Choose one of your companies', 'posting.check.company'],
  ['Enter an amount above ₹0 for a one-time job', 'posting.check.amount'],
  ['Enter a rate above ₹0 per unit', 'posting.check.ratePerUnit'],
  ['Enter a rate above ₹0 per cycle', 'posting.check.ratePerCycle'],
  ['Enter the number of units (a whole number, at least 1)', 'posting.check.units'],
  ['Cycles must be at least 1', 'posting.check.cycles'],
  ['The total must be at most ₹10,00,00,000', 'posting.check.total'],
  [
    `A skill is at most ${JOB_LIMITS.skillMax} characters`,
    'posting.check.skillLength',
    { max: JOB_LIMITS.skillMax },
  ],
  [`At most ${JOB_LIMITS.skillsMax} skills`, 'posting.check.skillCount', { max: JOB_LIMITS.skillsMax }],
]

/** The schema's field names (its `label`s), as the patterns below name them. */
const FIELDS: Record<string, MessageKey> = {
  Title: 'posting.field.title',
  Description: 'posting.field.description',
  Amount: 'posting.field.amount',
  Rate: 'posting.field.rate',
  Units: 'posting.field.units',
  Cycles: 'posting.field.cycles',
  Openings: 'posting.field.openings',
  Duration: 'posting.field.duration',
  Hours: 'posting.field.hours',
  Prize: 'posting.field.prize',
  'Job type': 'posting.field.jobType',
  Position: 'posting.field.position',
  'Experience level': 'posting.field.experienceLevel',
}
const names = Object.keys(FIELDS).join('|')
const PATTERNS: [RegExp, MessageKey][] = [
  [
    new RegExp(`^(${names}) must contain only digits with an optional decimal point$`),
    'posting.check.digits',
  ],
  [new RegExp(`^(${names}) must be a whole number$`), 'posting.check.whole'],
  [new RegExp(`^(${names}) can have at most (\\d+) decimal places$`), 'posting.check.decimals'],
  [new RegExp(`^(${names}) must be at most (\\d+) characters$`), 'posting.check.characters'],
  [new RegExp(`^(${names}) must be at most (\\S+)$`), 'posting.check.atMost'],
]

const byText = new Map(EXACT.map(([text, key, values]) => [text, { key, values }]))

/** A schema message in the reader's language. */
export function formMessage(message: string): string {
  const exact = byText.get(message)
  if (exact) return t(exact.key, exact.values)
  for (const [pattern, key] of PATTERNS) {
    const m = pattern.exec(message)
    if (m) return t(key, { field: t(FIELDS[m[1]]), max: m[2] })
  }
  return message
}

/** For the test: every exact sentence with its key. */
export const KNOWN_MESSAGES = EXACT.map(([text]) => text)
