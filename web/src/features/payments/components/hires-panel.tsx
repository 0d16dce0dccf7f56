import { useState } from 'react'
import { Link } from 'react-router'
import { Banknote, HandCoins, Undo2 } from 'lucide-react'
import { toast } from 'sonner'
import { StatusBadge } from '@/components/status-badge'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { rupees } from '@/lib/rupees'
import { toastError } from '@/lib/toast-error'
import { useRefundPayment, useReleasePayment } from '../api/escrow-actions'
import { useContract } from '../api/get-contract'
import { useJobContracts, type Contract } from '../api/get-contracts'
import { newIdempotencyKey, type PaymentJob, type PaymentViewer } from '../api/types'
import { useCheckout } from '../hooks/use-checkout'
import {
  costsNothing,
  isFullyFunded,
  releaseAmountOf,
  unitsLeft,
  unitsNounText,
  unitsText,
} from '../lib/units'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { FundDialog } from './fund-dialog'
import { PayoutLines } from './payout-lines'
import { RefundLines } from './refund-lines'
import { ReleaseSplit } from './release-split'
import { SandboxCheckoutDialog } from './sandbox-checkout-dialog'
import { UnitsPicker } from './units-picker'

/** A contract's frozen terms in the shape the payment arithmetic reads. */
const pricedContract = (c: Contract): PaymentJob => ({
  _id: c.jobId,
  title: c.jobTitle,
  paymentType: c.terms.paymentType,
  units: c.terms.units,
  cycles: c.terms.cycles,
  rate: c.terms.rate,
  amount: c.terms.amount,
  total: c.terms.total,
  fundStatus: c.escrow.fundStatus,
  fundedAmount: c.escrow.funded - c.escrow.refunded,
  fundedUnits: c.escrow.fundedUnits,
  status: c.status === 'active' ? 'active' : 'closed',
  created_by: { _id: c.client?._id ?? '' },
})

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium text-slate-800 tabular-nums">{value}</dd>
    </div>
  )
}

type Dialog = 'fund' | 'release' | 'refund' | null

/** One hire: who, its own escrow, and the money actions that fit its state as buttons (ADR 048). */
export function HireCard({
  contract,
  viewer,
  onContractPage,
}: {
  contract: Contract
  viewer: PaymentViewer
  /** On /contracts/:id itself: no link to the page. */
  onContractPage?: boolean
}) {
  const t = useT()
  const job = pricedContract(contract)
  const checkout = useCheckout(job, contract._id)
  const release = useReleasePayment()
  const refund = useRefundPayment()
  const [dialog, setDialog] = useState<Dialog>(null)
  const [units, setUnits] = useState(1)
  const [key, setKey] = useState(newIdempotencyKey)
  const isClient = contract.client?._id === viewer._id
  // Refunds and payouts (ADR 050) are only on the contract's own answer: asked for when there is one to show.
  const detail = useContract(
    contract._id,
    isClient ? contract.escrow.refunded > 0 : contract.escrow.released > 0,
  )
  const active = contract.status === 'active'
  const { escrow } = contract
  const left = unitsLeft(job, escrow.fundedUnits)
  const heldUnits = escrow.fundedUnits - escrow.releasedUnits
  const canFund = active && !costsNothing(job) && !isFullyFunded(job, escrow.fundedUnits)
  const releaseUnits = Math.min(units, heldUnits)
  const releaseAmount = releaseAmountOf(job, { rupees: escrow.inEscrow, units: heldUnits }, releaseUnits)
  const name = contract.freelancer?.fullname ?? t('money.freelancer')
  const open = (d: Dialog) => {
    setKey(newIdempotencyKey())
    if (d === 'fund') setUnits(left)
    if (d === 'release') setUnits(heldUnits)
    setDialog(d)
  }
  const close = () => setDialog(null)
  const perUnits = job.paymentType !== 'one-time'

  return (
    <section
      aria-label={t('money.hire.label', { name })}
      data-testid="hire-card"
      className="flex flex-col gap-3 rounded-xl border bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          {isClient ? name : (contract.client?.fullname ?? t('money.clientFallback'))}
          {active ? null : (
            <span className="ml-2 text-xs font-normal text-muted-foreground">{t('money.hire.ended')}</span>
          )}
        </h3>
        <div className="flex items-center gap-2">
          {onContractPage ? null : (
            <Link to={paths.contract.href(contract._id)} className="text-xs text-primary hover:underline">
              {t('money.contract')}
            </Link>
          )}
          <StatusBadge status={escrow.fundStatus} />
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-x-4 gap-y-2">
        <Figure label={t('money.escrow.funded')} value={rupees(escrow.funded)} />
        <Figure label={t('money.escrow.released')} value={rupees(escrow.released)} />
        <Figure label={t('money.escrow.inEscrow')} value={rupees(escrow.inEscrow)} />
      </dl>
      {perUnits ? (
        <p className="text-xs text-muted-foreground">
          {t('money.escrow.unitsLine', {
            funded: escrow.fundedUnits,
            total: unitsText(t, job, contract.terms.totalUnits),
            released: escrow.releasedUnits,
          })}
        </p>
      ) : null}
      {isClient && detail.data?.refunds?.length ? <RefundLines refunds={detail.data.refunds} /> : null}
      {!isClient && detail.data?.payouts?.length ? <PayoutLines payouts={detail.data.payouts} /> : null}
      {isClient ? (
        <div className="flex flex-wrap gap-2">
          {canFund ? (
            <Button
              size="sm"
              disabled={checkout.busy}
              onClick={() => (perUnits ? open('fund') : void checkout.start(1))}
            >
              <Banknote aria-hidden /> {t('money.hire.fund', { name })}
            </Button>
          ) : null}
          {active && escrow.inEscrow > 0 ? (
            <Button size="sm" variant="outline" onClick={() => open('release')}>
              <HandCoins aria-hidden /> {t('money.hire.release')}
            </Button>
          ) : null}
          {escrow.inEscrow > 0 ? (
            <Button size="sm" variant="outline" onClick={() => open('refund')}>
              <Undo2 aria-hidden /> {t('money.hire.refund')}
            </Button>
          ) : null}
        </div>
      ) : null}

      <SandboxCheckoutDialog
        order={checkout.order}
        busy={checkout.stage === 'paying' || checkout.stage === 'verifying'}
        onOutcome={(o) => void checkout.sandboxOutcome(o)}
      />
      <FundDialog
        open={dialog === 'fund'}
        onClose={close}
        title={t('money.hire.fund', { name })}
        description={t('money.hire.fundText', {
          units: unitsNounText(t, job),
          title: contract.jobTitle,
          name,
        })}
        job={job}
        units={units}
        left={left}
        onUnits={setUnits}
        checkout={checkout}
      />
      <ConfirmDialog
        open={dialog === 'release'}
        onOpenChange={(o) => !o && close()}
        title={t('money.release.title')}
        description={
          perUnits
            ? t('money.release.textUnits', {
                name,
                amount: rupees(releaseAmount),
                units: unitsText(t, job, releaseUnits),
              })
            : t('money.release.text', { name, amount: rupees(releaseAmount) })
        }
        confirmLabel={t('money.release.confirm', { amount: rupees(releaseAmount) })}
        pending={release.isPending}
        onConfirm={() =>
          release.mutate(
            { jobId: contract.jobId, contractId: contract._id, units: releaseUnits, idempotencyKey: key },
            {
              onSuccess: (a) => {
                toast.success(a.message)
                close()
              },
              onError: (e) => toastError(e, t('money.release.failed')),
            },
          )
        }
      >
        {perUnits && heldUnits > 1 ? (
          <UnitsPicker
            value={releaseUnits}
            max={heldUnits}
            onChange={setUnits}
            label={t(
              job.paymentType === 'recurring' ? 'money.units.cyclesToRelease' : 'money.units.unitsToRelease',
            )}
          />
        ) : null}
        <ReleaseSplit
          contractId={contract._id}
          units={perUnits ? releaseUnits : heldUnits}
          open={dialog === 'release'}
          name={name}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'refund'}
        onOpenChange={(o) => !o && close()}
        title={t('money.refund.title')}
        description={t('money.refund.hireText', { amount: rupees(escrow.inEscrow), name })}
        confirmLabel={t('money.refund.confirm', { amount: rupees(escrow.inEscrow) })}
        pending={refund.isPending}
        onConfirm={() =>
          refund.mutate(
            { jobId: contract.jobId, contractId: contract._id, idempotencyKey: key },
            {
              onSuccess: (a) => {
                toast.success(a.message)
                close()
              },
              onError: (e) => toastError(e, t('money.refund.failed')),
            },
          )
        }
      />
    </section>
  )
}

/**
 * A job's hires, each with its own escrow and actions (ADR 048). `withUser` narrows it to the hire with one person
 * (the chat side panel: the contract with whoever the conversation is with).
 */
export function HiresPanel({
  jobId,
  viewer,
  withUser,
  version,
}: {
  jobId: string
  viewer: PaymentViewer | null
  withUser?: string
  /** Changes when hires may have changed (the applicants page passes who is accepted). */
  version?: string
}) {
  const contracts = useJobContracts(viewer ? jobId : '', version)
  const t = useT()
  if (!viewer) return null
  if (contracts.isPending) return <Skeleton className="h-24 rounded-xl bg-slate-100" />
  const list = (contracts.data ?? []).filter(
    (c) =>
      !withUser ||
      [c.freelancer?._id, c.freelancer?.userId, c.client?._id, c.client?.userId].includes(withUser),
  )
  if (!list.length) return null
  const shown = list.filter((c) => c.status === 'active' || c.escrow.inEscrow > 0)
  if (!shown.length) return null
  return (
    <section aria-label={t('money.hires.label')} className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold text-slate-900">
        {shown.length === 1 ? t('money.hires.one') : t('money.hires.many', { count: shown.length })}
      </h2>
      <div className="grid gap-3 md:grid-cols-2">
        {shown.map((c) => (
          <HireCard key={c._id} contract={c} viewer={viewer} />
        ))}
      </div>
    </section>
  )
}
