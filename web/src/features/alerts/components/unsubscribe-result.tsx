import { useQuery } from '@tanstack/react-query'
import { BellOff } from 'lucide-react'
import { Link } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { errorText } from '@/lib/errors'
import { queryKeys } from '@/lib/query-keys'
import { unsubscribe } from '../api/alerts'

/** The page an alert mail's unsubscribe link opens: it stops the alerts at once, with no sign-in. */
export function UnsubscribeResult({ token }: { token: string }) {
  const result = useQuery({
    queryKey: queryKeys.alerts.unsubscribe(token),
    queryFn: () => unsubscribe(token),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  })
  const action = (
    <Button asChild variant="outline">
      <Link to={paths.alertSettings.href()}>Manage job alerts</Link>
    </Button>
  )
  if (!token || result.isError)
    return (
      <EmptyState icon={BellOff} title="This link does not work" action={action}>
        <p role="alert">{errorText(result.error, 'This unsubscribe link is not valid or has expired')}</p>
      </EmptyState>
    )
  if (result.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Unsubscribing…
      </p>
    )
  return (
    <EmptyState icon={BellOff} title="Unsubscribed" action={action}>
      <p role="status">{result.data.message}.</p>
    </EmptyState>
  )
}
