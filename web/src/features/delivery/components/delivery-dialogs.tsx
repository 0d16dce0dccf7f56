import { useId, useState } from 'react'
import { toast } from 'sonner'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { useT } from '@/i18n'
import { toastError } from '@/lib/toast-error'
import { uploadFile, useRequestChanges, useSubmitDelivery } from '../api/delivery'
import { FormDialog } from './form-dialog'

/**
 * The freelancer's Submit work: a message for the client, files through the upload pipeline (photos and videos, as
 * posts take them), and for per-unit contracts how many of the units in escrow the work is for.
 */
export function SubmitWorkDialog({
  contractId,
  open,
  onClose,
  heldUnits,
  unitsLabel,
}: {
  contractId: string
  open: boolean
  onClose: () => void
  /** Units in escrow the work may be for; null for a one-time contract. */
  heldUnits: number | null
  unitsLabel: string
}) {
  const t = useT()
  const [message, setMessage] = useState('')
  const [files, setFiles] = useState<File[]>([])
  const [units, setUnits] = useState(heldUnits ?? 1)
  const [uploading, setUploading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submit = useSubmitDelivery(contractId)
  const id = useId()
  const pending = uploading || submit.isPending
  const reset = () => {
    setMessage('')
    setFiles([])
    setError(null)
  }
  const send = async () => {
    if (!message.trim()) return setError(t('contract.submit.messageRequired'))
    setError(null)
    let attachments: string[] = []
    try {
      setUploading(true)
      attachments = await Promise.all(files.map((f) => uploadFile(f)))
    } catch (e) {
      setUploading(false)
      return toastError(e, t('contract.submit.uploadFailed'))
    }
    setUploading(false)
    submit.mutate(
      { message: message.trim(), attachments, ...(heldUnits !== null ? { units } : {}) },
      {
        onSuccess: (a) => {
          toast.success(a.message)
          reset()
          onClose()
        },
        onError: (e) => toastError(e, t('contract.submit.failed')),
      },
    )
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t('contract.submit.title')}
      description={t('contract.submit.description')}
      confirmLabel={t('contract.submit.title')}
      pending={pending}
      onConfirm={() => void send()}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-m`}>{t('contract.submit.message')}</Label>
        <Textarea
          id={`${id}-m`}
          value={message}
          maxLength={2000}
          required
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-e` : undefined}
          onChange={(e) => setMessage(e.target.value)}
          className="max-h-40 min-h-20"
          disabled={pending}
        />
        {error ? (
          <p id={`${id}-e`} className="text-xs text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-f`}>
          {t('contract.submit.files')}{' '}
          <span className="font-normal text-muted-foreground">{t('contract.submit.filesHint')}</span>
        </Label>
        <Input
          id={`${id}-f`}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm"
          disabled={pending}
          onChange={(e) => setFiles(Array.from(e.target.files ?? []).slice(0, 10))}
        />
        {files.length ? (
          <p className="text-xs text-muted-foreground">
            {files.length === 1 ? files[0].name : t('contract.submit.fileCount', { count: files.length })}
          </p>
        ) : null}
      </div>
      {heldUnits !== null && heldUnits > 1 ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-u`}>
            {unitsLabel}{' '}
            <span className="font-normal text-muted-foreground">
              {t('contract.submit.unitsRange', { max: heldUnits })}
            </span>
          </Label>
          <Input
            id={`${id}-u`}
            type="number"
            inputMode="numeric"
            min={1}
            max={heldUnits}
            value={units}
            disabled={pending}
            className="w-28"
            onChange={(e) =>
              setUnits(Math.min(heldUnits, Math.max(1, Math.trunc(Number(e.target.value) || 1))))
            }
          />
        </div>
      ) : null}
    </FormDialog>
  )
}

/** The client's Request changes: the reason is required and goes to the freelancer. */
export function RequestChangesDialog({
  contractId,
  open,
  onClose,
}: {
  contractId: string
  open: boolean
  onClose: () => void
}) {
  const t = useT()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const ask = useRequestChanges(contractId)
  const id = useId()
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t('contract.changes.title')}
      description={t('contract.changes.description')}
      confirmLabel={t('contract.changes.title')}
      pending={ask.isPending}
      onConfirm={() => {
        if (!reason.trim()) return setError(t('contract.changes.reasonRequired'))
        setError(null)
        ask.mutate(reason.trim(), {
          onSuccess: (a) => {
            toast.success(a.message)
            setReason('')
            onClose()
          },
          onError: (e) => toastError(e, t('contract.changes.failed')),
        })
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-r`}>{t('contract.changes.reason')}</Label>
        <Textarea
          id={`${id}-r`}
          value={reason}
          maxLength={2000}
          required
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-e` : undefined}
          onChange={(e) => setReason(e.target.value)}
          className="max-h-40 min-h-20"
          disabled={ask.isPending}
        />
        {error ? (
          <p id={`${id}-e`} className="text-xs text-red-600">
            {error}
          </p>
        ) : null}
      </div>
    </FormDialog>
  )
}
