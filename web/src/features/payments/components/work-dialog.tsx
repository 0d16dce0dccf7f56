import { useId, useState } from 'react'
import { toast } from 'sonner'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { useT } from '@/i18n'
import { toastError } from '@/lib/toast-error'
import { useRequestPayment, useSubmitWork } from '../api/escrow-actions'
import { ConfirmDialog } from '@/components/confirm-dialog'

/** The hired freelancer's Submit Work / Request Payment, each with an optional note for the client. */
export function WorkDialog({
  jobId,
  kind,
  onClose,
}: {
  jobId: string
  kind: 'submit' | 'request' | null
  onClose: () => void
}) {
  const [message, setMessage] = useState('')
  const id = useId()
  const t = useT()
  const submit = useSubmitWork()
  const request = useRequestPayment()
  const pending = submit.isPending || request.isPending
  const done = (answer: { message: string }) => {
    toast.success(answer.message)
    setMessage('')
    onClose()
  }
  const fail = (e: unknown) => toastError(e, t('money.somethingWrong'))
  return (
    <ConfirmDialog
      open={kind !== null}
      onOpenChange={(o) => !o && onClose()}
      title={kind === 'submit' ? t('money.work.submitTitle') : t('money.work.requestTitle')}
      description={kind === 'submit' ? t('money.work.submitText') : t('money.work.requestText')}
      confirmLabel={kind === 'submit' ? t('money.work.submit') : t('money.work.request')}
      pending={pending}
      onConfirm={() =>
        kind === 'submit'
          ? submit.mutate({ jobId, message }, { onSuccess: done, onError: fail })
          : request.mutate({ jobId, message }, { onSuccess: done, onError: fail })
      }
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={id}>
          {t('money.work.note')}{' '}
          <span className="font-normal text-muted-foreground">{t('money.work.optional')}</span>
        </Label>
        <Textarea
          id={id}
          value={message}
          maxLength={2000}
          onChange={(e) => setMessage(e.target.value)}
          className="max-h-40 min-h-20"
          disabled={pending}
        />
      </div>
    </ConfirmDialog>
  )
}
