import { AlertTriangle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useT } from '@/i18n'
import { errorText } from '@/lib/errors'

/** A section that could not load: what went wrong (the server's sentence, else `fallback`) and a Retry button. */
export function LoadError({
  error,
  fallback,
  onRetry,
}: {
  error: unknown
  fallback: string
  onRetry: () => void
}) {
  const t = useT()
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-700"
    >
      <p className="flex items-center gap-2">
        <AlertTriangle className="size-4" aria-hidden /> {errorText(error, fallback)}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  )
}
