import { useId, useState } from 'react'
import { Link } from 'react-router'
import { CheckCircle2, FileText, Lock, LogIn } from 'lucide-react'
import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import type { ApplicationStatusValue } from '@common/schemas/application-status'
import { describedBy, FieldError } from '@/components/form-field'
import { StatusBadge } from '@/components/status-badge'
import { LoginLink } from '@/components/login-link'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { paths } from '@/config/paths'
import { useT, type MessageKey } from '@/i18n'
import { useAuth } from '@/lib/auth'
import { serverFieldErrors } from '@/lib/field-errors'
import { toastError } from '@/lib/toast-error'
import { useApplyToJob } from '../api/apply-to-job'
import type { Job } from '../api/get-jobs'
import { isClosed } from '../lib/format'
import { COVER_LETTER_MAX } from '../lib/limits'
import { SLOT, withSlot } from '@/lib/with-slot'

const ms = TOAST.jobActionMs

/** What each application status means to the person who applied (its catalogue key). */
export const APPLICATION_STATUS_TEXT: Record<ApplicationStatusValue, MessageKey> = {
  pending: 'jobs.apply.status.pending',
  interview: 'jobs.apply.status.interview',
  offer: 'jobs.apply.status.offer',
  accepted: 'jobs.apply.status.accepted',
  rejected: 'jobs.apply.status.rejected',
}

/** Whether `userId` already applied: the server's flag, or their id among the job's applications (product.md §7). */
export const hasApplied = (job: Job, userId: string | undefined) =>
  job.hasApplied || (!!userId && job.applications.some((a) => a.applicant === userId))

/**
 * product.md §7 "Apply button": 'Apply Now' → 'Applying...' → a disabled 'Applied Successfully' (also when the user
 * is already among the applicants), with an optional cover letter. Visitors get 'Log in to apply' (back here after);
 * the creator sees nothing here (their menu comes with the payment actions); a closed job says 'Closed'.
 */
export function ApplySection({ job }: { job: Job }) {
  const { user } = useAuth()
  const t = useT()
  const apply = useApplyToJob()
  const [coverLetter, setCoverLetter] = useState('')
  const fieldId = useId()
  /** Why the last try failed, beside the cover letter (besides the toast); what was typed stays. */
  const [problem, setProblem] = useState<string>()

  if (user && user._id === job.created_by._id) return null

  // Someone who applied sees where their application stands, open or closed (a rejected applicant's notification
  // and their Applied Jobs lead here).
  const mine = user ? job.applications.find((a) => a.applicant === user._id) : undefined
  if (mine || hasApplied(job, user?._id))
    return (
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <Button
          size="lg"
          disabled
          className="w-full bg-emerald-600 disabled:opacity-100 sm:w-auto sm:self-start"
        >
          <CheckCircle2 aria-hidden /> {t('jobs.apply.applied')}
        </Button>
        {mine ? (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600" role="status">
            <span className="whitespace-nowrap">{t('jobs.apply.yours')}</span>{' '}
            <StatusBadge status={mine.status} />
            <span>{t(APPLICATION_STATUS_TEXT[mine.status])}</span>
          </p>
        ) : null}
      </div>
    )

  if (isClosed(job))
    return (
      <div className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
        <Lock className="size-4 shrink-0" aria-hidden />
        <p>
          {withSlot(
            t('jobs.apply.closed', { closed: SLOT }),
            <strong className="font-semibold">{t('jobs.closed')}</strong>,
          )}
        </p>
      </div>
    )

  if (!user)
    return (
      <Button asChild size="lg" className="w-full sm:w-auto sm:self-start">
        <LoginLink>
          <LogIn aria-hidden /> {t('jobs.apply.login')}
        </LoginLink>
      </Button>
    )

  const submit = () => {
    apply.mutate(
      { jobId: job._id, coverLetter },
      {
        onSuccess: (answer) => {
          setProblem(undefined)
          toast.success(answer.message || t('jobs.apply.success'), { duration: ms })
        },
        onError: (error) => {
          const shown = toastError(error, t('jobs.error.title'), { duration: ms })
          if (shown !== null) setProblem(serverFieldErrors(error).coverLetter ?? shown)
        },
      },
    )
  }

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault()
        if (!apply.isPending) submit()
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={fieldId}>
          {t('jobs.apply.coverLetter')}{' '}
          <span className="font-normal text-muted-foreground">{t('jobs.apply.optional')}</span>
        </Label>
        <Textarea
          id={fieldId}
          value={coverLetter}
          maxLength={COVER_LETTER_MAX}
          onChange={(e) => {
            setCoverLetter(e.target.value)
            setProblem(undefined)
          }}
          placeholder={t('jobs.apply.placeholder')}
          className="max-h-60 min-h-24"
          disabled={apply.isPending}
          {...describedBy(fieldId, { error: problem })}
        />
        <FieldError id={fieldId} error={problem} />
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <FileText className="size-3.5 shrink-0" aria-hidden />
          {user.profile.resume ? (
            <span>
              {user.profile.resumeOriginalName
                ? t('jobs.apply.resumeSentNamed', { name: user.profile.resumeOriginalName })
                : t('jobs.apply.resumeSent')}
            </span>
          ) : (
            <span>
              {withSlot(
                t('jobs.apply.noResume', { link: SLOT }),
                <Link
                  to={paths.profile.href(user.userId)}
                  className="text-primary underline-offset-2 hover:underline"
                >
                  {t('jobs.apply.addResume')}
                </Link>,
              )}
            </span>
          )}
        </p>
      </div>
      <Button type="submit" size="lg" disabled={apply.isPending} className="w-full sm:w-auto sm:self-start">
        {apply.isPending ? (
          <>
            <Spinner /> {t('jobs.apply.applying')}
          </>
        ) : (
          t('jobs.apply.submit')
        )}
      </Button>
    </form>
  )
}
