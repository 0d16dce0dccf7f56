import { CheckCircle2, Clock, RotateCcw } from 'lucide-react'
import { useT } from '@/i18n'
import type { ContractRefund } from '../api/get-contract'
import { refundText } from '../lib/money-out'

const ICONS = { pending: Clock, processed: CheckCircle2, failed: RotateCcw } as const
const TONES = { pending: 'text-amber-700', processed: 'text-emerald-700', failed: 'text-red-700' } as const

/** Each refund's way back to the client's card or UPI, in words with an icon (never colour alone). */
export function RefundLines({ refunds }: { refunds: readonly ContractRefund[] }) {
  const t = useT()
  if (!refunds.length) return null
  return (
    <ul aria-label={t('money.refund.list')} aria-live="polite" className="flex flex-col gap-1 text-xs">
      {refunds.map((r) => {
        const Icon = ICONS[r.status] ?? Clock
        return (
          <li key={r._id} className={`flex items-start gap-1.5 ${TONES[r.status] ?? TONES.pending}`}>
            <Icon className="mt-px size-3.5 shrink-0" aria-hidden />
            <span>
              {refundText(r)}
              {r.bankReference ? (
                <span className="text-muted-foreground">
                  {' · '}
                  {t('money.refund.bankReference', { reference: r.bankReference })}
                </span>
              ) : null}
            </span>
          </li>
        )
      })}
    </ul>
  )
}
