import { BadgeIndianRupee, Layers, Repeat } from 'lucide-react'
import { rupees } from '@/lib/rupees'
import type { PaymentType } from '@common/schemas/job'
import { AmountInput } from '@/components/amount-input'
import { describedBy, errorId, FieldError, FormField, NativeSelect } from '@/components/form-field'
import { Label } from '@/components/ui/label'
import { useT, type MessageKey } from '@/i18n'
import { cn } from '@/lib/utils'
import type { SetField } from '../hooks/use-job-form'
import { liveTotal, type FieldErrors, type Frequency, type JobFormValues } from '../lib/job-form-values'
import { PAYMENT_TYPE_LABEL } from '../lib/labels'
import { NumericInput } from './numeric-input'

const OPTIONS: { value: PaymentType; hint: MessageKey; icon: typeof Layers }[] = [
  { value: 'one-time', hint: 'posting.paymentType.oneTimeHint', icon: BadgeIndianRupee },
  { value: 'per-unit', hint: 'posting.paymentType.perUnitHint', icon: Layers },
  { value: 'recurring', hint: 'posting.paymentType.recurringHint', icon: Repeat },
]

/** The payment model (radio cards), its money fields, and the total, recomputed as the user types (product.md §6). */
export function PaymentFields({
  values,
  errors,
  set,
  locked,
}: {
  values: JobFormValues
  errors: FieldErrors
  set: SetField
  /** Money is in escrow: the server refuses changes to the payment terms, so the fields are read-only. */
  locked?: boolean
}) {
  const tr = useT()
  const pt = values.paymentType
  const money = (id: keyof JobFormValues, label: string, hint?: string) => (
    <FormField id={`job-${id}`} label={label} hint={hint} error={errors[id]} required={!values.isFree}>
      <div className="relative">
        <span
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
          aria-hidden
        >
          ₹
        </span>
        {/* Typed the Indian way ("1,50,000"), grouped as it is typed; the form keeps the plain number. */}
        <AmountInput
          id={`job-${id}`}
          className="pl-7"
          value={values[id] as string}
          onValueChange={(v) => set(id, v)}
          placeholder="0"
          disabled={locked}
          {...describedBy(`job-${id}`, { hint: !!hint, error: errors[id] })}
        />
      </div>
    </FormField>
  )

  return (
    <div className="flex flex-col gap-5">
      <fieldset
        className="flex flex-col gap-3"
        aria-describedby={errors.paymentType ? errorId('job-paymentType') : undefined}
        disabled={locked}
      >
        <legend className="mb-3 text-sm font-medium">
          {tr('posting.payment.type')}
          <span className="ml-0.5 text-red-600" aria-hidden>
            *
          </span>
        </legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {OPTIONS.map((o) => {
            const id = `job-paymentType-${o.value}`
            return (
              <label
                key={o.value}
                htmlFor={id}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-xl border bg-card p-3.5 transition-colors hover:border-primary/50',
                  'has-[:checked]:border-primary has-[:checked]:bg-accent/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70',
                )}
              >
                <input
                  id={id}
                  type="radio"
                  name="paymentType"
                  value={o.value}
                  checked={pt === o.value}
                  onChange={() => set('paymentType', o.value)}
                  className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
                  aria-labelledby={`${id}-label`}
                  aria-describedby={`${id}-hint`}
                />
                <span className="flex min-w-0 flex-col gap-1">
                  <span id={`${id}-label`} className="flex items-center gap-1.5 text-sm font-semibold">
                    <o.icon className="size-4 text-primary" aria-hidden />
                    {tr(PAYMENT_TYPE_LABEL[o.value])}
                  </span>
                  <span id={`${id}-hint`} className="text-xs text-muted-foreground">
                    {tr(o.hint)}
                  </span>
                </span>
              </label>
            )
          })}
        </div>
        <FieldError id="job-paymentType" error={errors.paymentType} />
      </fieldset>

      {pt === 'one-time' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {money('amount', tr('posting.payment.amount'), tr('posting.payment.amountHint'))}
        </div>
      ) : null}
      {pt === 'per-unit' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {money('rate', tr('posting.payment.ratePerUnit'))}
          <FormField id="job-units" label={tr('posting.payment.units')} error={errors.units} required>
            <NumericInput
              id="job-units"
              integer
              value={values.units}
              onValueChange={(v) => set('units', v)}
              placeholder={tr('posting.payment.unitsPlaceholder')}
              disabled={locked}
              {...describedBy('job-units', { error: errors.units })}
            />
          </FormField>
        </div>
      ) : null}
      {pt === 'recurring' ? (
        <div className="grid gap-4 sm:grid-cols-3">
          {money('rate', tr('posting.payment.ratePerCycle'))}
          <FormField
            id="job-frequency"
            label={tr('posting.payment.frequency')}
            error={errors.frequency}
            required
          >
            <NativeSelect
              id="job-frequency"
              value={values.frequency}
              onChange={(e) => set('frequency', e.target.value as Frequency)}
              disabled={locked}
              {...describedBy('job-frequency', { error: errors.frequency })}
            >
              <option value="weekly">{tr('posting.payment.weekly')}</option>
              <option value="monthly">{tr('posting.payment.monthly')}</option>
            </NativeSelect>
          </FormField>
          <FormField
            id="job-cycles"
            label={tr('posting.payment.cycles')}
            hint={tr('posting.payment.cyclesHint')}
            error={errors.cycles}
          >
            <NumericInput
              id="job-cycles"
              integer
              value={values.cycles}
              onValueChange={(v) => set('cycles', v)}
              placeholder="1"
              disabled={locked}
              {...describedBy('job-cycles', { hint: true, error: errors.cycles })}
            />
          </FormField>
        </div>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          id="job-openings"
          label={tr('posting.payment.openings')}
          hint={tr('posting.payment.openingsHint')}
          error={errors.openings}
        >
          <NumericInput
            id="job-openings"
            integer
            value={values.openings}
            onValueChange={(v) => set('openings', v)}
            placeholder="1"
            {...describedBy('job-openings', { hint: true, error: errors.openings })}
          />
        </FormField>
      </div>

      <TotalPreview values={values} error={errors.total} />
    </div>
  )
}

function TotalPreview({ values, error }: { values: JobFormValues; error?: string }) {
  const tr = useT()
  const total = liveTotal(values)
  const pt = values.paymentType
  const rate = rupees(Number(values.rate) || 0)
  const cycles = Number(values.cycles) || 1
  const formula =
    pt === 'one-time'
      ? tr('posting.payment.formulaOneTime')
      : pt === 'per-unit'
        ? tr('posting.payment.formulaPerUnit', { rate, units: Number(values.units) || 0 })
        : pt === 'recurring'
          ? tr(
              values.frequency === 'weekly'
                ? 'posting.payment.formulaWeeks'
                : 'posting.payment.formulaMonths',
              {
                rate,
                cycles,
              },
            )
          : tr('posting.payment.formulaNone')
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-x-6 gap-y-1 rounded-xl border border-indigo-100 bg-accent/50 px-4 py-3',
        error && 'border-red-300 bg-red-50',
      )}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor="job-total" className="text-xs tracking-wide text-muted-foreground uppercase">
          {tr('posting.payment.total')}
        </Label>
        <p className="text-xs text-muted-foreground">{formula}</p>
      </div>
      <output
        id="job-total"
        htmlFor="job-amount job-rate job-units job-cycles"
        aria-live="polite"
        className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums"
      >
        {total === null ? '—' : rupees(total)}
      </output>
      <FieldError id="job-total" error={error} className="w-full" />
    </div>
  )
}
