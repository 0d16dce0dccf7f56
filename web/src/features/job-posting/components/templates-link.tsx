import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { LayoutTemplate } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'

/** The outline button to the job templates page (product.md §3 "Job templates"), from the manage and create pages. */
export function TemplatesLink({ children }: { children?: ReactNode }) {
  const tr = useT()
  return (
    <Button asChild variant="outline">
      <Link to={paths.adminJobTemplates.href()}>
        <LayoutTemplate aria-hidden /> {children ?? tr('posting.templates.link')}
      </Link>
    </Button>
  )
}
