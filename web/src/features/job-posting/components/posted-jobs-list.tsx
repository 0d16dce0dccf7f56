import { Link } from 'react-router'
import { rupees } from '@/lib/rupees'
import { StatusBadge } from '@/components/status-badge'
import { ModerationNotice } from '@/components/moderation-notice'
import { TableCard } from '@/components/table-card'
import { Badge } from '@/components/ui/badge'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { useT, type MessageKey } from '@/i18n'
import { formatDate } from '@/i18n/format'
import type { PostedJob } from '../api/types'
import { priceSummary, TITLE_LIMIT, truncate } from '../lib/format'
import { PAYMENT_TYPE_LABEL } from '../lib/labels'
import { JobActions } from './job-actions'

const COLUMNS: MessageKey[] = [
  'posting.list.title',
  'posting.list.status',
  'posting.list.payment',
  'posting.list.total',
  'posting.list.applicants',
  'posting.list.funds',
  'posting.list.actions',
]

/**
 * The title cut to the length of product.md §13 (20 desktop / 40 mobile), the whole title on hover and for screen
 * readers.
 */
function JobTitle({ job, max }: { job: PostedJob; max: number }) {
  const short = truncate(job.title, max)
  return (
    <Link
      to={paths.jobDescription.href(job._id)}
      title={job.title}
      aria-label={short === job.title ? undefined : job.title}
      className="font-medium text-slate-900 hover:text-primary hover:underline"
    >
      {short}
    </Link>
  )
}

/** The created date, under the title. */
function Posted({ job }: { job: PostedJob }) {
  const tr = useT()
  return (
    <span className="mt-0.5 block text-xs text-muted-foreground">
      {tr('posting.list.created')} <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>
    </span>
  )
}

function StatusCell({ job }: { job: PostedJob }) {
  const tr = useT()
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <StatusBadge status={job.status} />
      {job.archived ? <Badge variant="outline">{tr('posting.list.archived')}</Badge> : null}
    </span>
  )
}

function ApplicantsLink({ job }: { job: PostedJob }) {
  const tr = useT()
  const n = job.applicationCount
  return (
    <Link
      to={paths.adminApplicants.href(job._id)}
      className="font-medium text-primary tabular-nums hover:underline"
      aria-label={tr('posting.list.applicantsFor', { count: n, title: job.title })}
    >
      {n}
    </Link>
  )
}

/** Desktop: the jobs table of product.md §3 "Admin jobs manage" (the client's own jobs). */
export function PostedJobsTable({ jobs }: { jobs: PostedJob[] }) {
  const tr = useT()
  const actions = tr('posting.list.actions')
  return (
    <TableCard
      label={tr('posting.list.yourJobs')}
      columns={COLUMNS.map((c) => tr(c))}
      minWidthClass="min-w-[52rem]"
      headerClass={(c) => (c === actions ? 'px-3 py-3 text-right font-medium' : 'px-3 py-3 font-medium')}
    >
      {jobs.map((job) => (
        <tr key={job._id} className="hover:bg-muted/40" data-job-id={job._id}>
          <td className="px-3 py-3 whitespace-nowrap">
            <JobTitle job={job} max={TITLE_LIMIT.desktop} />
            <Posted job={job} />
            {job.moderation ? (
              <ModerationNotice
                moderation={job.moderation}
                compact
                className="mt-2 max-w-md whitespace-normal"
              />
            ) : null}
          </td>
          <td className="px-3 py-3">
            <StatusCell job={job} />
          </td>
          <td className="px-3 py-3 whitespace-nowrap text-slate-600">
            <span className="block">{tr(PAYMENT_TYPE_LABEL[job.paymentType])}</span>
            {job.paymentType === 'one-time' ? null : (
              <span className="block text-xs text-muted-foreground">{priceSummary(job)}</span>
            )}
          </td>
          <td className="px-3 py-3 font-medium whitespace-nowrap tabular-nums">{rupees(job.total)}</td>
          <td className="px-3 py-3">
            <ApplicantsLink job={job} />
          </td>
          <td className="px-3 py-3">
            <StatusBadge status={job.fundStatus} className="normal-case" />
          </td>
          <td className="px-3 py-3">
            <JobActions job={job} className="justify-end" />
          </td>
        </tr>
      ))}
    </TableCard>
  )
}

/** Mobile: each job as a card, so nothing scrolls sideways at 390 px. */
export function PostedJobsCards({ jobs }: { jobs: PostedJob[] }) {
  const tr = useT()
  return (
    <ul className="flex flex-col gap-3" aria-label={tr('posting.list.yourJobs')}>
      {jobs.map((job) => (
        <li key={job._id} className="rounded-2xl border bg-card p-4 shadow-xs" data-job-id={job._id}>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 className="text-sm leading-snug break-words">
                <JobTitle job={job} max={TITLE_LIMIT.mobile} />
              </h2>
              <Posted job={job} />
            </div>
            <StatusCell job={job} />
          </div>
          {job.moderation ? <ModerationNotice moderation={job.moderation} compact className="mt-3" /> : null}
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2.5 text-sm">
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">{tr('posting.list.payment')}</dt>
              <dd className="truncate">{tr(PAYMENT_TYPE_LABEL[job.paymentType])}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{tr('posting.list.total')}</dt>
              <dd className="font-medium tabular-nums">{rupees(job.total)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{tr('posting.list.applicants')}</dt>
              <dd>
                <ApplicantsLink job={job} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{tr('posting.list.funds')}</dt>
              <dd>
                <StatusBadge status={job.fundStatus} className="normal-case" />
              </dd>
            </div>
          </dl>
          <JobActions job={job} className="mt-3 border-t pt-3" />
        </li>
      ))}
    </ul>
  )
}

/** Loading skeleton in the shape of the table (or the cards on mobile). */
export function PostedJobsSkeleton({ mobile }: { mobile: boolean }) {
  const tr = useT()
  if (mobile)
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label={tr('posting.list.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-44 rounded-2xl" />
        ))}
      </div>
    )
  return (
    <div
      className="overflow-hidden rounded-2xl border bg-card"
      aria-busy="true"
      aria-label={tr('posting.list.loading')}
    >
      <div className="h-11 border-b bg-muted/50" />
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex items-center gap-6 border-b px-4 py-4 last:border-b-0">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-8" />
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="ml-auto h-8 w-40" />
        </div>
      ))}
    </div>
  )
}
