import { useId, useState } from 'react'
import { BellPlus } from 'lucide-react'
import { Link } from 'react-router'
import { LOCATIONS } from '@common/locations'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { paths } from '@/config/paths'
import { useUser } from '@/lib/auth'
import { useT, type MessageKey } from '@/i18n'
import { toastError } from '@/lib/toast-error'
import { useSaveAlert, type AlertFrequency } from '../api/alerts'
import { FREQUENCY_LABELS, selectClass } from './frequency'

const PAYMENT_TYPES = ['one-time', 'per-unit', 'recurring'] as const
const PAYMENT_TYPE_LABELS: Record<(typeof PAYMENT_TYPES)[number], MessageKey> = {
  'one-time': 'account.save.pay.oneTime',
  'per-unit': 'account.save.pay.perUnit',
  recurring: 'account.save.pay.recurring',
}

/**
 * "Save this search": the list's text and category, and optionally a state, payment type and minimum budget, as a
 * job alert sent instantly, daily or weekly. Visitors are asked to log in first.
 */
export function SaveSearch({ q, category }: { q?: string; category?: string }) {
  const user = useUser()
  const id = useId()
  const [open, setOpen] = useState(false)
  const [frequency, setFrequency] = useState<AlertFrequency>('daily')
  const [state, setState] = useState('')
  const [paymentType, setPaymentType] = useState('')
  const [minBudget, setMinBudget] = useState('')
  const [saved, setSaved] = useState(false)
  const save = useSaveAlert()
  const t = useT()

  if (!user)
    return (
      <p className="text-sm text-muted-foreground">
        <Link to={paths.login.href()} className="font-medium text-primary underline-offset-2 hover:underline">
          {t('account.save.logIn')}
        </Link>{' '}
        {t('account.save.logInRest')}
      </p>
    )
  if (saved)
    return (
      <p role="status" className="text-sm text-emerald-700">
        {t('account.save.savedBefore')}{' '}
        <Link to={paths.alertSettings.href()} className="font-medium underline underline-offset-2">
          {t('account.alerts.title')}
        </Link>
        {t('account.save.savedAfter')}
      </p>
    )
  if (!open)
    return (
      <div>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          <BellPlus aria-hidden /> {t('account.save.button')}
        </Button>
      </div>
    )
  return (
    <form
      aria-label={t('account.save.button')}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:flex-wrap sm:items-end"
      onSubmit={(e) => {
        e.preventDefault()
        save.mutate(
          {
            q: q || undefined,
            category: category || undefined,
            state: state || undefined,
            paymentType: paymentType || undefined,
            minBudget: minBudget || undefined,
            frequency,
          },
          {
            onSuccess: () => setSaved(true),
            onError: (err) => toastError(err, t('account.save.failed')),
          },
        )
      }}
    >
      <p className="text-sm text-slate-700 sm:basis-full">
        {t('account.save.alertMe', {
          withQ: q ? 'yes' : 'no',
          q: q ?? '',
          withCategory: category ? 'yes' : 'no',
          category: category ?? '',
        })}
      </p>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-f`}>
        {t('account.save.howOften')}
        <select
          id={`${id}-f`}
          className={selectClass}
          value={frequency}
          onChange={(e) => setFrequency(e.target.value as AlertFrequency)}
        >
          {(Object.keys(FREQUENCY_LABELS) as AlertFrequency[]).map((f) => (
            <option key={f} value={f}>
              {t(FREQUENCY_LABELS[f])}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-s`}>
        {t('account.save.state')}
        <select
          id={`${id}-s`}
          className={selectClass}
          value={state}
          onChange={(e) => setState(e.target.value)}
        >
          <option value="">{t('account.save.anyState')}</option>
          {LOCATIONS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-p`}>
        {t('account.save.paymentType')}
        <select
          id={`${id}-p`}
          className={selectClass}
          value={paymentType}
          onChange={(e) => setPaymentType(e.target.value)}
        >
          <option value="">{t('account.save.any')}</option>
          {PAYMENT_TYPES.map((p) => (
            <option key={p} value={p}>
              {t(PAYMENT_TYPE_LABELS[p])}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-b`}>
        {t('account.save.minBudget')}
        <Input
          id={`${id}-b`}
          inputMode="decimal"
          className="sm:w-36"
          value={minBudget}
          onChange={(e) => setMinBudget(e.target.value)}
          placeholder={t('account.save.any')}
        />
      </label>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('account.save.saving') : t('account.save.saveAlert')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  )
}
