import type { ReactNode } from 'react'
import { Link } from 'react-router'
import {
  Briefcase,
  Building2,
  CalendarClock,
  Clock,
  ExternalLink,
  Eye,
  Gauge,
  Hourglass,
  MapPin,
  MessageCircle,
  Send,
  Trophy,
  UserRound,
  Users,
  Wallet,
} from 'lucide-react'
import { formatRupees } from '@common/money'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { UserAvatar } from '@/components/ui/avatar'
import { StatusBadge } from '@/components/status-badge'
import { ReportButton } from '@/components/report-dialog'
import { ModerationNotice } from '@/components/moderation-notice'
import { ClientTrustMarks } from '@/components/trust-marks'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { formatNumber } from '@/i18n/format'
import { useAuth } from '@/lib/auth'
import { openChatWindow } from '@/lib/chat-window'
import { cn } from '@/lib/utils'
import type { Job } from '../api/get-jobs'
import { categoryLabel, placeLabel } from '../lib/filters'
import {
  deadlineText,
  freeNote,
  durationText,
  formatDate,
  isClosed,
  paymentBreakdown,
  postedText,
  weeklyHoursText,
} from '../lib/format'
import { ApplySection } from './apply-section'
import { SLOT, withSlot } from '@/lib/with-slot'

export { JobDetailSkeleton } from './job-detail-skeleton'

/** One fact of a `<dl>`: only dt and dd sit in its group (the icon is part of the term, hidden from readers). */
function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative min-w-0 sm:pl-11">
      <dt className="text-xs text-muted-foreground">
        <span
          className="absolute top-0.5 left-0 hidden size-8 items-center justify-center rounded-lg bg-muted text-slate-500 sm:flex [&_svg]:size-4"
          aria-hidden
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-sm font-medium break-words text-slate-800">{children}</dd>
    </div>
  )
}

/** Section headings sit one level below the job's title (h3 in the browser's panel, h2 on /description/:id). */
function Section({
  title,
  level,
  children,
  className,
}: {
  title: string
  level: 2 | 3
  children: ReactNode
  className?: string
}) {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section className={cn('flex flex-col gap-3', className)}>
      <Heading className="text-sm font-semibold text-slate-900">{title}</Heading>
      {children}
    </section>
  )
}

/**
 * Everything the API gives about a job (product.md §6): header with its badges, the Apply area (or the creator's
 * menu), payment specifics, facts, skills, description, company and creator. Used by the browser's panel and
 * /description/:id (`headingLevel` keeps one h1 per page).
 */
export function JobDetail({
  job,
  headingLevel = 2,
  payments,
}: {
  job: Job
  headingLevel?: 1 | 2
  /** The payment actions; when given they replace the creator's menu. */
  payments?: ReactNode
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  const sectionLevel = headingLevel === 1 ? 2 : 3
  const { user } = useAuth()
  const t = useT()
  const closed = isClosed(job)
  const deadline = deadlineText(job)
  const pay = paymentBreakdown(job)
  const free = job.isFree && job.total === 0

  return (
    <article className="flex flex-col gap-6" aria-labelledby={`job-title-${job._id}`}>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="accent">{categoryLabel(job.category, t)}</Badge>
          {closed ? (
            <Badge className="border-red-200 bg-red-50 text-red-700">{t('jobs.closed')}</Badge>
          ) : job.status === 'draft' ? (
            <StatusBadge status="draft" />
          ) : null}
          {job.isFree ? <Badge className="bg-emerald-50 text-emerald-700">{t('jobs.free')}</Badge> : null}
          {job.isDiscounted ? (
            <Badge className="bg-amber-50 text-amber-700">{t('jobs.badge.discounted')}</Badge>
          ) : null}
          {job.remote && job.locationPreference !== 'Remote' ? (
            <Badge variant="outline">{t('jobs.remote')}</Badge>
          ) : null}
        </div>
        {job.moderation ? <ModerationNotice moderation={job.moderation} /> : null}
        <Heading
          id={`job-title-${job._id}`}
          className="text-xl font-semibold tracking-tight break-words text-slate-900 sm:text-2xl"
        >
          {job.title}
        </Heading>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          {job.company ? (
            <span className="inline-flex items-center gap-1.5">
              <Building2 className="size-4 text-slate-400" aria-hidden />
              {job.company.name}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1.5">
            <MapPin className="size-4 text-slate-400" aria-hidden />
            {placeLabel(job.locationPreference, t)}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock className="size-4 text-slate-400" aria-hidden />
            <span>
              {withSlot(
                t('jobs.detail.posted', { when: SLOT }),
                <time dateTime={job.createdAt} title={formatDate(job.createdAt)}>
                  {postedText(job.createdAt)}
                </time>,
              )}
            </span>
          </span>
        </p>
      </header>

      <div className="flex flex-col gap-4 rounded-2xl border bg-slate-50/70 p-4 sm:p-5">
        <div>
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {free ? `${pay.label} · ${t('jobs.free')}` : pay.label}
          </p>
          <p className="text-2xl font-semibold text-slate-900 tabular-nums">
            {free ? t('jobs.free') : formatRupees(job.total)}
          </p>
          <p className="text-xs text-muted-foreground">
            {pay.formula && !free ? `${t('jobs.detail.total')} · ${pay.formula}` : t('jobs.detail.total')}
          </p>
          {job.isFree ? <p className="mt-1 text-sm text-slate-700">{freeNote(job)}</p> : null}
        </div>
        <ApplySection job={job} />
        {payments}
      </div>

      <Section level={sectionLevel} title={t('jobs.detail.description')}>
        <p className="text-sm leading-relaxed break-words whitespace-pre-line text-slate-700">
          {job.description}
        </p>
      </Section>

      {job.skills.length ? (
        <Section level={sectionLevel} title={t('jobs.skills')}>
          <ul className="flex flex-wrap gap-1.5">
            {job.skills.map((s) => (
              <li key={s} className="rounded-md bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">
                {s}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section level={sectionLevel} title={t('jobs.detail.payment')}>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
          <Fact icon={<Wallet aria-hidden />} label={t('jobs.detail.paymentType')}>
            {pay.label}
          </Fact>
          {pay.lines.map((l) => (
            <Fact key={l.label} icon={<Wallet aria-hidden />} label={l.label}>
              {l.value}
            </Fact>
          ))}
          <Fact icon={<Wallet aria-hidden />} label={t('jobs.detail.total')}>
            {formatRupees(job.total)}
          </Fact>
          <Fact icon={<Wallet aria-hidden />} label={t('jobs.detail.fundStatus')}>
            <StatusBadge status={job.fundStatus} />
          </Fact>
          {job.prize !== null ? (
            <Fact icon={<Trophy aria-hidden />} label={t('jobs.detail.prize')}>
              {formatRupees(job.prize)}
            </Fact>
          ) : null}
        </dl>
      </Section>

      <Section level={sectionLevel} title={t('jobs.detail.details')}>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
          <Fact icon={<MapPin aria-hidden />} label={t('jobs.detail.location')}>
            {placeLabel(job.locationPreference, t)}
            {job.remote && job.locationPreference !== 'Remote' ? ` ${t('jobs.detail.remoteSuffix')}` : ''}
          </Fact>
          <Fact icon={<CalendarClock aria-hidden />} label={t('jobs.detail.deadline')}>
            {job.deadline ? (
              <>
                {formatDate(job.deadline)}{' '}
                <span className={cn('font-normal', closed ? 'text-red-600' : 'text-muted-foreground')}>
                  · {deadline}
                </span>
              </>
            ) : closed ? (
              <span className="text-red-600">{t('jobs.closed')}</span>
            ) : (
              t('jobs.detail.noDeadline')
            )}
          </Fact>
          <Fact icon={<Eye aria-hidden />} label={t('jobs.detail.views')}>
            {formatNumber(job.views)}
          </Fact>
          <Fact icon={<Users aria-hidden />} label={t('jobs.detail.applications')}>
            {formatNumber(job.applicationCount)}
          </Fact>
          {job.jobType ? (
            <Fact icon={<Briefcase aria-hidden />} label={t('jobs.detail.jobType')}>
              {job.jobType}
            </Fact>
          ) : null}
          {job.position ? (
            <Fact icon={<UserRound aria-hidden />} label={t('jobs.detail.position')}>
              {job.position}
            </Fact>
          ) : null}
          {job.experienceLevel ? (
            <Fact icon={<Gauge aria-hidden />} label={t('jobs.detail.experience')}>
              {job.experienceLevel}
            </Fact>
          ) : null}
          {job.duration !== null ? (
            <Fact icon={<Hourglass aria-hidden />} label={t('jobs.detail.duration')}>
              {durationText(job.duration)}
            </Fact>
          ) : null}
          {job.hours !== null ? (
            <Fact icon={<Clock aria-hidden />} label={t('jobs.detail.hours')}>
              {weeklyHoursText(job.hours)}
            </Fact>
          ) : null}
          <Fact icon={<Send aria-hidden />} label={t('jobs.detail.process')}>
            {job.applicationProcess === 'quick-apply' ? t('jobs.detail.quickApply') : job.applicationProcess}
          </Fact>
        </dl>
      </Section>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {job.company ? (
          <Section level={sectionLevel} title={t('jobs.detail.company')} className="rounded-2xl border p-4">
            <div className="flex items-center gap-3">
              {job.company.logo ? (
                <img src={job.company.logo} alt="" className="size-10 rounded-lg border object-cover" />
              ) : (
                <span className="flex size-10 items-center justify-center rounded-lg bg-muted text-slate-500">
                  <Building2 className="size-5" aria-hidden />
                </span>
              )}
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-slate-900">{job.company.name}</p>
                {job.company.website ? (
                  <a
                    href={job.company.website}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="inline-flex max-w-full items-center gap-1 truncate text-xs text-primary underline-offset-2 hover:underline"
                  >
                    {job.company.website.replace(/^https?:\/\//, '')}
                    <ExternalLink className="size-3 shrink-0" aria-hidden />
                    <span className="sr-only">{t('jobs.detail.newTab')}</span>
                  </a>
                ) : null}
              </div>
            </div>
          </Section>
        ) : null}
        <Section level={sectionLevel} title={t('jobs.detail.postedBy')} className="rounded-2xl border p-4">
          <Link
            to={paths.profile.href(job.created_by.userId)}
            className="flex items-center gap-3 rounded-lg outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring"
          >
            <UserAvatar name={job.created_by.fullname} className="size-10" />
            <span className="min-w-0">
              <span className="block truncate text-sm font-semibold">{job.created_by.fullname}</span>
              <span className="block text-xs text-muted-foreground">{t('jobs.detail.viewProfile')}</span>
            </span>
          </Link>
          <ClientTrustMarks trust={job.clientTrust} className="mt-2" />
          {user && user._id !== job.created_by._id ? (
            <Button
              variant="outline"
              size="sm"
              className="mt-3 w-full"
              onClick={() => openChatWindow(job.created_by._id, job._id)}
            >
              <MessageCircle aria-hidden /> {t('jobs.message')}
            </Button>
          ) : null}
          {user && user._id !== job.created_by._id ? (
            <ReportButton targetType="job" targetId={job._id} className="mt-1 w-full" />
          ) : null}
        </Section>
      </div>
      {job.updatedAt !== job.createdAt ? (
        <p className="text-xs text-muted-foreground">
          {t('jobs.detail.updated', { date: formatDate(job.updatedAt) })}
        </p>
      ) : null}
    </article>
  )
}
