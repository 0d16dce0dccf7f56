import { Skeleton } from '@/components/ui/skeleton'

/** The detail's shape while it loads (its own module: the job browser shows it while the detail's code arrives). */
export function JobDetailSkeleton() {
  return (
    <div className="flex flex-col gap-5" aria-hidden>
      <Skeleton className="h-5 w-28 rounded-full" />
      <Skeleton className="h-8 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-24 rounded-2xl bg-slate-100" />
      <div className="grid grid-cols-2 gap-3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-10 bg-slate-100" />
        ))}
      </div>
      <Skeleton className="h-32 bg-slate-100" />
    </div>
  )
}
