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
import { useDeleteJob } from '@/lib/delete-job'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import { useChangeJobStatus } from '../api/change-job-status'
import type { PostedJob } from '../api/types'

const ms = TOAST.jobActionMs

/** The status change a row offers: publish a draft, close an active job, reopen a closed one, restore an archived one. */
function primaryAction(job: PostedJob): { action: JobAction; label: string; icon: typeof Send } {
  if (job.archived) return { action: 'unarchive', label: 'Restore', icon: ArchiveRestore }
  if (job.status === 'draft') return { action: 'publish', label: 'Publish', icon: Send }
  if (job.status === 'active') return { action: 'close', label: 'Close', icon: CircleStop }
  return { action: 'reopen', label: 'Reopen', icon: RotateCcw }
}

/** Edit, the status change, Delete (with a confirmation) and a menu with the rest, for one job row. */
export function JobActions({ job, className }: { job: PostedJob; className?: string }) {
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
          toast.success(answer.message || 'Job updated', { duration: ms })
          then?.()
        },
        onError: (error) => {
          toastError(error, 'Failed to update the job', { duration: ms })
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
          Edit{sr}
        </Link>
      </Button>
      <Button
        variant={primary.action === 'publish' ? 'default' : 'outline'}
        size="sm"
        disabled={change.isPending}
        onClick={() => request(primary.action)}
      >
        {change.isPending ? <Spinner /> : <primary.icon aria-hidden />}
        {primary.label}
        {sr}
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-red-600 hover:bg-red-50 hover:text-red-700"
        onClick={() => setConfirming(true)}
        aria-label={`Delete ${job.title}`}
        title="Delete"
      >
        <Trash2 aria-hidden />
      </Button>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label={`More actions for ${job.title}`} title="More">
            <Ellipsis aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem asChild>
            <Link to={paths.adminApplicants.href(job._id)}>
              <Users aria-hidden /> View applicants
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.jobDescription.href(job._id)}>
              <ExternalLink aria-hidden /> View job page
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {job.archived ? (
            <DropdownMenuItem onSelect={() => run('unarchive')}>
              <ArchiveRestore aria-hidden /> Restore from archive
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => request('archive')}>
              <Archive aria-hidden /> Archive
            </DropdownMenuItem>
          )}
          <DropdownMenuItem
            onSelect={() => setConfirming(true)}
            className="text-red-600 data-[highlighted]:bg-red-50 [&_svg]:text-red-600"
          >
            <Trash2 aria-hidden /> Delete
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
  if (action && action !== shown) setShown(action)
  const verb = shown === 'close' ? 'Close' : 'Archive'
  return (
    <Dialog open={!!action} onOpenChange={(open) => !open && !pending && onCancel()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{verb} this job and refund its escrow?</DialogTitle>
          <DialogDescription>
            Money is held in escrow for “{job.title}”. {verb === 'Close' ? 'Closing' : 'Archiving'} it refunds
            to you everything not yet released, and a hired freelancer is told. Reopening the job later does
            not put the money back.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => onConfirm(shown)} disabled={pending}>
            {pending ? <Spinner /> : null}
            {verb} and refund
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
  const remove = useDeleteJob()
  const [problem, setProblem] = useState<string | null>(null)
  const count = job.applicationCount

  const onDelete = () =>
    remove.mutate(job._id, {
      onSuccess: (answer) => {
        toast.success(answer.message || 'Job deleted', { duration: ms })
        onOpenChange(false)
      },
      onError: (error) => {
        // The server refuses while money is in escrow; its sentence (shown here too) says what to do instead.
        const text = toastError(error, 'Failed to delete the job', { duration: ms })
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
          <DialogTitle>Delete this job?</DialogTitle>
          <DialogDescription>
            “{job.title}”{count ? ` and its ${count} application${count === 1 ? '' : 's'}` : ''} will be
            removed for good. This cannot be undone.
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
            Cancel
          </Button>
          <Button variant="destructive" onClick={onDelete} disabled={remove.isPending}>
            {remove.isPending ? (
              <>
                <Spinner /> Deleting...
              </>
            ) : (
              'Delete job'
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
