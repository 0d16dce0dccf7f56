import { useState, type FormEvent } from 'react'
import { Building2, Plus } from 'lucide-react'
import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import { CompanyBody, COMPANY_LIMITS } from '@common/schemas/company'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { errorText, isCancelled } from '@/lib/errors'
import { useCreateCompany, useMyCompanies } from '../api/companies'
import { describedBy, FormField, NativeSelect } from './form-field'

/** Optional: one of the client's own companies names the job (its card shows the company). */
export function CompanyField({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (value: string) => void
  error?: string
}) {
  const companies = useMyCompanies()
  const [adding, setAdding] = useState(false)
  const list = companies.data ?? []
  const hint = companies.isError
    ? "Couldn't load your companies; you can still post as yourself."
    : list.length
      ? 'Optional. The job card shows this company.'
      : 'Optional. Add a company to show it on the job card.'

  return (
    <FormField id="job-company" label="Company" hint={hint} error={error}>
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <NativeSelect
            id="job-company"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            disabled={companies.isPending}
            {...describedBy('job-company', { hint: true, error })}
          >
            <option value="">{companies.isPending ? 'Loading companies…' : 'None — post as yourself'}</option>
            {list.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
            {/* A job may name a company that is not in the loaded list yet; keep it selectable. */}
            {value && !companies.isPending && !list.some((c) => c._id === value) ? (
              <option value={value}>Current company</option>
            ) : null}
          </NativeSelect>
        </div>
        <Button variant="outline" onClick={() => setAdding(true)} aria-label="Add a company">
          <Plus aria-hidden />
          <span className="hidden sm:inline">Add</span>
        </Button>
      </div>
      <AddCompanyDialog
        open={adding}
        onOpenChange={setAdding}
        onCreated={(id) => {
          onChange(id)
          setAdding(false)
        }}
      />
    </FormField>
  )
}

function AddCompanyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (id: string) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Building2 className="size-5 text-primary" aria-hidden /> Add a company
          </DialogTitle>
          <DialogDescription>Freelancers see its name and website on your job.</DialogDescription>
        </DialogHeader>
        {open ? <AddCompanyForm onCancel={() => onOpenChange(false)} onCreated={onCreated} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function AddCompanyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (id: string) => void }) {
  const [name, setName] = useState('')
  const [website, setWebsite] = useState('')
  const [description, setDescription] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const create = useCreateCompany()

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
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
    try {
      const company = await create.mutateAsync({ name: name.trim(), website: website.trim(), description })
      toast.success('Company added', { duration: TOAST.jobActionMs })
      onCreated(company._id)
    } catch (error) {
      if (isCancelled(error)) return
      toast.error(errorText(error, 'Failed to add the company'), { duration: TOAST.jobActionMs })
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormField id="company-name" label="Company name" error={errors.name} required>
        <Input
          id="company-name"
          value={name}
          maxLength={COMPANY_LIMITS.nameMax}
          onChange={(e) => setName(e.target.value)}
          autoFocus
          {...describedBy('company-name', { error: errors.name })}
        />
      </FormField>
      <FormField id="company-website" label="Website" hint="Starts with https://" error={errors.website}>
        <Input
          id="company-website"
          type="url"
          inputMode="url"
          value={website}
          placeholder="https://"
          onChange={(e) => setWebsite(e.target.value)}
          {...describedBy('company-website', { hint: true, error: errors.website })}
        />
      </FormField>
      <FormField id="company-description" label="About the company" error={errors.description}>
        <Textarea
          id="company-description"
          rows={3}
          maxLength={COMPANY_LIMITS.descriptionMax}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? (
            <>
              <Spinner /> Adding...
            </>
          ) : (
            'Add company'
          )}
        </Button>
      </DialogFooter>
    </form>
  )
}
