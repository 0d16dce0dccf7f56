import { isRouteErrorResponse, useRouteError } from 'react-router'
import { TriangleAlert } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'

/** Shown when a route throws or its code fails to load (e.g. after a new deploy). */
export function RouteError() {
  const error = useRouteError()
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  const status = isRouteErrorResponse(error) ? error.status : undefined
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-3xl items-center px-4">
      <EmptyState
        icon={TriangleAlert}
        className="w-full"
        title={chunkFailed ? 'A new version of Microlance is available' : 'Something went wrong'}
        action={<Button onClick={() => window.location.reload()}>Reload</Button>}
      >
        {chunkFailed
          ? 'Reload the page to continue.'
          : status
            ? `The page could not be shown (error ${status}).`
            : 'The page could not be shown. Reloading usually helps.'}
      </EmptyState>
    </div>
  )
}
