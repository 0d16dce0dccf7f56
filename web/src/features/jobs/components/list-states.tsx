import type { ReactNode } from 'react'
import { AlertTriangle, MousePointerClick, RotateCw, SearchX } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useT } from '@/i18n'
import { errorText } from '@/lib/errors'

/** The job browser's error box (product.md §3), with the server's sentence or the fallback of §15. */
export function ErrorBox({
  error,
  onRetry,
  retrying,
  fallback,
}: {
  error: unknown
  onRetry: () => void
  retrying?: boolean
  fallback?: string
}) {
  const t = useT()
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-5"
    >
      <div className="flex items-start gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
        <div>
          <p className="font-semibold text-red-800">{t('jobs.error.title')}</p>
          <p className="mt-0.5 text-sm text-red-700">
            {errorText(error, fallback ?? t('jobs.error.connection'))}
          </p>
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying} className="bg-white">
        {retrying ? <Spinner /> : <RotateCw aria-hidden />} {t('jobs.retry')}
      </Button>
    </div>
  )
}

/** product.md §3 empty state: 'No opportunities found' with Reset Filters. */
export function NoOpportunities({ onReset, children }: { onReset: () => void; children?: ReactNode }) {
  const t = useT()
  return (
    <EmptyState
      icon={SearchX}
      title={t('jobs.empty.title')}
      action={
        <Button variant="outline" onClick={onReset}>
          {t('jobs.filters.reset')}
        </Button>
      }
    >
      {children ?? t('jobs.empty.filtered')}
    </EmptyState>
  )
}

/** product.md §3: the detail panel's placeholder when nothing is selected. */
export function SelectPlaceholder() {
  const t = useT()
  return (
    <EmptyState
      icon={MousePointerClick}
      title={t('jobs.select.title')}
      className="h-full min-h-80 border-none"
    >
      {t('jobs.select.text')}
    </EmptyState>
  )
}

/** 'Load more' for keyboard users (and a fallback where IntersectionObserver is missing). */
export function LoadMore({
  hasNextPage,
  loading,
  onLoad,
  sentinel,
  count,
}: {
  hasNextPage: boolean
  loading: boolean
  onLoad: () => void
  sentinel: React.Ref<HTMLDivElement>
  count: number
}) {
  const t = useT()
  return (
    <div className="flex flex-col items-center gap-2 py-2">
      <div ref={sentinel} aria-hidden className="h-px w-full" />
      {hasNextPage ? (
        <Button variant="outline" onClick={onLoad} disabled={loading} className="min-w-40">
          {loading ? (
            <>
              <Spinner /> {t('jobs.loading')}
            </>
          ) : (
            t('jobs.loadMore')
          )}
        </Button>
      ) : count > 0 ? (
        <p className="text-xs text-muted-foreground">{t('jobs.end', { count })}</p>
      ) : null}
    </div>
  )
}

/** Below a paged list: the next page's error with Retry, or else 'Load more' (and the end once reached). */
export function NextPage({
  list,
  sentinel,
  count,
}: {
  list: {
    error: unknown
    isFetchNextPageError: boolean
    hasNextPage: boolean
    isFetchingNextPage: boolean
    fetchNextPage: () => unknown
  }
  sentinel: React.Ref<HTMLDivElement>
  count: number
}) {
  if (list.isFetchNextPageError)
    return <ErrorBox error={list.error} onRetry={() => void list.fetchNextPage()} />
  return (
    <LoadMore
      sentinel={sentinel}
      hasNextPage={list.hasNextPage}
      loading={list.isFetchingNextPage}
      onLoad={() => void list.fetchNextPage()}
      count={count}
    />
  )
}
