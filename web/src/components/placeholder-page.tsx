import type { ReactNode } from 'react'
import { Construction, type LucideIcon } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { EmptyState } from './empty-state'
import { PageHeader } from './page-header'

/**
 * A registered route whose screen arrives with a later issue. It says so plainly and shows no invented data.
 */
export function PlaceholderPage({
  title,
  description,
  icon = Construction,
  emptyTitle = 'Coming soon',
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
  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            {title}
            <Badge variant="accent">Coming soon</Badge>
          </span>
        }
        description={description}
      />
      <EmptyState icon={icon} title={emptyTitle} action={action}>
        {children ?? 'This screen is part of an upcoming release of Microlance.'}
      </EmptyState>
    </div>
  )
}
