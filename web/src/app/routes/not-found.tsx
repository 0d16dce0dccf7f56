import { Link } from 'react-router'
import { MapPinOff } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'

/** Any path no route matches. */
export function Component() {
  const t = useT()
  return (
    <div className="mx-auto w-full max-w-3xl py-10">
      <title>{t('notFound.docTitle')}</title>
      <h1 className="sr-only">{t('notFound.title')}</h1>
      <EmptyState
        icon={MapPinOff}
        title={t('notFound.title')}
        action={
          <Button asChild>
            <Link to={paths.home.href()}>{t('notFound.browse')}</Link>
          </Button>
        }
      >
        {t('notFound.body')}
      </EmptyState>
    </div>
  )
}
