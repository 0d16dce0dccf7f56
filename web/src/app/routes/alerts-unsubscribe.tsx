import { useSearchParams } from 'react-router'
import { UnsubscribeResult } from '@/features/alerts'
import { useT } from '@/i18n'

/** /alerts/unsubscribe?token= — an alert mail's one-click unsubscribe; no sign-in needed (ADR 064). */
export function Component() {
  const [params] = useSearchParams()
  const t = useT()
  return (
    <div className="mx-auto w-full max-w-xl py-6">
      <title>{t('account.unsub.docTitle')}</title>
      <h1 className="sr-only">{t('account.unsub.heading')}</h1>
      <UnsubscribeResult token={params.get('token') ?? ''} />
    </div>
  )
}
