import { Suspense, lazy, type ComponentProps } from 'react'
import type { HiresPanel as Panel } from './hires-panel'

const LazyPanel = lazy(() => import('./hires-panel').then((m) => ({ default: m.HiresPanel })))

/** A job's hires with their escrow, in the payment actions' own chunk (ADR 022). */
export function HiresPanel(props: ComponentProps<typeof Panel>) {
  if (!props.viewer) return null
  return (
    <Suspense fallback={null}>
      <LazyPanel {...props} />
    </Suspense>
  )
}
