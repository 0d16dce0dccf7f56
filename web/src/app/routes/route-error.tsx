import { isRouteErrorResponse, useRouteError } from 'react-router'
import { TriangleAlert } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { hasCatalogue, useT, type MessageKey } from '@/i18n'

/** What the error screen says when even the language's catalogue could not be fetched. */
const WITHOUT_CATALOGUE: Partial<Record<MessageKey, string>> = {
  'error.somethingWrong': 'Something went wrong',
  'error.generic': 'The page could not be shown. Reloading usually helps.',
  'error.newVersion': 'A new version of Microlance is available',
  'error.reloadToContinue': 'Reload the page to continue.',
  'common.reload': 'Reload',
}

/** Shown when a route throws or its code fails to load (e.g. after a new deploy). */
export function RouteError() {
  const error = useRouteError()
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  const status = isRouteErrorResponse(error) ? error.status : undefined
  const translate = useT()
  // Without a catalogue (or the formatter, which a failed deploy can leave behind) a message comes back as its key:
  // the screen then speaks English rather than show `error.withStatus`.
  const t = (key: MessageKey, values?: Record<string, number>) => {
    const text = hasCatalogue() ? translate(key, values) : key
    return text !== key ? text : (WITHOUT_CATALOGUE[key] ?? WITHOUT_CATALOGUE['error.generic']!)
  }
  return (
    <div className="mx-auto flex min-h-dvh w-full max-w-3xl items-center px-4">
      <EmptyState
        icon={TriangleAlert}
        className="w-full"
        title={chunkFailed ? t('error.newVersion') : t('error.somethingWrong')}
        action={<Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>}
      >
        {chunkFailed
          ? t('error.reloadToContinue')
          : status
            ? t('error.withStatus', { status })
            : t('error.generic')}
      </EmptyState>
    </div>
  )
}
