import { Suspense, lazy, type ComponentProps } from 'react'
import type { JobPaymentActions as Actions } from './job-payment-actions'

const LazyActions = lazy(() =>
  import('./job-payment-actions').then((m) => ({ default: m.JobPaymentActions })),
)

/**
 * The payment actions in a chunk of their own: a visitor (no viewer) never downloads them, and a signed-in user
 * gets the job first and its actions a moment later (docs/decisions/022-web-performance.md).
 */
export function JobPaymentActions(props: ComponentProps<typeof Actions>) {
  if (!props.viewer) return null
  return (
    <Suspense fallback={null}>
      <LazyActions {...props} />
    </Suspense>
  )
}
