import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { LayoutTemplate } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'

/** The outline button to the job templates page (product.md §3 "Job templates"), from the manage and create pages. */
export function TemplatesLink({ children = 'Templates' }: { children?: ReactNode }) {
  return (
    <Button asChild variant="outline">
      <Link to={paths.adminJobTemplates.href()}>
        <LayoutTemplate aria-hidden /> {children}
      </Link>
    </Button>
  )
}
