import { useId, useState } from 'react'
import { ChevronDown } from 'lucide-react'
import { useT } from '@/i18n'
import { cn } from '@/lib/utils'

const PREVIEW_CHARS = 90

/** A cover letter that shows its first line and expands in place (a disclosure button, keyboard friendly). */
export function CoverLetter({ text, className }: { text: string; className?: string }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const id = useId()
  const body = text.trim()
  if (!body) return <span className="text-muted-foreground">—</span>
  const long = body.length > PREVIEW_CHARS || body.includes('\n')
  if (!long) return <p className={cn('text-sm break-words text-slate-700', className)}>{body}</p>
  return (
    <div className={cn('flex flex-col items-start gap-1', className)}>
      <p
        id={id}
        className={cn('text-sm break-words whitespace-pre-line text-slate-700', !open && 'line-clamp-2')}
      >
        {body}
      </p>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1 rounded text-xs font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        {open ? t('jobs.coverLetter.less') : t('jobs.coverLetter.read')}
        <ChevronDown className={cn('size-3.5 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
    </div>
  )
}
