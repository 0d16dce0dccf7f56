import { useState } from 'react'
import { Pencil, Plus } from 'lucide-react'
import { describedBy, FormField, NativeSelect, type FieldProps } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { useMyCompanies } from '../api/companies'
import type { Company } from '../api/types'
import { CompanyDialog } from './company-dialog'

/** Optional: one of the client's own companies names the job (its card shows the company). */
export function CompanyField({ value, onChange, error }: FieldProps) {
  const companies = useMyCompanies()
  const [adding, setAdding] = useState(false)
  // The company being edited, held apart from the list so deleting it does not pull the dialog away mid-answer.
  const [editing, setEditing] = useState<Company | null>(null)
  const list = companies.data ?? []
  const selected = list.find((c) => c._id === value)
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
        {selected ? (
          // Icon only, so the chosen name keeps the room beside Add.
          <Button
            variant="outline"
            size="icon"
            onClick={() => setEditing(selected)}
            aria-label={`Edit ${selected.name}`}
            title="Edit company"
          >
            <Pencil aria-hidden />
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => setAdding(true)} aria-label="Add a company">
          <Plus aria-hidden />
          <span className="hidden sm:inline">Add</span>
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
