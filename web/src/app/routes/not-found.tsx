import { Link } from 'react-router'
import { MapPinOff } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'

/** Any path no route matches. */
export function Component() {
  return (
    <div className="mx-auto w-full max-w-3xl py-10">
      <title>Page not found · Microlance</title>
      <h1 className="sr-only">Page not found</h1>
      <EmptyState
        icon={MapPinOff}
        title="Page not found"
        action={
          <Button asChild>
            <Link to={paths.home.href()}>Browse jobs</Link>
          </Button>
        }
      >
        The page you were looking for doesn&apos;t exist or has moved.
      </EmptyState>
    </div>
  )
}
