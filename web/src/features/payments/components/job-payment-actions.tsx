import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import {
  Archive,
  Banknote,
  ChevronDown,
  HandCoins,
  PencilLine,
  Send,
  Trash2,
  Undo2,
  Users,
  Wallet,
} from 'lucide-react'
import { toast } from 'sonner'
import { StatusBadge } from '@/components/status-badge'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { httpStatus } from '@/lib/errors'
import { rupees } from '@/lib/rupees'
import { toastError } from '@/lib/toast-error'
import { useArchiveJob, useDeleteJob, useRefundPayment, useReleasePayment } from '../api/escrow-actions'
import { useJobContracts } from '../api/get-contracts'
import { useEscrow } from '../api/get-escrow'
import { newIdempotencyKey, type EscrowSummary, type PaymentJob, type PaymentViewer } from '../api/types'
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
import { EscrowSummaryView } from './escrow-summary'
import { PaymentOptions } from './payment-options'
import { ReleaseSplit } from './release-split'
import { SandboxCheckoutDialog } from './sandbox-checkout-dialog'
import { UnitsPicker } from './units-picker'
import { WorkDialog } from './work-dialog'

type Dialog = 'fund' | 'release' | 'refund' | 'archive' | 'delete' | null

/** Release: all or N units of what is in escrow, with the amount shown before confirming. */
function ReleaseBody({
  summary,
  units,
  setUnits,
}: {
  summary: EscrowSummary
  units: number
  setUnits: (n: number) => void
}) {
  const t = useT()
  const held = summary.fundedUnits - summary.releasedUnits
  if (summary.paymentType === 'one-time' || held <= 1) return null
  return (
    <UnitsPicker
      value={Math.min(units, held)}
      max={held}
      onChange={setUnits}
      label={t(
        summary.paymentType === 'recurring' ? 'money.units.cyclesToRelease' : 'money.units.unitsToRelease',
      )}
    />
  )
}

function CreatorActions({ job, onDeleted }: { job: PaymentJob; onDeleted?: () => void }) {
  const navigate = useNavigate()
  const t = useT()
  const escrow = useEscrow(job._id)
  const checkout = useCheckout(job)
  const release = useReleasePayment()
  const refund = useRefundPayment()
  const archive = useArchiveJob()
  const remove = useDeleteJob()
  const [dialog, setDialog] = useState<Dialog>(null)
  const [units, setUnits] = useState(1)
  const [key, setKey] = useState(newIdempotencyKey)
  const summary = escrow.data
  const fundStatus = summary?.fundStatus ?? job.fundStatus
  const closed = job.status === 'closed' || !!job.archived
  const fundedUnits = summary?.fundedUnits ?? job.fundedUnits
  const left = unitsLeft(job, fundedUnits)
  // A free job (₹0) has nothing to put in escrow: no payment options, no ₹0 checkout.
  const free = costsNothing(job)
  // Several openings: each hire is funded, released and refunded from its own card (HiresPanel), not per job.
  const perHire = (job.openings ?? 1) > 1
  const canFund = !perHire && !free && !closed && !isFullyFunded(job, fundedUnits)
  const held = summary ? summary.inEscrow : 0
  const heldUnits = summary ? summary.fundedUnits - summary.releasedUnits : 0

  const open = (d: Dialog) => {
    setKey(newIdempotencyKey())
    if (d === 'release') setUnits(heldUnits)
    if (d === 'fund') setUnits(left)
    setDialog(d)
  }
  const close = () => setDialog(null)
  const fail = (fallback: string) => (e: unknown) => toastError(e, fallback)
  const releaseUnits = Math.min(units, heldUnits)
  const releaseAmount = releaseAmountOf(job, { rupees: held, units: heldUnits }, releaseUnits)
  // The release preview is per contract; a job released from its own menu has one hire (ADR 048).
  const hires = useJobContracts(dialog === 'release' && summary?.freelancer ? job._id : '')
  const hire = hires.data?.find((c) => c.status === 'active' && c.escrow.inEscrow > 0)

  const initiate = () => {
    // product.md §8: Initiate Payment triggers the one-time payment button; per-unit and recurring ask how many
    // first.
    if (!canFund)
      return toast.error(
        t(
          perHire
            ? 'money.job.fundPerHire'
            : free
              ? 'money.job.fundFree'
              : closed
                ? 'money.job.fundClosed'
                : 'money.job.fundDone',
        ),
      )
    if (job.paymentType === 'one-time') void checkout.start(1)
    else open('fund')
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" className="w-full sm:w-auto">
              {t('money.job.manage')} <ChevronDown aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="w-60">
            <DropdownMenuLabel>{t('money.job.yours')}</DropdownMenuLabel>
            <DropdownMenuItem asChild>
              <Link to={paths.adminApplicants.href(job._id)}>
                <Users aria-hidden /> {t('money.job.applicants')}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.adminJobEdit.href(job._id)}>
                <PencilLine aria-hidden /> {t('money.job.edit')}
              </Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={initiate} disabled={checkout.busy}>
              <Banknote aria-hidden /> {t('money.job.initiate')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => open('release')} disabled={held <= 0 || perHire}>
              <HandCoins aria-hidden /> {t('money.job.release')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => open('refund')} disabled={held <= 0 || perHire}>
              <Undo2 aria-hidden /> {t('money.job.refund')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => open('archive')} disabled={!!job.archived}>
              <Archive aria-hidden /> {t('money.job.archive')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => open('delete')} className="text-red-600 [&_svg]:text-red-500">
              <Trash2 aria-hidden /> {t('money.job.delete')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
          {t('money.job.fundStatus')} <StatusBadge status={fundStatus} />
        </span>
      </div>

      {fundStatus === 'Not Initiated' && canFund ? (
        <PaymentOptions job={job} left={left} busy={checkout.busy} onPay={(n) => void checkout.start(n)} />
      ) : null}
      {escrow.isPending ? (
        <Skeleton className="h-24 rounded-xl bg-slate-100" />
      ) : summary && summary.funded > 0 ? (
        <EscrowSummaryView summary={summary} />
      ) : null}

      <SandboxCheckoutDialog
        order={checkout.order}
        busy={checkout.stage === 'paying' || checkout.stage === 'verifying'}
        onOutcome={(o) => void checkout.sandboxOutcome(o)}
      />

      <FundDialog
        open={dialog === 'fund'}
        onClose={close}
        title={t('money.job.initiateTitle')}
        description={t('money.job.initiateText', { units: unitsNounText(t, job), title: job.title })}
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
          summary?.freelancer
            ? summary.paymentType !== 'one-time'
              ? t('money.release.textUnits', {
                  name: summary.freelancer.fullname,
                  amount: rupees(releaseAmount),
                  units: unitsText(t, job, releaseUnits),
                })
              : t('money.release.text', { name: summary.freelancer.fullname, amount: rupees(releaseAmount) })
            : t('money.release.nobody')
        }
        confirmLabel={t('money.release.confirm', { amount: rupees(releaseAmount) })}
        pending={release.isPending}
        // Nobody hired yet: the server would refuse, so there is nothing to confirm.
        confirmDisabled={!!summary && !summary.freelancer}
        onConfirm={() =>
          release.mutate(
            { jobId: job._id, units: releaseUnits, idempotencyKey: key },
            {
              onSuccess: (a) => {
                toast.success(a.message)
                close()
              },
              onError: fail(t('money.release.failed')),
            },
          )
        }
      >
        {summary ? <ReleaseBody summary={summary} units={units} setUnits={setUnits} /> : null}
        {summary?.freelancer ? (
          hires.isPending ? null : (
            <ReleaseSplit
              contractId={hire?._id}
              units={summary.paymentType === 'one-time' ? heldUnits : releaseUnits}
              open={dialog === 'release'}
              name={summary.freelancer.fullname}
            />
          )
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog === 'refund'}
        onOpenChange={(o) => !o && close()}
        title={t('money.refund.title')}
        description={t('money.refund.jobText', { amount: rupees(held) })}
        confirmLabel={t('money.refund.confirm', { amount: rupees(held) })}
        pending={refund.isPending}
        onConfirm={() =>
          refund.mutate(
            { jobId: job._id, idempotencyKey: key },
            {
              onSuccess: (a) => {
                toast.success(a.message)
                close()
              },
              onError: fail(t('money.refund.failed')),
            },
          )
        }
      />

      <ConfirmDialog
        open={dialog === 'archive'}
        onOpenChange={(o) => !o && close()}
        title={t('money.archive.title')}
        description={
          held > 0 ? t('money.archive.textHeld', { amount: rupees(held) }) : t('money.archive.text')
        }
        confirmLabel={t('money.job.archive')}
        pending={archive.isPending}
        onConfirm={() =>
          archive.mutate(job._id, {
            onSuccess: (a) => {
              toast.success(a.message)
              close()
            },
            onError: fail(t('money.archive.failed')),
          })
        }
      />

      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(o) => !o && close()}
        destructive
        title={t('money.delete.title')}
        description={held > 0 ? t('money.delete.textHeld', { amount: rupees(held) }) : t('money.delete.text')}
        confirmLabel={t('money.job.delete')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(job._id, {
            onSuccess: (a) => {
              toast.success(a.message)
              close()
              if (onDeleted) onDeleted()
              else void navigate(paths.adminJobsManage.href())
            },
            onError: fail(t('money.delete.failed')),
          })
        }
      />
    </div>
  )
}

function FreelancerActions({ job, viewer }: { job: PaymentJob; viewer: PaymentViewer }) {
  const maybeHired =
    !job.applications || job.applications.some((a) => a.applicant === viewer._id && a.status === 'accepted')
  const escrow = useEscrow(job._id, maybeHired)
  const t = useT()
  const [work, setWork] = useState<'submit' | 'request' | null>(null)
  // Only the hired freelancer may see a job's escrow; anyone else gets a 403 and no actions.
  if (!maybeHired || escrow.isPending) return null
  if (httpStatus(escrow.error) === 403 || !escrow.data) return null
  const summary = escrow.data
  if (summary.freelancer?._id !== viewer._id) return null
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" onClick={() => setWork('submit')}>
          <Send aria-hidden /> {t('money.work.submit')}
        </Button>
        <Button variant="outline" onClick={() => setWork('request')}>
          <Wallet aria-hidden /> {t('money.work.request')}
        </Button>
      </div>
      <EscrowSummaryView summary={summary} />
      <Link
        to={paths.earnings.href()}
        className="self-start text-xs font-medium text-primary underline-offset-2 hover:underline"
      >
        {t('money.job.allEarnings')}
      </Link>
      <WorkDialog jobId={job._id} kind={work} onClose={() => setWork(null)} />
    </div>
  )
}

/**
 * A job's payment actions for whoever is looking (product.md §8, §9 chat side panel): the creator gets fund status,
 * Payment options while Not Initiated, the escrow figures and the menu (Initiate Payment, Release Payment,
 * Archive Job, Delete Job); the hired freelancer gets Submit Work, Request Payment and the figures; others nothing.
 */
export function JobPaymentActions({
  job,
  viewer,
  onDeleted,
}: {
  job: PaymentJob
  viewer: PaymentViewer | null
  /** Called after the creator deletes the job (default: go to Manage jobs). */
  onDeleted?: () => void
}) {
  if (!viewer) return null
  if (viewer._id === job.created_by._id) return <CreatorActions job={job} onDeleted={onDeleted} />
  return <FreelancerActions job={job} viewer={viewer} />
}
