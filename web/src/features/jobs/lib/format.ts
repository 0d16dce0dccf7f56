import { formatRupees } from '@common/money'
import { t, type MessageKey } from '@/i18n'
import { formatDate as formatDay } from '@/i18n/format'
import type { Job } from '../api/get-jobs'

/** Whether a job is closed for the browser: closed, archived or past its deadline (drafts are not "closed"). */
export function isClosed(job: Job, now = Date.now()): boolean {
  if (job.status === 'closed' || job.archived) return true
  return job.deadline !== null && new Date(job.deadline).getTime() < now
}

/** product.md §3: the card's deadline reads 'N days left' or 'Closed'; null when the job has no deadline. */
export function deadlineText(job: Job, now = Date.now()): string | null {
  if (isClosed(job, now)) return t('jobs.closed')
  if (job.deadline === null) return null
  // Calendar days between today and the deadline's date, both local: a deadline on the 30th is "1 day left" all
  // through the 29th, as a person counts.
  const startOfDay = (ms: number) => {
    const d = new Date(ms)
    return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate())
  }
  const days = Math.max(
    0,
    Math.round((startOfDay(new Date(job.deadline).getTime()) - startOfDay(now)) / 86_400_000),
  )
  // The deadline's own day reads '0 days left', as product.md §3 writes it: the job is open until that day ends.
  return t('jobs.deadline.daysLeft', { days })
}

/** The catalogue keys of the payment models' names; hourly and fixed also appear in the detail view (product.md §6). */
const PAYMENT_KEYS: Record<string, MessageKey> = {
  'one-time': 'jobs.payment.one-time',
  'per-unit': 'jobs.payment.per-unit',
  recurring: 'jobs.payment.recurring',
  hourly: 'jobs.payment.hourly',
  fixed: 'jobs.payment.fixed',
}

/** A payment model's name in the reader's language ("One-time", "Per unit"…); an unknown one as it is. */
export const paymentLabel = (type: string) => (PAYMENT_KEYS[type] ? t(PAYMENT_KEYS[type]) : type)

type Every = 'week' | 'month' | 'cycle'
const everyOf = (frequency: string | null | undefined): Every =>
  frequency === 'weekly' ? 'week' : frequency === 'monthly' ? 'month' : 'cycle'
const PER: Record<Every, MessageKey> = {
  week: 'jobs.pay.perWeek',
  month: 'jobs.pay.perMonth',
  cycle: 'jobs.pay.perCycle',
}
const SLASH: Record<Every, MessageKey> = {
  week: 'jobs.rate.week',
  month: 'jobs.rate.month',
  cycle: 'jobs.rate.cycle',
}
const COUNT: Record<Every, MessageKey> = {
  week: 'jobs.count.weeks',
  month: 'jobs.count.months',
  cycle: 'jobs.count.cycles',
}

/**
 * What the job pays, as the detail view spells it out: one-time amount; per-unit rate × units; recurring
 * rate × cycles with the frequency; hourly rate × hours; fixed amount. Amounts keep `@common/money`'s ₹800.00, as
 * the spec writes them.
 */
export function paymentBreakdown(
  job: Pick<Job, 'paymentType' | 'amount' | 'rate' | 'units' | 'cycles' | 'frequency' | 'hours' | 'total'>,
): {
  label: string
  lines: { label: string; value: string }[]
  /** How the total comes about ("₹800.00 × 30 units"); null when it is a single amount. */
  formula: string | null
} {
  const rate = formatRupees(job.rate ?? 0)
  const type = job.paymentType as string
  switch (type) {
    case 'per-unit': {
      const units = t('jobs.count.units', { count: job.units ?? 0 })
      return {
        label: t('jobs.payment.per-unit'),
        lines: [
          { label: t('jobs.pay.rate'), value: t('jobs.pay.perUnit', { rate }) },
          { label: t('jobs.pay.units'), value: units },
        ],
        formula: `${rate} × ${units}`,
      }
    }
    case 'recurring': {
      const every = everyOf(job.frequency)
      const cycles = t(job.frequency ? COUNT[every] : 'jobs.count.cycles', { count: job.cycles ?? 1 })
      return {
        label: job.frequency
          ? t('jobs.payment.recurringEvery', { frequency: job.frequency })
          : t('jobs.payment.recurring'),
        lines: [
          { label: t('jobs.pay.rate'), value: t(PER[every], { rate }) },
          { label: t('jobs.pay.cycles'), value: cycles },
        ],
        formula: `${rate} × ${cycles}`,
      }
    }
    case 'hourly': {
      const hours = t('jobs.count.hours', { count: job.hours ?? 0 })
      return {
        label: t('jobs.payment.hourly'),
        lines: [
          { label: t('jobs.pay.rate'), value: t('jobs.pay.perHour', { rate }) },
          { label: t('jobs.pay.hours'), value: hours },
        ],
        formula: `${rate} × ${hours}`,
      }
    }
    case 'fixed':
      return {
        label: t('jobs.payment.fixed'),
        lines: [{ label: t('jobs.pay.amount'), value: formatRupees(job.amount ?? job.total) }],
        formula: null,
      }
    default:
      return {
        label: t('jobs.payment.one-time'),
        lines: [{ label: t('jobs.pay.amount'), value: formatRupees(job.amount ?? job.total) }],
        formula: null,
      }
  }
}

/** The card's short money line: "₹800.00 / unit", "₹12,000.00 / month", or the one-time amount. */
export function rateText(job: Job): string {
  const rate = formatRupees(job.rate ?? 0)
  if (job.paymentType === 'per-unit') return t('jobs.rate.unit', { rate })
  if (job.paymentType === 'recurring') return t(SLASH[everyOf(job.frequency)], { rate })
  return formatRupees(job.amount ?? job.total)
}

/**
 * Who pays whom on a "Free" listing. Free means the freelancer pays nothing to take part; a Free listing may still
 * carry a price, which the client pays the freelancer through escrow like any other. Null for other listings.
 */
export function freeNote(job: Pick<Job, 'isFree' | 'total'>): string | null {
  if (!job.isFree) return null
  return job.total > 0 ? t('jobs.free.withPrice') : t('jobs.free.noPayment')
}

/** "22 Nov 2026" / "22 नव॰ 2026", in India's time zone: the one date format of each language (i18n/format.ts). */
export const formatDate = (iso: string) => formatDay(iso)

/** "today", "yesterday", "3 days ago", then the date. */
export function postedText(iso: string, now = Date.now()): string {
  const days = Math.floor((now - new Date(iso).getTime()) / 86_400_000)
  if (days < 0) return formatDate(iso)
  if (days === 0) return t('jobs.posted.today')
  if (days === 1) return t('jobs.posted.yesterday')
  if (days < 30) return t('jobs.posted.daysAgo', { days })
  return formatDate(iso)
}

/** A job's duration, which the post form asks for in weeks: "1 week", "9 weeks", "2.5 weeks". */
export const durationText = (weeks: number) => t('jobs.count.weeks', { count: weeks })

/** The hours the post form asks for ("Hours per week"): "20 hours a week", "1 hour a week". */
export const weeklyHoursText = (hours: number) => t('jobs.count.hoursAWeek', { count: hours })
