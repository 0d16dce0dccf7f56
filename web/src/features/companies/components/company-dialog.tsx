import { useState, type FormEvent, type ReactNode } from 'react'
import { Building2, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import { CompanyBody, COMPANY_LIMITS } from '@common/schemas/company'
import { describedBy, FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { DialogShell } from '@/components/dialog-shell'
import { DialogFooter } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { useT } from '@/i18n'
import { errorText, isCancelled } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import { useCreateCompany, useDeleteCompany, useUpdateCompany, type CompanyInput } from '../api/companies'
import type { Company } from '../api/types'

/** Adds a company, or edits (and deletes) the one given. */
export function CompanyDialog({
  company,
  open,
  onOpenChange,
  onSaved,
  onDeleted,
}: {
  company?: Company
  open: boolean
  onOpenChange: (open: boolean) => void
  onSaved: (id: string) => void
  onDeleted?: () => void
}) {
  const t = useT()
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      titleClassName="flex items-center gap-2"
      title={
        <>
          <Building2 className="size-5 text-primary" aria-hidden />{' '}
          {company ? t('account.company.edit') : t('account.company.addA')}
        </>
      }
      description={company ? t('account.company.editDescription') : t('account.company.addDescription')}
    >
      {open ? (
        company ? (
          <EditCompanyForm
            company={company}
            onCancel={() => onOpenChange(false)}
            onSaved={onSaved}
            onDeleted={onDeleted}
          />
        ) : (
          <AddCompanyForm onCancel={() => onOpenChange(false)} onCreated={onSaved} />
        )
      ) : null}
    </DialogShell>
  )
}

function EditCompanyForm({
  company,
  onCancel,
  onSaved,
  onDeleted,
}: {
  company: Company
  onCancel: () => void
  onSaved: (id: string) => void
  onDeleted?: () => void
}) {
  const update = useUpdateCompany(company)
  const remove = useDeleteCompany(company._id)
  const [confirming, setConfirming] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const t = useT()
  const busy = update.isPending || remove.isPending
  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('account.company.deleted'), { duration: TOAST.jobActionMs })
        onDeleted?.()
      },
      onError: (error) => {
        if (isCancelled(error)) return
        // Refused while active jobs name it: the server's sentence says what to do.
        setProblem(errorText(error, t('account.company.deleteFailed')))
        setConfirming(false)
      },
    })
  return (
    <CompanyForm
      initial={{ name: company.name, website: company.website ?? '', description: company.description }}
      pending={update.isPending}
      disabled={busy}
      submitLabel={t('account.edit.save')}
      pendingLabel={t('common.saving')}
      onCancel={onCancel}
      save={update.mutateAsync}
      savedText={t('account.company.updated')}
      failedText={t('account.company.updateFailed')}
      onSaved={onSaved}
    >
      {problem ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {confirming ? (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          <p>{t('account.company.confirmDelete', { name: company.name })}</p>
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
              {t('account.company.keep')}
            </Button>
            <Button size="sm" variant="destructive" onClick={onDelete} disabled={busy}>
              {remove.isPending ? <Spinner /> : null} {t('account.company.delete')}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          className="self-start text-red-600 hover:bg-red-50 hover:text-red-700"
          onClick={() => {
            setProblem(null)
            setConfirming(true)
          }}
          disabled={busy}
        >
          <Trash2 aria-hidden /> {t('account.company.deleteThis')}
        </Button>
      )}
    </CompanyForm>
  )
}

function AddCompanyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (id: string) => void }) {
  const create = useCreateCompany()
  const t = useT()
  return (
    <CompanyForm
      initial={{ name: '', website: '', description: '' }}
      pending={create.isPending}
      disabled={create.isPending}
      submitLabel={t('account.company.addSubmit')}
      pendingLabel={t('account.company.adding')}
      autoFocus
      onCancel={onCancel}
      save={create.mutateAsync}
      savedText={t('account.company.added')}
      failedText={t('account.company.addFailed')}
      onSaved={onCreated}
    />
  )
}

/** What a website address starts with (the same in every language). */
const WEB_ADDRESS_START = 'https://'

/** The company's fields, checked with the server's own schema before anything is sent; `save` sends them. */
function CompanyForm({
  initial,
  pending,
  disabled,
  submitLabel,
  pendingLabel,
  autoFocus,
  onCancel,
  save,
  savedText,
  failedText,
  onSaved,
  children,
}: {
  initial: CompanyInput
  pending: boolean
  disabled: boolean
  submitLabel: string
  pendingLabel: string
  autoFocus?: boolean
  onCancel: () => void
  save: (input: CompanyInput) => Promise<Company>
  savedText: string
  failedText: string
  onSaved: (id: string) => void
  children?: ReactNode
}) {
  const [name, setName] = useState(initial.name)
  const [website, setWebsite] = useState(initial.website)
  const [description, setDescription] = useState(initial.description)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const t = useT()

  async function submit(e: FormEvent<HTMLFormElement>) {
    // The company form sits inside the job form's page; its submit must not reach the job form.
    e.preventDefault()
    e.stopPropagation()
    const parsed = CompanyBody.safeParse({ name, website, description })
    if (!parsed.success) {
      const next: Record<string, string> = {}
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'name')] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    try {
      const company = await save({ name: name.trim(), website: website.trim(), description })
      toast.success(savedText, { duration: TOAST.jobActionMs })
      onSaved(company._id)
    } catch (error) {
      toastError(error, failedText, { duration: TOAST.jobActionMs })
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField id="company-name" label={t('account.company.name')} error={errors.name} required>
        <Input
          id="company-name"
          value={name}
          maxLength={COMPANY_LIMITS.nameMax}
          onChange={(e) => setName(e.target.value)}
          autoFocus={autoFocus}
          {...describedBy('company-name', { error: errors.name })}
        />
      </FormField>
      <FormField
        id="company-website"
        label={t('account.company.website')}
        hint={t('account.company.websiteHint')}
        error={errors.website}
      >
        <Input
          id="company-website"
          type="url"
          inputMode="url"
          value={website}
          placeholder={WEB_ADDRESS_START}
          onChange={(e) => setWebsite(e.target.value)}
          {...describedBy('company-website', { hint: true, error: errors.website })}
        />
      </FormField>
      <FormField id="company-description" label={t('account.company.about')} error={errors.description}>
        <Textarea
          id="company-description"
          rows={3}
          maxLength={COMPANY_LIMITS.descriptionMax}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      {children}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={disabled}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={disabled}>
          {pending ? (
            <>
              <Spinner /> {pendingLabel}
            </>
          ) : (
            submitLabel
          )}
        </Button>
      </DialogFooter>
    </form>
  )
}
