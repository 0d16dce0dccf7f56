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
import { useT } from '@/i18n'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import { useSavePayoutAccount } from '../api/payout-account'
import { checkText } from '../lib/check-words'
import { serverFieldErrors } from '../lib/server-errors'

/** Sample numbers read the same in every language. */
const SAMPLE = { pan: 'ABCPE1234F', gstin: '27ABCPE1234F1Z5', ifsc: 'HDFC0001234' }

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
  const t = useT()
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
        } else toastError(err, t('money.payoutForm.saveFailed'))
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
  // The checks answer in English (they are the server's too): each shows in the reader's language.
  const shown = Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, checkText(t, m)])) as Record<
    string,
    string | undefined
  >

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5"
      aria-label={t('money.payoutSettings.title')}
    >
      {errors.body ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {shown.body}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <FormField
          id={`${id}-legalName`}
          label={t('money.payoutForm.legalName')}
          required
          hint={t('money.payoutForm.legalNameHint')}
          error={shown.legalName}
          className="sm:col-span-2"
        >
          <Input
            {...field('legalName')}
            autoComplete="name"
            placeholder={t('money.payoutForm.legalNamePlaceholder')}
            maxLength={120}
          />
        </FormField>
        <FormField
          id={`${id}-pan`}
          label={t('money.payoutForm.pan')}
          required
          hint={
            editing ? t('money.payoutForm.panSaved', { value: saved.pan }) : t('money.payoutForm.panHint')
          }
          error={shown.pan}
        >
          <Input
            {...field('pan')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={SAMPLE.pan}
            maxLength={10}
            className="uppercase placeholder:normal-case"
          />
        </FormField>
        <FormField
          id={`${id}-state`}
          label={t('money.payoutForm.state')}
          required
          hint={t('money.payoutForm.stateHint')}
          error={shown.state}
        >
          <NativeSelect {...field('state')}>
            <option value="">{t('money.payoutForm.choose')}</option>
            {PAYOUT_REGIONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id={`${id}-gstin`}
          label={t('money.payoutForm.gstin')}
          hint={
            editing && saved.gstin
              ? t('money.payoutForm.gstinSaved', { value: saved.gstin })
              : t('money.payoutForm.gstinHint')
          }
          error={shown.gstin}
          className="sm:col-span-2"
        >
          <Input
            {...field('gstin')}
            autoComplete="off"
            spellCheck={false}
            placeholder={SAMPLE.gstin}
            maxLength={15}
            className="uppercase placeholder:normal-case"
          />
        </FormField>
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">{t('money.payoutForm.where')}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {(
            [
              ['bank', t('money.payoutForm.bank'), t('money.payoutForm.bankNote')],
              ['upi', t('money.payoutForm.upiId'), t('money.payoutForm.upiNote')],
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
            label={t('money.payoutForm.accountNumber')}
            required
            hint={
              editing && saved.bankAccount
                ? t('money.payoutForm.savedAgain', { value: saved.bankAccount })
                : t('money.payoutForm.accountNumberHint')
            }
            error={shown.bankAccount}
          >
            <Input
              {...field('bankAccount')}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('money.payoutForm.accountNumberPlaceholder')}
              maxLength={22}
            />
          </FormField>
          <FormField
            id={`${id}-ifsc`}
            label={t('money.payoutForm.ifsc')}
            required
            hint={t('money.payoutForm.ifscHint')}
            error={shown.ifsc}
          >
            <Input
              {...field('ifsc')}
              autoComplete="off"
              spellCheck={false}
              placeholder={SAMPLE.ifsc}
              maxLength={11}
              className="uppercase placeholder:normal-case"
            />
          </FormField>
        </div>
      ) : (
        <FormField
          id={`${id}-upiId`}
          label={t('money.payoutForm.upiId')}
          required
          hint={
            editing && saved.upiId
              ? t('money.payoutForm.savedAgain', { value: saved.upiId })
              : t('money.payoutForm.upiHint')
          }
          error={shown.upiId ?? shown.bankAccount}
        >
          <Input
            {...field('upiId')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('money.payoutForm.upiPlaceholder')}
            maxLength={300}
          />
        </FormField>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={save.isPending}>
            {t('money.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {t('money.payoutForm.save')}
        </Button>
      </div>
    </form>
  )
}
