import { cn } from '@/lib/utils'

/** The Microlance wordmark with its square mark. */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-semibold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-[1.6em] shrink-0" aria-hidden>
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M8 23V10.5l8 7 8-7V23"
          fill="none"
          stroke="white"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={cn(compact && 'sr-only')}>Microlance</span>
    </span>
  )
}
