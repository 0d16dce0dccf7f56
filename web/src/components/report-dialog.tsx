import { useId, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { toast } from 'sonner'
import { Flag } from 'lucide-react'
import type { z } from 'zod'
import type { ReportAnswer } from '@common/schemas/report'
// The lists without zod: the dialog is on every job, post, message and profile.
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '@common/schemas/report-lists'
import { DialogShell } from '@/components/dialog-shell'
import { Button } from '@/components/ui/button'
import { DialogClose } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { useT, type MessageKey } from '@/i18n'
import { api } from '@/lib/api-client'
import { errorText } from '@/lib/errors'
import { cn } from '@/lib/utils'

/** Each reason's words in the catalogue (`@common/schemas/report` keeps the English for the operators' list). */
const REASON: Record<ReportReason, MessageKey> = {
  scam: 'report.reason.scam',
  asks_payment: 'report.reason.asks_payment',
  spam: 'report.reason.spam',
  abusive: 'report.reason.abusive',
  fake: 'report.reason.fake',
  other: 'report.reason.other',
}

/** POST /reports (ADR 056): anyone signed in tells the operators about a post, job, message or profile. */
async function sendReport(body: {
  targetType: ReportTarget
  targetId: string
  reason: ReportReason
  details?: string
}) {
  return (await api.post<z.infer<typeof ReportAnswer>>('/reports', body)).data
}

/**
 * A "Report" button and its dialog: a reason from the short list, optional details, a toast when sent. Shared by
 * posts, jobs, chat and profiles, which each only place the button.
 */
export function ReportButton({
  targetType,
  targetId,
  iconOnly = false,
  className,
}: {
  targetType: ReportTarget
  targetId: string
  /** A small flag with an accessible name, for tight rows (a chat message). */
  iconOnly?: boolean
  className?: string
}) {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [details, setDetails] = useState('')
  const [error, setError] = useState<string | null>(null)
  const id = useId()
  const send = useMutation({ mutationFn: sendReport })
  const t = useT()

  const reset = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setReason(null)
      setDetails('')
      setError(null)
      send.reset()
    }
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!reason) return setError(t('report.chooseReason'))
    setError(null)
    send.mutate(
      { targetType, targetId, reason, details: details.trim() || undefined },
      {
        onSuccess: (a) => {
          reset(false)
          toast.success(a.message)
        },
        onError: (err) => setError(errorText(err, t('report.failed'))),
      },
    )
  }

  return (
    <DialogShell
      open={open}
      onOpenChange={reset}
      className="max-w-md"
      trigger={
        iconOnly ? (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('report.iconLabel', { target: targetType })}
            className={className}
          >
            <Flag aria-hidden />
          </Button>
        ) : (
          <Button variant="ghost" size="sm" className={cn('text-muted-foreground', className)}>
            <Flag aria-hidden /> {t('report.button')}
          </Button>
        )
      }
      title={t('report.title', { target: targetType })}
      description={t('report.description')}
    >
      <form id={`${id}-form`} onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('report.reasonLegend')}</legend>
          {REPORT_REASONS.map((r) => (
            <label
              key={r}
              className="flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => {
                  setReason(r)
                  setError(null)
                }}
                className="accent-primary"
              />
              {t(REASON[r])}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-details`}>{t('report.details')}</Label>
          <Textarea
            id={`${id}-details`}
            value={details}
            maxLength={REPORT_DETAILS_MAX}
            onChange={(e) => setDetails(e.target.value)}
            placeholder={t('report.detailsPlaceholder')}
            rows={3}
          />
        </div>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? t('report.sending') : t('report.send')}
          </Button>
        </div>
      </form>
    </DialogShell>
  )
}
