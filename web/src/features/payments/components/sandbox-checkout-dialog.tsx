import { useId, useState } from 'react'
import { CreditCard, Lock, ShieldCheck } from 'lucide-react'
import { useT, type MessageKey } from '@/i18n'
import { rupees } from '@/lib/rupees'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'
import type { Order } from '../api/checkout'

const OUTCOMES: { value: 'success' | 'failure'; label: MessageKey; hint: MessageKey }[] = [
  { value: 'success', label: 'money.sandbox.success', hint: 'money.sandbox.successHint' },
  { value: 'failure', label: 'money.sandbox.failure', hint: 'money.sandbox.failureHint' },
]
/** The test card reads the same in every language. */
const TEST_CARD = '4111 1111 1111 1111'

/**
 * The sandbox provider's checkout (product.md §8): looks and behaves like a card checkout, amount in ₹, with the
 * test outcome to simulate. Closing it or pressing Cancel is the "cancel" outcome.
 */
export function SandboxCheckoutDialog({
  order,
  busy,
  onOutcome,
}: {
  order: Order | null
  busy: boolean
  onOutcome: (outcome: 'success' | 'failure' | 'cancel') => void
}) {
  const [outcome, setOutcome] = useState<'success' | 'failure'>('success')
  const groupId = useId()
  const t = useT()
  const amount = order ? rupees(order.amount) : ''
  return (
    <Dialog
      open={!!order}
      onOpenChange={(open) => {
        if (!open && !busy) onOutcome('cancel')
      }}
    >
      <DialogContent className="max-w-md gap-5 p-0" hideClose={busy}>
        <div className="rounded-t-2xl bg-slate-900 px-6 py-5 text-white">
          <DialogHeader>
            <p className="flex items-center gap-2 text-xs font-medium tracking-wide text-slate-300 uppercase">
              <ShieldCheck className="size-4" aria-hidden /> {t('money.sandbox.brand')}
            </p>
            <DialogTitle className="text-lg text-white">{t('money.pay', { amount })}</DialogTitle>
            <DialogDescription className="truncate text-slate-300">{order?.description}</DialogDescription>
          </DialogHeader>
        </div>
        <form
          className="flex flex-col gap-4 px-6 pb-6"
          onSubmit={(e) => {
            e.preventDefault()
            if (!busy) onOutcome(outcome)
          }}
        >
          <div className="rounded-xl border bg-slate-50 p-4">
            <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <CreditCard className="size-4 text-slate-500" aria-hidden /> {t('money.sandbox.testCard')}
            </p>
            <p className="mt-2 font-mono text-base tracking-widest text-slate-900">{TEST_CARD}</p>
            <p className="mt-1 text-xs text-muted-foreground">{t('money.sandbox.cardNote')}</p>
          </div>
          <fieldset className="flex flex-col gap-2" aria-describedby={`${groupId}-hint`}>
            <legend className="mb-1 text-sm font-medium text-slate-800">{t('money.sandbox.outcome')}</legend>
            <div className="grid grid-cols-2 gap-2">
              {OUTCOMES.map((o) => (
                <label
                  key={o.value}
                  className={cn(
                    'flex cursor-pointer flex-col rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    outcome === o.value ? 'border-primary bg-primary/5' : 'hover:bg-slate-50',
                  )}
                >
                  <span className="flex items-center gap-2 font-medium">
                    <input
                      type="radio"
                      name={groupId}
                      value={o.value}
                      checked={outcome === o.value}
                      onChange={() => setOutcome(o.value)}
                      disabled={busy}
                      className="accent-[var(--color-primary)]"
                    />
                    {t(o.label)}
                  </span>
                  <span className="mt-0.5 text-xs text-muted-foreground">{t(o.hint)}</span>
                </label>
              ))}
            </div>
            <p id={`${groupId}-hint`} className="text-xs text-muted-foreground">
              {t('money.sandbox.order', { id: order?.orderId ?? '', currency: order?.currency ?? '' })}
            </p>
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={busy} onClick={() => onOutcome('cancel')}>
              {t('money.cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner /> : <Lock aria-hidden />} {t('money.pay', { amount })}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
