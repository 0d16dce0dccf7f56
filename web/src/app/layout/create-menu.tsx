import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { Briefcase, Sparkles, SquarePen } from 'lucide-react'
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
 * product.md §3 "Create menu": Post (opens the create-post dialog), Outsource (/admin/jobs/create) and Experience
 * (/experiences/create). Radix closes it on an outside click or after a choice.
 */
export function CreateMenu({
  trigger,
  onPost,
  side = 'right',
  align = 'start',
}: {
  trigger: ReactNode
  onPost: () => void
  side?: 'top' | 'right' | 'bottom' | 'left'
  align?: 'start' | 'center' | 'end'
}) {
  const navigate = useNavigate()
  const t = useT()
  return (
    // Non-modal so the Post dialog can take focus as soon as the menu closes.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent side={side} align={align} className="w-64">
        <DropdownMenuLabel>{t('createMenu.title')}</DropdownMenuLabel>
        <DropdownMenuItem onSelect={onPost}>
          <SquarePen aria-hidden />
          <MenuText title={t('createMenu.post')} hint={t('createMenu.postHint')} />
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(paths.adminJobsCreate.href())}>
          <Briefcase aria-hidden />
          <MenuText title={t('createMenu.outsource')} hint={t('createMenu.outsourceHint')} />
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(paths.experiencesCreate.href())}>
          <Sparkles aria-hidden />
          <MenuText title={t('createMenu.experience')} hint={t('createMenu.experienceHint')} />
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

function MenuText({ title, hint }: { title: string; hint: string }) {
  return (
    <span className="flex flex-col">
      <span className="font-medium text-foreground">{title}</span>
      <span className="text-xs text-muted-foreground" aria-hidden>
        {hint}
      </span>
    </span>
  )
}
