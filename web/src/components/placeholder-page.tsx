import type { ReactNode } from 'react'
import { Construction, type LucideIcon } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { useT } from '@/i18n'
import { EmptyState } from './empty-state'
import { PageHeader } from './page-header'

/**
 * A registered route whose screen arrives with a later issue. It says so plainly and shows no invented data.
 */
export function PlaceholderPage({
  title,
  description,
  icon = Construction,
  emptyTitle,
  children,
  action,
}: {
  title: string
  description?: string
  icon?: LucideIcon
  emptyTitle?: string
  children?: ReactNode
  action?: ReactNode
}) {
  const t = useT()
  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            {title}
            <Badge variant="accent">{t('common.comingSoon')}</Badge>
          </span>
        }
        description={description}
      />
      <EmptyState icon={icon} title={emptyTitle ?? t('common.comingSoon')} action={action}>
        {children ?? t('common.upcomingRelease')}
      </EmptyState>
    </div>
  )
}
