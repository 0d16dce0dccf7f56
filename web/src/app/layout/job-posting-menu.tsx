import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { LayoutTemplate, ListChecks, SquarePlus } from 'lucide-react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'

/**
 * The mobile tab bar's "Admin" menu (product.md §3): the client's job-posting screens under /admin, in one place. Not
 * the operator role `admin`, despite the label the product gives it.
 */
export function JobPostingMenu({ trigger }: { trigger: ReactNode }) {
  const navigate = useNavigate()
  const t = useT()
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="end" className="w-56">
        <DropdownMenuLabel>{t('adminMenu.title')}</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => navigate(paths.adminJobsManage.href())}>
          <ListChecks aria-hidden /> {t('adminMenu.manageJobs')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(paths.adminJobsCreate.href())}>
          <SquarePlus aria-hidden /> {t('adminMenu.postJob')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(paths.adminJobTemplates.href())}>
          <LayoutTemplate aria-hidden /> {t('adminMenu.templates')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
