import { useState } from 'react'
import { Link } from 'react-router'
import { Check, FileText, Lock, Mail, MessageCircle, Phone, X } from 'lucide-react'
import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import { DialogShell } from '@/components/dialog-shell'
import { StatusBadge } from '@/components/status-badge'
import { TableCard } from '@/components/table-card'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useT, type MessageKey } from '@/i18n'
import { formatDate } from '@/i18n/format'
import { openChatWindow } from '@/lib/chat-window'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import { useDecideApplication, type Decision } from '../api/decide-application'
import type { Applicant } from '../api/types'
import { CoverLetter } from './cover-letter'

const ms = TOAST.jobActionMs
const COLUMNS: MessageKey[] = [
  'jobs.applicants.applicant',
  'jobs.applicants.contact',
  'jobs.applicants.coverLetter',
  'jobs.applicants.status',
  'jobs.applicants.actions',
]

/** The application's resume, else the one on the applicant's profile. */
const resumeOf = (a: Applicant) => a.resume ?? a.applicant.profile.resume

function ResumeLink({ a }: { a: Applicant }) {
  const t = useT()
  const href = resumeOf(a)
  if (!href) return <span className="text-xs text-muted-foreground">{t('jobs.applicants.noResume')}</span>
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
    >
      <FileText className="size-4" aria-hidden />
      {t('jobs.applicants.resume')}
      <span className="sr-only"> {t('jobs.applicants.resumeOf', { name: a.applicant.fullname })}</span>
    </a>
  )
}

/** Until the poster accepts an applicant the server leaves their email and phone out (ADR 041). */
function Contact({ a }: { a: Applicant }) {
  const t = useT()
  if (a.applicant.email === undefined)
    return (
      <p className="inline-flex max-w-60 items-start gap-1.5 text-xs text-muted-foreground">
        <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        <span>{t('jobs.applicants.contactAfterAccept')}</span>
      </p>
    )
  return (
    <div className="flex max-w-60 min-w-0 flex-col gap-1 text-sm">
      <a
        href={`mailto:${a.applicant.email}`}
        className="inline-flex min-w-0 items-start gap-1.5 text-slate-700 hover:text-primary hover:underline"
      >
        <Mail className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        <span className="break-all">{a.applicant.email}</span>
      </a>
      {a.applicant.phoneNumber ? (
        <a
          href={`tel:${a.applicant.phoneNumber.replace(/[^\d+]/g, '')}`}
          className="inline-flex items-center gap-1.5 text-slate-700 hover:text-primary hover:underline"
        >
          <Phone className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          {a.applicant.phoneNumber}
        </a>
      ) : (
        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
          <Phone className="size-3.5 shrink-0" aria-hidden /> {t('jobs.applicants.noPhone')}
        </span>
      )}
    </div>
  )
}

function Name({ a }: { a: Applicant }) {
  const t = useT()
  return (
    <div className="flex min-w-0 flex-col">
      <Link
        to={paths.profile.href(a.applicant.userId)}
        className="font-medium text-slate-900 hover:text-primary hover:underline"
      >
        {a.applicant.fullname}
      </Link>
      <span className="text-xs text-muted-foreground">
        {t('jobs.applicants.appliedOn', { date: formatDate(a.createdAt) })}
      </span>
    </div>
  )
}

/** Accept / Reject (product.md §7: the poster sets only these two); the row changes when the server agrees. */
function Decide({ a, jobId, className }: { a: Applicant; jobId: string; className?: string }) {
  const t = useT()
  const decide = useDecideApplication()
  const pending = decide.isPending ? decide.variables?.status : undefined
  const run = (status: Decision) =>
    decide.mutate(
      { jobId, applicationId: a._id, status },
      {
        onSuccess: (answer) => {
          if (answer.success)
            toast.success(
              answer.message ||
                t(status === 'accepted' ? 'jobs.applicants.accepted' : 'jobs.applicants.rejected'),
              { duration: ms },
            )
          else toast.error(answer.message || t('jobs.applicants.updateFailed'), { duration: ms })
        },
        onError: (error) => toastError(error, t('jobs.applicants.updateFailed'), { duration: ms }),
      },
    )
  const who = <span className="sr-only"> {a.applicant.fullname}</span>
  // Letting a hired freelancer go ends their hire (ADR 048): asked once, so a slip of the finger does neither.
  const [confirming, setConfirming] = useState(false)
  const reject = () => (a.status === 'accepted' ? setConfirming(true) : run('rejected'))
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <DialogShell
        open={confirming}
        onOpenChange={setConfirming}
        title={t('jobs.applicants.rejectTitle', { name: a.applicant.fullname })}
        description={t('jobs.applicants.rejectText', { name: a.applicant.fullname })}
        className="max-w-md"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t('jobs.applicants.keepHired')}
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                setConfirming(false)
                run('rejected')
              }}
            >
              {t('jobs.applicants.reject')}
            </Button>
          </>
        }
      />
      <Button
        size="sm"
        className="bg-emerald-600 hover:bg-emerald-700"
        disabled={decide.isPending || a.status === 'accepted'}
        onClick={() => run('accepted')}
      >
        {pending === 'accepted' ? <Spinner /> : <Check aria-hidden />}
        {t('jobs.applicants.accept')}
        {who}
      </Button>
      <Button
        size="sm"
        variant="outline"
        className="text-red-700 hover:bg-red-50"
        disabled={decide.isPending || a.status === 'rejected'}
        onClick={reject}
      >
        {pending === 'rejected' ? <Spinner /> : <X aria-hidden />}
        {t('jobs.applicants.reject')}
        {who}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => openChatWindow(a.applicant._id, jobId)}>
        <MessageCircle aria-hidden />
        {t('jobs.message')}
        {who}
      </Button>
    </div>
  )
}

/** Desktop: the applicants table (product.md §3 "Applicants"). */
export function ApplicantsTable({ jobId, applications }: { jobId: string; applications: Applicant[] }) {
  const t = useT()
  return (
    <TableCard
      label={t('jobs.applicants.title')}
      columns={COLUMNS.map((c) => t(c))}
      minWidthClass="min-w-[56rem]"
      headerClass={() => 'px-4 py-3 font-medium'}
    >
      {applications.map((a) => (
        <tr key={a._id} className="align-top hover:bg-muted/40" data-application-id={a._id}>
          <td className="min-w-40 px-4 py-3.5">
            <Name a={a} />
            <div className="mt-2">
              <ResumeLink a={a} />
            </div>
          </td>
          <td className="px-4 py-3.5">
            {/* A fixed width: long addresses wrap instead of squeezing the column to one letter. */}
            <div className="w-52">
              <Contact a={a} />
            </div>
          </td>
          <td className="min-w-60 px-4 py-3.5">
            <CoverLetter text={a.coverLetter} />
          </td>
          <td className="px-4 py-3.5">
            <StatusBadge status={a.status} />
          </td>
          <td className="px-4 py-3.5">
            <Decide a={a} jobId={jobId} />
          </td>
        </tr>
      ))}
    </TableCard>
  )
}

/** Mobile: one card per applicant. */
export function ApplicantsCards({ jobId, applications }: { jobId: string; applications: Applicant[] }) {
  const t = useT()
  return (
    <ul className="flex flex-col gap-3" aria-label={t('jobs.applicants.title')}>
      {applications.map((a) => (
        <li key={a._id} className="rounded-2xl border bg-card p-4 shadow-xs" data-application-id={a._id}>
          <div className="flex items-start justify-between gap-3">
            <Name a={a} />
            <StatusBadge status={a.status} />
          </div>
          <div className="mt-3 flex flex-col gap-3">
            <Contact a={a} />
            <ResumeLink a={a} />
            <CoverLetter text={a.coverLetter} />
          </div>
          <Decide a={a} jobId={jobId} className="mt-3 border-t pt-3 [&>button]:flex-1" />
        </li>
      ))}
    </ul>
  )
}

export function ApplicantsSkeleton() {
  const t = useT()
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label={t('jobs.applicants.loading')}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-6 rounded-2xl border bg-card p-4">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-44" />
          <Skeleton className="hidden h-4 w-16 sm:block" />
          <Skeleton className="hidden h-4 flex-1 sm:block" />
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
      ))}
    </div>
  )
}
