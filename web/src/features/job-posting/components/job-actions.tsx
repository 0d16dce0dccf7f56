import { useState } from 'react'
import { Link } from 'react-router'
import {
  Archive,
  ArchiveRestore,
  CircleStop,
  Ellipsis,
  ExternalLink,
  Pencil,
  RotateCcw,
  Send,
  Trash2,
  Users,
} from 'lucide-react'
import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import type { JobAction } from '@common/schemas/job'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { t, useT, type MessageKey } from '@/i18n'
import { useDeleteJob } from '@/lib/delete-job'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import { useChangeJobStatus } from '../api/change-job-status'
import type { PostedJob } from '../api/types'

const ms = TOAST.jobActionMs

/** The status change a row offers: publish a draft, close an active job, reopen a closed one, restore an archived one. */
function primaryAction(job: PostedJob): { action: JobAction; label: MessageKey; icon: typeof Send } {
  if (job.archived) return { action: 'unarchive', label: 'posting.actions.restore', icon: ArchiveRestore }
  if (job.status === 'draft') return { action: 'publish', label: 'posting.actions.publish', icon: Send }
  if (job.status === 'active') return { action: 'close', label: 'posting.actions.close', icon: CircleStop }
  return { action: 'reopen', label: 'posting.actions.reopen', icon: RotateCcw }
}

/** Edit, the status change, Delete (with a confirmation) and a menu with the rest, for one job row. */
export function JobActions({ job, className }: { job: PostedJob; className?: string }) {
  const tr = useT()
  const change = useChangeJobStatus()
  const [confirming, setConfirming] = useState(false)
  // Closing or archiving a job with money in escrow refunds it: that is asked first, never done on one click.
  const [refunding, setRefunding] = useState<RefundingAction | null>(null)
  const primary = primaryAction(job)
  const sr = <span className="sr-only"> {job.title}</span>

  const run = (action: JobAction, then?: () => void) =>
    change.mutate(
      { id: job._id, action },
      {
        onSuccess: (answer) => {
          toast.success(answer.message || t('posting.actions.updated'), { duration: ms })
          then?.()
        },
        onError: (error) => {
          toastError(error, t('posting.actions.updateFailed'), { duration: ms })
        },
      },
    )
  const request = (action: JobAction) =>
    (action === 'close' || action === 'archive') && job.fundStatus === 'In Escrow'
      ? setRefunding(action)
      : run(action)

  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      <Button asChild variant="outline" size="sm">
        <Link to={paths.adminJobEdit.href(job._id)}>
          <Pencil aria-hidden />
          {tr('posting.actions.edit')}
          {sr}
        </Link>
      </Button>
      <Button
        variant={primary.action === 'publish' ? 'default' : 'outline'}
        size="sm"
        disabled={change.isPending}
        onClick={() => request(primary.action)}
      >
        {change.isPending ? <Spinner /> : <primary.icon aria-hidden />}
        {tr(primary.label)}
        {sr}
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-red-600 hover:bg-red-50 hover:text-red-700"
        onClick={() => setConfirming(true)}
        aria-label={tr('posting.actions.deleteNamed', { title: job.title })}
        title={tr('posting.actions.delete')}
      >
        <Trash2 aria-hidden />
      </Button>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={tr('posting.actions.moreFor', { title: job.title })}
            title={tr('posting.actions.more')}
          >
            <Ellipsis aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem asChild>
            <Link to={paths.adminApplicants.href(job._id)}>
              <Users aria-hidden /> {tr('posting.actions.viewApplicants')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.jobDescription.href(job._id)}>
              <ExternalLink aria-hidden /> {tr('posting.actions.viewJobPage')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {job.archived ? (
            <DropdownMenuItem onSelect={() => run('unarchive')}>
              <ArchiveRestore aria-hidden /> {tr('posting.actions.restoreFromArchive')}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => request('archive')}>
              <Archive aria-hidden /> {tr('posting.actions.archive')}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem
            onSelect={() => setConfirming(true)}
            className="text-red-600 data-[highlighted]:bg-red-50 [&_svg]:text-red-600"
          >
            <Trash2 aria-hidden /> {tr('posting.actions.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DeleteJobDialog job={job} open={confirming} onOpenChange={setConfirming} />
      <RefundDialog
        job={job}
        action={refunding}
        pending={change.isPending}
        onCancel={() => setRefunding(null)}
        onConfirm={(action) => run(action, () => setRefunding(null))}
      />
    </div>
  )
}

type RefundingAction = Extract<JobAction, 'close' | 'archive'>

/** Asks before a close or archive that sends the job's escrow back to its poster (the server refunds on either). */
function RefundDialog({
  job,
  action,
  pending,
  onCancel,
  onConfirm,
}: {
  job: PostedJob
  action: RefundingAction | null
  pending: boolean
  onCancel: () => void
  onConfirm: (action: RefundingAction) => void
}) {
  // Kept while the dialog animates closed, so its words do not change under the reader.
  const [shown, setShown] = useState<RefundingAction>('close')
  const tr = useT()
  if (action && action !== shown) setShown(action)
  const closing = shown === 'close'
  return (
    <Dialog open={!!action} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>
            {tr(closing ? 'posting.refund.closeTitle' : 'posting.refund.archiveTitle')}
          </DialogTitle>
          <DialogDescription>
            {tr(closing ? 'posting.refund.closeBody' : 'posting.refund.archiveBody', { title: job.title })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            {tr('common.cancel')}
          </Button>
          <Button variant="destructive" onClick={() => onConfirm(shown)} disabled={pending}>
            {pending ? <Spinner /> : null}
            {tr(closing ? 'posting.refund.closeConfirm' : 'posting.refund.archiveConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function DeleteJobDialog({
  job,
  open,
  onOpenChange,
}: {
  job: PostedJob
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const tr = useT()
  const remove = useDeleteJob()
  const [problem, setProblem] = useState<string | null>(null)
  const count = job.applicationCount

  const onDelete = () =>
    remove.mutate(job._id, {
      onSuccess: (answer) => {
        toast.success(answer.message || t('posting.delete.done'), { duration: ms })
        onOpenChange(false)
      },
      onError: (error) => {
        // The server refuses while money is in escrow; its sentence (shown here too) says what to do instead.
        const text = toastError(error, t('posting.delete.failed'), { duration: ms })
        if (text !== null) setProblem(text)
      },
    })

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setProblem(null)
        onOpenChange(next)
      }}
    >
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{tr('posting.delete.title')}</DialogTitle>
          <DialogDescription>
            {count
              ? tr('posting.delete.bodyWithApplications', { title: job.title, count })
              : tr('posting.delete.body', { title: job.title })}
          </DialogDescription>
        </DialogHeader>
        {problem ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
          >
            {problem}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
            {tr('common.cancel')}
          </Button>
          <Button variant="destructive" onClick={onDelete} disabled={remove.isPending}>
            {remove.isPending ? (
              <>
                <Spinner /> {tr('posting.delete.deleting')}
              </>
            ) : (
              tr('posting.delete.confirm')
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
