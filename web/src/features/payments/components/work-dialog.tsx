import { useId, useState } from 'react'
import { toast } from 'sonner'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
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
  const submit = useSubmitWork()
  const request = useRequestPayment()
  const pending = submit.isPending || request.isPending
  const done = (answer: { message: string }) => {
    toast.success(answer.message)
    setMessage('')
    onClose()
  }
  const fail = (e: unknown) => toastError(e, 'Something went wrong')
  return (
    <ConfirmDialog
      open={kind !== null}
      onOpenChange={(o) => !o && onClose()}
      title={kind === 'submit' ? 'Submit work' : 'Request payment'}
      description={
        kind === 'submit'
          ? 'Tell the client what you delivered and where to find it. They are notified at once.'
          : 'Ask the client to release the money held in escrow for your work.'
      }
      confirmLabel={kind === 'submit' ? 'Submit Work' : 'Request Payment'}
      pending={pending}
      onConfirm={() =>
        kind === 'submit'
          ? submit.mutate({ jobId, message }, { onSuccess: done, onError: fail })
          : request.mutate({ jobId, message }, { onSuccess: done, onError: fail })
      }
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={id}>
          Note <span className="font-normal text-muted-foreground">(optional)</span>
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
