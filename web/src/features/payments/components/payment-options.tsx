import { useState } from 'react'
import { CreditCard } from 'lucide-react'
import { useT } from '@/i18n'
import { rupees } from '@/lib/rupees'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import type { PaymentJob } from '../api/types'
import { priceOf, unitsText } from '../lib/units'
import { UnitsPicker } from './units-picker'

/**
 * product.md §8 "Payment options" (creator, while Not Initiated): a one-time button, or the per-unit / recurring
 * button with the custom units picker (1..left, clamped, quick buttons 1–5 and All).
 */
export function PaymentOptions({
  job,
  left,
  busy,
  onPay,
}: {
  job: PaymentJob
  left: number
  busy: boolean
  onPay: (units: number) => void
}) {
  const t = useT()
  const [units, setUnits] = useState(left)
  const n = Math.min(units, left)
  const amount = priceOf(job, job.paymentType === 'one-time' ? 1 : n)
  return (
    <section
      aria-label={t('money.options.title')}
      className="flex flex-col gap-3 rounded-xl border bg-white p-4"
    >
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t('money.options.title')}</h3>
        <p className="text-xs text-muted-foreground">{t('money.options.text')}</p>
      </div>
      {job.paymentType !== 'one-time' ? (
        <UnitsPicker
          value={n}
          max={left}
          onChange={setUnits}
          disabled={busy}
          label={t(job.paymentType === 'recurring' ? 'money.units.cyclesToFund' : 'money.units.unitsToFund')}
        />
      ) : null}
      <Button
        type="button"
        size="lg"
        className="w-full sm:w-auto sm:self-start"
        disabled={busy}
        onClick={() => onPay(job.paymentType === 'one-time' ? 1 : n)}
      >
        {busy ? <Spinner /> : <CreditCard aria-hidden />}
        {job.paymentType === 'one-time'
          ? t('money.pay', { amount: rupees(amount) })
          : t('money.payFor', { amount: rupees(amount), units: unitsText(t, job, n) })}
      </Button>
    </section>
  )
}
