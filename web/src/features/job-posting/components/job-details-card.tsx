import { REMOTE, STATES, UNION_TERRITORIES, type Location } from '@common/locations'
import { describedBy, FormField, NativeSelect } from '@/components/form-field'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { useT, type MessageKey } from '@/i18n'
import type { SetField } from '../hooks/use-job-form'
import { todayInIndia, type FieldErrors, type JobFormValues } from '../lib/job-form-values'
import { JOB_TYPE_LABEL, LEVEL_LABEL, REGION_LABEL } from '../lib/labels'
import { AmountInput } from '@/components/amount-input'
import { NumericInput } from './numeric-input'

const JOB_TYPES = Object.keys(JOB_TYPE_LABEL)
const LEVELS = Object.keys(LEVEL_LABEL)

/**
 * Location (Remote, the 28 states and 8 union territories — product.md §6), deadline, duration, hours and the rest.
 */
export function JobDetailsCard({
  values,
  errors,
  set,
}: {
  values: JobFormValues
  errors: FieldErrors
  set: SetField
}) {
  const tr = useT()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{tr('posting.details.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="job-locationPreference"
          label={tr('posting.details.location')}
          error={errors.locationPreference}
        >
          <NativeSelect
            id="job-locationPreference"
            value={values.locationPreference}
            onChange={(e) => set('locationPreference', e.target.value as Location)}
            {...describedBy('job-locationPreference', { error: errors.locationPreference })}
          >
            <option value={REMOTE}>{tr('posting.details.remote')}</option>
            <optgroup label={tr('posting.details.states')}>
              {STATES.map((s) => (
                <option key={s} value={s}>
                  {tr(REGION_LABEL[s])}
                </option>
              ))}
            </optgroup>
            <optgroup label={tr('posting.details.unionTerritories')}>
              {UNION_TERRITORIES.map((s) => (
                <option key={s} value={s}>
                  {tr(REGION_LABEL[s])}
                </option>
              ))}
            </optgroup>
          </NativeSelect>
        </FormField>
        <FormField
          id="job-deadline"
          label={tr('posting.details.deadline')}
          hint={tr('posting.details.optional')}
          error={errors.deadline}
        >
          <Input
            id="job-deadline"
            type="date"
            min={todayInIndia()}
            value={values.deadline}
            onChange={(e) => set('deadline', e.target.value)}
            {...describedBy('job-deadline', { hint: true, error: errors.deadline })}
          />
        </FormField>
        <NumberField
          id="duration"
          label={tr('posting.details.duration')}
          values={values}
          errors={errors}
          set={set}
        />
        <NumberField
          id="hours"
          label={tr('posting.details.hours')}
          values={values}
          errors={errors}
          set={set}
        />
        <ChoiceField
          id="jobType"
          label={tr('posting.details.jobType')}
          options={JOB_TYPES}
          labels={JOB_TYPE_LABEL}
          values={values}
          errors={errors}
          set={set}
        />
        <ChoiceField
          id="experienceLevel"
          label={tr('posting.details.experienceLevel')}
          options={LEVELS}
          labels={LEVEL_LABEL}
          values={values}
          errors={errors}
          set={set}
        />
        <FormField
          id="job-position"
          label={tr('posting.details.position')}
          hint={tr('posting.details.positionHint')}
          error={errors.position}
        >
          <Input
            id="job-position"
            value={values.position}
            maxLength={100}
            onChange={(e) => set('position', e.target.value)}
            {...describedBy('job-position', { hint: true, error: errors.position })}
          />
        </FormField>
        <NumberField
          id="prize"
          label={tr('posting.details.prize')}
          hint={tr('posting.details.prizeHint')}
          money
          values={values}
          errors={errors}
          set={set}
        />
      </CardContent>
    </Card>
  )
}

type TextKey = 'duration' | 'hours' | 'prize' | 'jobType' | 'experienceLevel'

function NumberField({
  id,
  label,
  hint,
  values,
  errors,
  set,
  money,
}: {
  id: TextKey
  label: string
  hint?: string
  /** Rupees: typed the Indian way ("1,50,000") and grouped as typed. */
  money?: boolean
  values: JobFormValues
  errors: FieldErrors
  set: SetField
}) {
  const tr = useT()
  return (
    <FormField
      id={`job-${id}`}
      label={label}
      hint={hint ?? tr('posting.details.optional')}
      error={errors[id]}
    >
      {money ? (
        <AmountInput
          id={`job-${id}`}
          value={values[id]}
          onValueChange={(v) => set(id, v)}
          {...describedBy(`job-${id}`, { hint: true, error: errors[id] })}
        />
      ) : (
        <NumericInput
          id={`job-${id}`}
          value={values[id]}
          onValueChange={(v) => set(id, v)}
          {...describedBy(`job-${id}`, { hint: true, error: errors[id] })}
        />
      )}
    </FormField>
  )
}

function ChoiceField({
  id,
  label,
  options,
  labels,
  values,
  errors,
  set,
}: {
  id: TextKey
  label: string
  options: string[]
  /** What each option is called in the reader's language (the value stays the English word). */
  labels: Record<string, MessageKey>
  values: JobFormValues
  errors: FieldErrors
  set: SetField
}) {
  const tr = useT()
  const current = values[id]
  return (
    <FormField id={`job-${id}`} label={label} error={errors[id]}>
      <NativeSelect
        id={`job-${id}`}
        value={current}
        onChange={(e) => set(id, e.target.value)}
        {...describedBy(`job-${id}`, { error: errors[id] })}
      >
        <option value="">{tr('posting.details.notSpecified')}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {tr(labels[o])}
          </option>
        ))}
        {current && !options.includes(current) ? <option value={current}>{current}</option> : null}
      </NativeSelect>
    </FormField>
  )
}

export function Check({
  id,
  label,
  checked,
  onChange,
}: {
  id: string
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 rounded accent-primary"
      />
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  )
}
