import { useSearchParams } from 'react-router'
import { UnsubscribeResult } from '@/features/alerts'

/** /alerts/unsubscribe?token= — an alert mail's one-click unsubscribe; no sign-in needed (ADR 064). */
export function Component() {
  const [params] = useSearchParams()
  return (
    <div className="mx-auto w-full max-w-xl py-6">
      <title>Unsubscribe · Microlance</title>
      <h1 className="sr-only">Unsubscribe from job alerts</h1>
      <UnsubscribeResult token={params.get('token') ?? ''} />
    </div>
  )
}
