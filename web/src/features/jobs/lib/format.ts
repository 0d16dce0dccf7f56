import { formatCount, formatRupees } from '@common/money'
import type { Job } from '../api/get-jobs'

/** Whether a job is closed for the browser: closed, archived or past its deadline (drafts are not "closed"). */
export function isClosed(job: Job, now = Date.now()): boolean {
  if (job.status === 'closed' || job.archived) return true
  return job.deadline !== null && new Date(job.deadline).getTime() < now
}

/** product.md §3: the card's deadline reads 'N days left' or 'Closed'; null when the job has no deadline. */
export function deadlineText(job: Job, now = Date.now()): string | null {
  if (isClosed(job, now)) return 'Closed'
  if (job.deadline === null) return null
  // Calendar days between today and the deadline's date, both local: a deadline on the 30th is "1 day left" all
  // through the 29th, as a person counts.
  const startOfDay = (t: number) => {
    const d = new Date(t)
    return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate())
  }
  const days = Math.max(
    0,
    Math.round((startOfDay(new Date(job.deadline).getTime()) - startOfDay(now)) / 86_400_000),
  )
  // The deadline's own day reads '0 days left', as product.md §3 writes it: the job is open until that day ends.
  return `${days} ${days === 1 ? 'day' : 'days'} left`
}

/** Labels for the payment models; hourly and fixed also appear in the detail view (product.md §6). */
export const PAYMENT_LABELS: Record<string, string> = {
  'one-time': 'One-time',
  'per-unit': 'Per unit',
  recurring: 'Recurring',
  hourly: 'Hourly',
  fixed: 'Fixed price',
}

export const paymentLabel = (type: string) => PAYMENT_LABELS[type] ?? type

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`

/**
 * What the job pays, as the detail view spells it out: one-time amount; per-unit rate × units; recurring
 * rate × cycles with the frequency; hourly rate × hours; fixed amount.
 */
export function paymentBreakdown(
  job: Pick<Job, 'paymentType' | 'amount' | 'rate' | 'units' | 'cycles' | 'frequency' | 'hours' | 'total'>,
): {
  label: string
  lines: { label: string; value: string }[]
  /** How the total comes about ("₹800.00 × 30 units"); null when it is a single amount. */
  formula: string | null
} {
  const rate = job.rate ?? 0
  const type = job.paymentType as string
  switch (type) {
    case 'per-unit':
      return {
        label: 'Per unit',
        lines: [
          { label: 'Rate', value: `${formatRupees(rate)} per unit` },
          { label: 'Units', value: plural(job.units ?? 0, 'unit') },
        ],
        formula: `${formatRupees(rate)} × ${plural(job.units ?? 0, 'unit')}`,
      }
    case 'recurring': {
      const cycles = job.cycles ?? 1
      const every = job.frequency === 'weekly' ? 'week' : job.frequency === 'monthly' ? 'month' : 'cycle'
      return {
        label: `Recurring${job.frequency ? ` (${job.frequency})` : ''}`,
        lines: [
          { label: 'Rate', value: `${formatRupees(rate)} per ${every}` },
          {
            label: 'Cycles',
            value: job.frequency ? plural(cycles, every) : plural(cycles, 'cycle'),
          },
        ],
        formula: `${formatRupees(rate)} × ${job.frequency ? plural(cycles, every) : plural(cycles, 'cycle')}`,
      }
    }
    case 'hourly':
      return {
        label: 'Hourly',
        lines: [
          { label: 'Rate', value: `${formatRupees(rate)} per hour` },
          { label: 'Hours', value: plural(job.hours ?? 0, 'hour') },
        ],
        formula: `${formatRupees(rate)} × ${plural(job.hours ?? 0, 'hour')}`,
      }
    case 'fixed':
      return {
        label: 'Fixed price',
        lines: [{ label: 'Amount', value: formatRupees(job.amount ?? job.total) }],
        formula: null,
      }
    default:
      return {
        label: 'One-time',
        lines: [{ label: 'Amount', value: formatRupees(job.amount ?? job.total) }],
        formula: null,
      }
  }
}

/** The card's short money line: "₹800.00 / unit", "₹12,000.00 / month", or the one-time amount. */
export function rateText(job: Job): string {
  if (job.paymentType === 'per-unit') return `${formatRupees(job.rate ?? 0)} / unit`
  if (job.paymentType === 'recurring')
    return `${formatRupees(job.rate ?? 0)} / ${job.frequency === 'weekly' ? 'week' : job.frequency === 'monthly' ? 'month' : 'cycle'}`
  return formatRupees(job.amount ?? job.total)
}

/**
 * Who pays whom on a "Free" listing. Free means the freelancer pays nothing to take part; a Free listing may still
 * carry a price, which the client pays the freelancer through escrow like any other. Null for other listings.
 */
export function freeNote(job: Pick<Job, 'isFree' | 'total'>): string | null {
  if (!job.isFree) return null
  return job.total > 0 ? 'Free to apply · the client pays the freelancer' : 'Free · no payment changes hands'
}

// Written out rather than built with Intl.DateTimeFormat / RelativeTimeFormat, whose locale data costs a phone tens
// of milliseconds on the first page (docs/decisions/024-first-paint.md); format.test.ts holds them to Intl's en-IN output.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec']

/** "22 Nov 2026", in the reader's time zone, as Intl's en-IN medium date. */
export function formatDate(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime()))
    return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }).format(d)
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`
}

/** "today", "yesterday", "3 days ago", then the date. */
export function postedText(iso: string, now = Date.now()): string {
  const days = Math.floor((now - new Date(iso).getTime()) / 86_400_000)
  if (days < 0) return formatDate(iso)
  if (days === 0) return 'today'
  if (days === 1) return 'yesterday'
  if (days < 30) return `${days} days ago`
  return formatDate(iso)
}

/** A job's duration, which the post form asks for in weeks: "1 week", "9 weeks", "2.5 weeks". */
export const durationText = (weeks: number) => plural(weeks, 'week')

/** The hours the post form asks for ("Hours per week"): "20 hours a week", "1 hour a week". */
export const weeklyHoursText = (hours: number) => `${plural(hours, 'hour')} a week`
