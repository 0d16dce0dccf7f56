import { useQuery } from '@tanstack/react-query'
import { BellOff } from 'lucide-react'
import { Link } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { errorText } from '@/lib/errors'
import { queryKeys } from '@/lib/query-keys'
import { unsubscribe } from '../api/alerts'

/** The label the server gives a client's applicant alerts (alerts.sweep.ts). */
const APPLICANTS_LABEL = 'new applicants'

/** The page an alert mail's unsubscribe link opens: it stops the alerts at once, with no sign-in. */
export function UnsubscribeResult({ token }: { token: string }) {
  const result = useQuery({
    queryKey: queryKeys.alerts.unsubscribe(token),
    queryFn: () => unsubscribe(token),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  })
  const t = useT()
  const action = (
    <Button asChild variant="outline">
      <Link to={paths.alertSettings.href()}>{t('account.unsub.manage')}</Link>
    </Button>
  )
  if (!token || result.isError)
    return (
      <EmptyState icon={BellOff} title={t('account.unsub.badLink')} action={action}>
        <p role="alert">{errorText(result.error, t('account.unsub.invalid'))}</p>
      </EmptyState>
    )
  if (result.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('account.unsub.working')}
      </p>
    )
  return (
    <EmptyState icon={BellOff} title={t('account.unsub.done')} action={action}>
      <p role="status">
        {t('account.unsub.noLonger', {
          // The server names what stopped: the searches as typed, or its words for applicant alerts.
          label:
            result.data.label === APPLICANTS_LABEL ? t('account.unsub.newApplicants') : result.data.label,
        })}
      </p>
    </EmptyState>
  )
}
