import type { ReactNode } from 'react'
import { useT } from '@/i18n'
import { rupees } from '@/lib/rupees'
import type { PaymentJob } from '../api/types'
import type { useCheckout } from '../hooks/use-checkout'
import { priceOf } from '../lib/units'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { UnitsPicker } from './units-picker'

/**
 * The confirmation before a checkout: what is paid for, and — while units are left — how many. One for the job's
 * own menu and for each hire's card.
 */
export function FundDialog({
  open,
  onClose,
  title,
  description,
  job,
  units,
  left,
  onUnits,
  checkout,
}: {
  open: boolean
  onClose: () => void
  title: string
  description: ReactNode
  job: PaymentJob
  units: number
  left: number
  onUnits: (units: number) => void
  checkout: Pick<ReturnType<typeof useCheckout>, 'busy' | 'start'>
}) {
  const t = useT()
  const count = Math.min(units, left)
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={description}
      confirmLabel={t('money.pay', { amount: rupees(priceOf(job, count)) })}
      pending={checkout.busy}
      onConfirm={() => {
        onClose()
        void checkout.start(count)
      }}
    >
      {left > 0 ? (
        <UnitsPicker
          value={count}
          max={left}
          onChange={onUnits}
          label={t(job.paymentType === 'recurring' ? 'money.units.cyclesToFund' : 'money.units.unitsToFund')}
        />
      ) : null}
    </ConfirmDialog>
  )
}
