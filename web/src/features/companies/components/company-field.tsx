import { useState } from 'react'
import { Pencil, Plus } from 'lucide-react'
import { describedBy, FormField, NativeSelect, type FieldProps } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { useT } from '@/i18n'
import { useMyCompanies } from '../api/companies'
import type { Company } from '../api/types'
import { CompanyDialog } from './company-dialog'

/** Optional: one of the client's own companies names the job (its card shows the company). */
export function CompanyField({ value, onChange, error }: FieldProps) {
  const companies = useMyCompanies()
  const t = useT()
  const [adding, setAdding] = useState(false)
  // The company being edited, held apart from the list so deleting it does not pull the dialog away mid-answer.
  const [editing, setEditing] = useState<Company | null>(null)
  const list = companies.data ?? []
  const selected = list.find((c) => c._id === value)
  const hint = companies.isError
    ? t('account.company.loadFailedHint')
    : list.length
      ? t('account.company.hintOptional')
      : t('account.company.hintAdd')

  return (
    <FormField id="job-company" label={t('account.company.label')} hint={hint} error={error}>
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <NativeSelect
            id="job-company"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            disabled={companies.isPending}
            {...describedBy('job-company', { hint: true, error })}
          >
            <option value="">
              {companies.isPending ? t('account.company.loading') : t('account.company.none')}
            </option>
            {list.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
            {/* A job may name a company that is not in the loaded list yet; keep it selectable. */}
            {value && !companies.isPending && !list.some((c) => c._id === value) ? (
              <option value={value}>{t('account.company.current')}</option>
            ) : null}
          </NativeSelect>
        </div>
        {selected ? (
          // Icon only, so the chosen name keeps the room beside Add.
          <Button
            variant="outline"
            size="icon"
            onClick={() => setEditing(selected)}
            aria-label={t('account.company.editNamed', { name: selected.name })}
            title={t('account.company.edit')}
          >
            <Pencil aria-hidden />
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => setAdding(true)} aria-label={t('account.company.addA')}>
          <Plus aria-hidden />
          <span className="hidden sm:inline">{t('account.company.add')}</span>
        </Button>
      </div>
      <CompanyDialog
        open={adding}
        onOpenChange={setAdding}
        onSaved={(id) => {
          onChange(id)
          setAdding(false)
        }}
      />
      {editing ? (
        <CompanyDialog
          company={editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={() => setEditing(null)}
          onDeleted={() => {
            setEditing(null)
            onChange('')
          }}
        />
      ) : null}
    </FormField>
  )
}
