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
import { formatRupees } from '@common/money'
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
import { httpStatus } from '@/lib/errors'
import { toastError } from '@/lib/toast-error'
import { useArchiveJob, useDeleteJob, useRefundPayment, useReleasePayment } from '../api/escrow-actions'
import { useJobContracts } from '../api/get-contracts'
import { useEscrow } from '../api/get-escrow'
import { newIdempotencyKey, type EscrowSummary, type PaymentJob, type PaymentViewer } from '../api/types'
import { useCheckout } from '../hooks/use-checkout'
import { costsNothing, isFullyFunded, releaseAmountOf, unitsLeft, unitsNoun, unitWord } from '../lib/units'
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
  const held = summary.fundedUnits - summary.releasedUnits
  if (summary.paymentType === 'one-time' || held <= 1) return null
  return (
    <UnitsPicker
      value={Math.min(units, held)}
      max={held}
      onChange={setUnits}
      label={summary.paymentType === 'recurring' ? 'Cycles to release' : 'Units to release'}
    />
  )
}

function CreatorActions({ job, onDeleted }: { job: PaymentJob; onDeleted?: () => void }) {
  const navigate = useNavigate()
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
        perHire
          ? 'This job has several openings: fund each hire from its own card'
          : free
            ? 'This job is free, so there is nothing to pay into escrow'
            : closed
              ? 'This job is closed and cannot be funded'
              : 'This job is already fully funded',
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
              Manage job <ChevronDown aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="w-60">
            <DropdownMenuLabel>Your job</DropdownMenuLabel>
            <DropdownMenuItem asChild>
              <Link to={paths.adminApplicants.href(job._id)}>
                <Users aria-hidden /> View applicants
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to={paths.adminJobEdit.href(job._id)}>
                <PencilLine aria-hidden /> Edit job
              </Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={initiate} disabled={checkout.busy}>
              <Banknote aria-hidden /> Initiate Payment
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => open('release')} disabled={held <= 0 || perHire}>
              <HandCoins aria-hidden /> Release Payment
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => open('refund')} disabled={held <= 0 || perHire}>
              <Undo2 aria-hidden /> Refund Escrow
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => open('archive')} disabled={!!job.archived}>
              <Archive aria-hidden /> Archive Job
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => open('delete')} className="text-red-600 [&_svg]:text-red-500">
              <Trash2 aria-hidden /> Delete Job
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
          Fund status <StatusBadge status={fundStatus} />
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
        title="Initiate payment"
        description={`Fund ${unitsNoun(job)} of “${job.title}” into escrow.`}
        job={job}
        units={units}
        left={left}
        onUnits={setUnits}
        checkout={checkout}
      />

      <ConfirmDialog
        open={dialog === 'release'}
        onOpenChange={(o) => !o && close()}
        title="Release payment"
        description={
          summary?.freelancer
            ? `Pay ${summary.freelancer.fullname} ${formatRupees(releaseAmount)} from escrow${
                summary.paymentType !== 'one-time'
                  ? ` for ${releaseUnits} ${unitWord(job, releaseUnits)}`
                  : ''
              }. This cannot be undone.`
            : 'Accept a freelancer for this job before releasing payment.'
        }
        confirmLabel={`Release ${formatRupees(releaseAmount)}`}
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
              onError: fail('Failed to release payment'),
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
        title="Refund escrow"
        description={`Return the ${formatRupees(held)} still in escrow to you. Released money stays with the freelancer.`}
        confirmLabel={`Refund ${formatRupees(held)}`}
        pending={refund.isPending}
        onConfirm={() =>
          refund.mutate(
            { jobId: job._id, idempotencyKey: key },
            {
              onSuccess: (a) => {
                toast.success(a.message)
                close()
              },
              onError: fail('Failed to refund'),
            },
          )
        }
      />

      <ConfirmDialog
        open={dialog === 'archive'}
        onOpenChange={(o) => !o && close()}
        title="Archive job"
        description={
          held > 0
            ? `The job closes and leaves the job list. The ${formatRupees(held)} still in escrow is refunded to you.`
            : 'The job closes and leaves the job list. You can restore it from Manage jobs.'
        }
        confirmLabel="Archive Job"
        pending={archive.isPending}
        onConfirm={() =>
          archive.mutate(job._id, {
            onSuccess: (a) => {
              toast.success(a.message)
              close()
            },
            onError: fail('Failed to update status'),
          })
        }
      />

      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(o) => !o && close()}
        destructive
        title="Delete job"
        description={
          held > 0
            ? `The job and its applications are deleted. The ${formatRupees(held)} still in escrow is refunded to you first.`
            : 'The job and its applications are deleted. This cannot be undone.'
        }
        confirmLabel="Delete Job"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(job._id, {
            onSuccess: (a) => {
              toast.success(a.message)
              close()
              if (onDeleted) onDeleted()
              else void navigate(paths.adminJobsManage.href())
            },
            onError: fail('Failed to delete job'),
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
          <Send aria-hidden /> Submit Work
        </Button>
        <Button variant="outline" onClick={() => setWork('request')}>
          <Wallet aria-hidden /> Request Payment
        </Button>
      </div>
      <EscrowSummaryView summary={summary} />
      <Link
        to={paths.earnings.href()}
        className="self-start text-xs font-medium text-primary underline-offset-2 hover:underline"
      >
        See all your earnings
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
