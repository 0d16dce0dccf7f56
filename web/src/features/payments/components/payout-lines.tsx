import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { payoutStateText, payoutTone } from '@/lib/payout-state'
import { rupees } from '@/lib/rupees'
import { cn } from '@/lib/utils'
import type { ContractPayout } from '../api/get-contract'

const TONES = {
  waiting: 'text-amber-800',
  moving: 'text-sky-800',
  done: 'text-emerald-700',
  failed: 'text-red-700',
} as const

/** The hired freelancer's view of each release: its net and where it is, with the way to payout details. */
export function PayoutLines({ payouts }: { payouts: readonly ContractPayout[] }) {
  const t = useT()
  if (!payouts.length) return null
  const waiting = payouts.some((p) => p.status === 'waiting_account')
  return (
    <div className="flex flex-col gap-1 text-xs">
      <ul aria-label={t('money.payouts.list')} aria-live="polite" className="flex flex-col gap-1">
        {payouts.map((p) => (
          <li key={p._id} className={cn('font-medium', TONES[payoutTone(p.status)])}>
            {t('money.payouts.netLine', { amount: rupees(p.net), state: payoutStateText(p) })}
          </li>
        ))}
      </ul>
      {waiting ? (
        <Link
          to={paths.payoutSettings.href()}
          className="self-start font-medium text-primary underline-offset-2 hover:underline"
        >
          {t('money.addPayoutDetails')}
        </Link>
      ) : null}
    </div>
  )
}
