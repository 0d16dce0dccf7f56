import { Link } from 'react-router'
import { Archive, Banknote, ChevronDown, HandCoins, PencilLine, Trash2, Users } from 'lucide-react'
import { DropdownMenu as MenuPrimitive, Tooltip } from 'radix-ui'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { paths } from '@/config/paths'
import type { Job } from '../api/get-jobs'

export const ESCROW_PENDING = 'Available when escrow payments launch'

/** The creator's actions that arrive with the escrow issue (spec §6): shown, explained, never faked. */
const PENDING_ACTIONS = [
  { label: 'Initiate Payment', icon: Banknote },
  { label: 'Release Payment', icon: HandCoins },
  { label: 'Archive Job', icon: Archive },
  { label: 'Delete Job', icon: Trash2 },
] as const

/** A menu item that cannot be chosen yet, with a tooltip saying when it can (focus or hover shows it). */
function PendingItem({ label, icon: Icon }: (typeof PENDING_ACTIONS)[number]) {
  return (
    <Tooltip.Root delayDuration={150}>
      <Tooltip.Trigger asChild>
        <DropdownMenuItem
          aria-disabled="true"
          onSelect={(e) => e.preventDefault()}
          className="cursor-not-allowed text-slate-400 data-[highlighted]:bg-slate-50 [&_svg]:text-slate-300"
        >
          <Icon aria-hidden />
          {label}
        </DropdownMenuItem>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="left"
          sideOffset={10}
          collisionPadding={8}
          className="z-[60] max-w-56 rounded-lg bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-lg data-[state=delayed-open]:animate-fade-in"
        >
          {ESCROW_PENDING}
          <Tooltip.Arrow className="fill-slate-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  )
}

/**
 * Spec §6: the job's creator sees no Apply but a menu with Initiate Payment, Release Payment, Archive Job and
 * Delete Job. Those belong to the escrow issue, so they are disabled with a tooltip; the applicants and edit
 * screens are real links.
 */
export function CreatorMenu({ job }: { job: Job }) {
  return (
    <Tooltip.Provider>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" className="w-full sm:w-auto sm:self-start">
            Manage job <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-60">
          <DropdownMenuLabel>Your job</DropdownMenuLabel>
          <DropdownMenuItem asChild>
            <Link to={paths.adminApplicants.href(job._id)}>
              <Users aria-hidden /> View applicants ({job.applicationCount})
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={paths.adminJobEdit.href(job._id)}>
              <PencilLine aria-hidden /> Edit job
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <MenuPrimitive.Group aria-label="Payments and status">
            {PENDING_ACTIONS.map((a) => (
              <PendingItem key={a.label} {...a} />
            ))}
          </MenuPrimitive.Group>
          <p className="px-2.5 pt-1 pb-1.5 text-xs text-muted-foreground">{ESCROW_PENDING}.</p>
        </DropdownMenuContent>
      </DropdownMenu>
    </Tooltip.Provider>
  )
}
