import type { ReactNode } from 'react'
import { Paperclip } from 'lucide-react'
import type { DisputeDtoType } from '@common/schemas/dispute'
import { formatRupees } from '@common/money'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'
import { formatWhen } from '../lib/format'

/** The dispute's state as a coloured word. */
export function DisputeStatus({ status }: { status: DisputeDtoType['status'] }) {
  const look = {
    open: 'border-amber-200 bg-amber-50 text-amber-800',
    resolved: 'border-emerald-200 bg-emerald-50 text-emerald-800',
    settled: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  }[status]
  const word = { open: 'Open', resolved: 'Resolved', settled: 'Settled' }[status]
  return (
    <Badge variant="outline" className={cn(look)}>
      {word}
    </Badge>
  )
}

/** Links to the files a side attached. */
export function Attachments({ urls }: { urls: string[] }) {
  if (!urls.length) return null
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label="Attached files">
      {urls.map((u, i) => (
        <li key={u}>
          <a
            href={u}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 rounded-md border px-2 py-1 text-xs text-primary hover:bg-muted"
          >
            <Paperclip className="size-3" aria-hidden /> File {i + 1}
          </a>
        </li>
      ))}
    </ul>
  )
}

/** One side's statement: who, when, the words and files. */
export function Statement({
  title,
  when,
  children,
  files,
}: {
  title: string
  when: string | null
  children: ReactNode
  files: string[]
}) {
  return (
    <div className="rounded-lg border bg-muted/30 p-3">
      <p className="text-xs font-medium text-muted-foreground">
        {title}
        {when ? ` · ${formatWhen(when)}` : ''}
      </p>
      <div className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900">{children}</div>
      <Attachments urls={files} />
    </div>
  )
}

/** What the dispute ended with: the amounts each way and the reason. */
export function Outcome({ d }: { d: DisputeDtoType }) {
  if (!d.outcome) return null
  return (
    <div
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
    >
      <p className="font-medium">
        {d.outcome.decidedBy === 'operator' ? 'An operator decided this dispute' : 'Settled between you'}
        {d.closedAt ? ` on ${formatWhen(d.closedAt)}` : ''}
      </p>
      <dl className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-2">
        <div>
          <dt className="text-xs text-emerald-800">Released to the freelancer</dt>
          <dd className="font-semibold" data-testid="outcome-release">
            {formatRupees(d.outcome.releaseAmount)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-emerald-800">Refunded to the client</dt>
          <dd className="font-semibold" data-testid="outcome-refund">
            {formatRupees(d.outcome.refundAmount)}
          </dd>
        </div>
      </dl>
      <p className="mt-2">
        <span className="font-medium">Reason:</span> {d.outcome.note}
      </p>
    </div>
  )
}
