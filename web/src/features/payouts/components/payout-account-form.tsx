import { useId, useState, type FormEvent } from 'react'
import {
  PAYOUT_REGIONS,
  checkPayoutDetails,
  type PayoutAccountInput,
  type PayoutAccountView,
} from '@common/schemas/payout'
import { FormField, NativeSelect, describedBy } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import { useSavePayoutAccount } from '../api/payout-account'
import { serverFieldErrors } from '../lib/server-errors'

type Method = 'bank' | 'upi'
interface Values {
  legalName: string
  pan: string
  state: string
  gstin: string
  method: Method
  bankAccount: string
  ifsc: string
  upiId: string
}

/**
 * The payout details form. Saved PAN, GSTIN, account number and UPI id come back masked, so an edit asks for them
 * again; the rest is filled in. The same checks as the server run first, and the server's per-field answers land
 * on the same fields; what was typed is never cleared by an error.
 */
export function PayoutAccountForm({
  saved,
  onDone,
  onCancel,
}: {
  saved: PayoutAccountView | null
  onDone: () => void
  onCancel?: () => void
}) {
  const id = useId()
  const save = useSavePayoutAccount()
  const [values, setValues] = useState<Values>({
    legalName: saved?.legalName ?? '',
    pan: '',
    state: saved?.state ?? '',
    gstin: '',
    method: saved?.upiId ? 'upi' : 'bank',
    bankAccount: '',
    ifsc: saved?.ifsc ?? '',
    upiId: '',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = (k: keyof Values) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }))
    setErrors((e) => {
      if (!e[k]) return e
      const { [k]: _gone, ...rest } = e
      return rest
    })
  }

  const body = (): PayoutAccountInput => ({
    legalName: values.legalName,
    pan: values.pan,
    state: values.state,
    gstin: values.gstin || undefined,
    ...(values.method === 'bank'
      ? { bankAccount: values.bankAccount, ifsc: values.ifsc }
      : { upiId: values.upiId }),
  })

  function focusFirst(errs: Record<string, string>) {
    const first = ['legalName', 'pan', 'state', 'gstin', 'bankAccount', 'ifsc', 'upiId'].find((f) => errs[f])
    if (first) document.getElementById(`${id}-${first}`)?.focus()
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    const checked = checkPayoutDetails(body())
    if (!checked.ok) {
      setErrors(checked.errors)
      focusFirst(checked.errors)
      return
    }
    save.mutate(body(), {
      onSuccess: () => onDone(),
      onError: (err) => {
        const fieldErrors = serverFieldErrors(err)
        if (Object.keys(fieldErrors).length) {
          setErrors(fieldErrors)
          focusFirst(fieldErrors)
        } else toastError(err, 'Could not save your payout details. Please try again.')
      },
    })
  }

  const field = (k: Exclude<keyof Values, 'method'>) => ({
    id: `${id}-${k}`,
    value: values[k],
    onChange: (e: { target: { value: string } }) => set(k)(e.target.value),
    ...describedBy(`${id}-${k}`, { hint: true, error: errors[k] }),
  })
  const editing = !!saved

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Payout details">
      {errors.body ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {errors.body}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <FormField
          id={`${id}-legalName`}
          label="Legal name"
          required
          hint="Exactly as printed on your PAN card."
          error={errors.legalName}
          className="sm:col-span-2"
        >
          <Input
            {...field('legalName')}
            autoComplete="name"
            placeholder="e.g. Priya Sharma"
            maxLength={120}
          />
        </FormField>
        <FormField
          id={`${id}-pan`}
          label="PAN"
          required
          hint={
            editing
              ? `Saved: ${saved.pan}. Enter it again to save changes.`
              : '10 characters, e.g. ABCPE1234F'
          }
          error={errors.pan}
        >
          <Input
            {...field('pan')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ABCPE1234F"
            maxLength={10}
            className="uppercase placeholder:normal-case"
          />
        </FormField>
        <FormField
          id={`${id}-state`}
          label="State or union territory"
          required
          hint="Where you live or your business is registered."
          error={errors.state}
        >
          <NativeSelect {...field('state')}>
            <option value="">Choose…</option>
            {PAYOUT_REGIONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-gstin`}
          label="GSTIN (optional)"
          hint={
            editing && saved.gstin
              ? `Saved: ${saved.gstin}. Enter it again to keep it.`
              : 'Only if you are registered for GST, e.g. 27ABCPE1234F1Z5'
          }
          error={errors.gstin}
          className="sm:col-span-2"
        >
          <Input
            {...field('gstin')}
            autoComplete="off"
            spellCheck={false}
            placeholder="27ABCPE1234F1Z5"
            maxLength={15}
            className="uppercase placeholder:normal-case"
          />
        </FormField>
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Where should we pay you?</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {(
            [
              ['bank', 'Bank account', 'Account number and IFSC'],
              ['upi', 'UPI id', 'e.g. name@okicici'],
            ] as const
          ).map(([m, label, note]) => (
            <label
              key={m}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-focus-visible:ring-2 has-focus-visible:ring-ring',
                values.method === m ? 'border-primary bg-primary/5' : 'border-input',
              )}
            >
              <input
                type="radio"
                name={`${id}-method`}
                value={m}
                checked={values.method === m}
                onChange={() => {
                  setValues((s) => ({ ...s, method: m }))
                  setErrors({})
                }}
                aria-label={label}
                aria-describedby={`${id}-${m}-note`}
                className="mt-0.5 accent-primary"
              />
              <span className="flex flex-col">
                <span className="font-medium" aria-hidden>
                  {label}
                </span>
                <span id={`${id}-${m}-note`} className="text-xs text-muted-foreground">
                  {note}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {values.method === 'bank' ? (
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField
            id={`${id}-bankAccount`}
            label="Account number"
            required
            hint={
              editing && saved.bankAccount ? `Saved: ${saved.bankAccount}. Enter it again.` : '9 to 18 digits'
            }
            error={errors.bankAccount}
          >
            <Input
              {...field('bankAccount')}
              inputMode="numeric"
              autoComplete="off"
              placeholder="e.g. 50100123456789"
              maxLength={22}
            />
          </FormField>
          <FormField
            id={`${id}-ifsc`}
            label="IFSC"
            required
            hint="On your cheque book or passbook, e.g. HDFC0001234"
            error={errors.ifsc}
          >
            <Input
              {...field('ifsc')}
              autoComplete="off"
              spellCheck={false}
              placeholder="HDFC0001234"
              maxLength={11}
              className="uppercase placeholder:normal-case"
            />
          </FormField>
        </div>
      ) : (
        <FormField
          id={`${id}-upiId`}
          label="UPI id"
          required
          hint={
            editing && saved.upiId ? `Saved: ${saved.upiId}. Enter it again.` : 'As shown in your UPI app'
          }
          error={errors.upiId ?? errors.bankAccount}
        >
          <Input
            {...field('upiId')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="e.g. priya.sharma@okhdfcbank"
            maxLength={300}
          />
        </FormField>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save payout details
        </Button>
      </div>
    </form>
  )
}
