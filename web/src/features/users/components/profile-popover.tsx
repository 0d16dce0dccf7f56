import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import {
  ArrowLeftRight,
  BellRing,
  Camera,
  FileText,
  Flag,
  Gavel,
  Landmark,
  LogOut,
  Pencil,
  Scale,
  UserRound,
  Wallet,
} from 'lucide-react'
import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import { isOperator, type SelfRole } from '@common/roles'
import type { User } from '@common/schemas/user'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { UserAvatar } from '@/components/ui/avatar'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { t as translate, useT } from '@/i18n'
import { LanguageSwitcher } from '@/i18n/language-switcher'
import { photoFileError } from '@/lib/files'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import { useSwitchRole } from '../api/switch-role'
import { useUpdateNameAndPhoto } from '../api/update-photo'
import { checkedName, saveProfile } from '../lib/save-profile'
import { roleLabel } from './role-label'

const ms = TOAST.profileMs

/**
 * product.md §3: the profile popover — edit mode for name and photo, View Profile, My Posts, role switch and Logout.
 */
export function ProfilePopover({
  user,
  trigger,
  onLogout,
  loggingOut,
  side = 'bottom',
  align = 'end',
}: {
  user: User
  trigger: ReactNode
  onLogout: () => void
  loggingOut: boolean
  side?: 'top' | 'right' | 'bottom' | 'left'
  align?: 'start' | 'center' | 'end'
}) {
  const [open, setOpen] = useState(false)
  const [editing, setEditing] = useState(false)
  const t = useT()

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) setEditing(false)
      }}
    >
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent side={side} align={align} className="w-80 p-0" aria-label={t('profile.menuLabel')}>
        {editing ? (
          <EditNameAndPhoto user={user} onDone={() => setEditing(false)} />
        ) : (
          <ProfileSummary
            user={user}
            onEdit={() => setEditing(true)}
            onNavigate={() => setOpen(false)}
            onLogout={onLogout}
            loggingOut={loggingOut}
          />
        )}
      </PopoverContent>
    </Popover>
  )
}

function ProfileSummary({
  user,
  onEdit,
  onNavigate,
  onLogout,
  loggingOut,
}: {
  user: User
  onEdit: () => void
  onNavigate: () => void
  onLogout: () => void
  loggingOut: boolean
}) {
  const switchRole = useSwitchRole()
  const t = useT()
  const target: SelfRole | null =
    user.role === 'freelancer' ? 'client' : user.role === 'client' ? 'freelancer' : null

  async function onSwitch() {
    if (!target) return
    try {
      const answer = await switchRole.mutateAsync(target)
      if (!answer.success) {
        toast.error(answer.message || translate('profile.switchFailed'), { duration: ms })
        return
      }
      toast.success(
        answer.message || translate(target === 'client' ? 'profile.nowHiring' : 'profile.nowWorking'),
        {
          duration: ms,
        },
      )
    } catch (error) {
      toastError(error, translate('profile.switchFailed'), { duration: ms })
    }
  }

  const itemClass =
    'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60 [&_svg]:size-4 [&_svg]:text-muted-foreground'

  return (
    <div className="flex flex-col">
      <div className="flex items-start gap-3 p-4">
        <UserAvatar
          name={user.fullname}
          src={user.profile.profilePhoto ?? user.profile.avatar}
          className="size-12"
          fallbackClassName="text-lg"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{user.fullname}</p>
          <p className="truncate text-sm text-muted-foreground">@{user.username}</p>
          <Badge variant="accent" className="mt-1.5">
            {roleLabel(user.role)}
          </Badge>
        </div>
        <Button variant="ghost" size="icon-sm" onClick={onEdit} aria-label={t('profile.editNameAndPhoto')}>
          <Pencil aria-hidden />
        </Button>
      </div>
      <nav aria-label={t('profile.account')} className="flex flex-col gap-0.5 border-t p-2">
        <Link to={paths.profile.href(user.userId)} className={itemClass} onClick={onNavigate}>
          <UserRound aria-hidden /> {t('profile.viewProfile')}
        </Link>
        <Link to={paths.posts.href()} className={itemClass} onClick={onNavigate}>
          <FileText aria-hidden /> {t('profile.myPosts')}
        </Link>
        {/* What was released to the reader as a freelancer, and what they hold in escrow as a client. */}
        <Link to={paths.earnings.href()} className={itemClass} onClick={onNavigate}>
          <Wallet aria-hidden /> {t('profile.earnings')}
        </Link>
        <Link to={paths.payoutSettings.href()} className={itemClass} onClick={onNavigate}>
          <Landmark aria-hidden /> {t('profile.payoutDetails')}
        </Link>
        <Link to={paths.alertSettings.href()} className={itemClass} onClick={onNavigate}>
          <BellRing aria-hidden /> {t('profile.jobAlerts')}
        </Link>
        {isOperator(user) ? (
          // Operators' own page: the reconciliation and money out that needs a hand (ADR 053).
          <Link to={paths.adminMoney.href()} className={itemClass} onClick={onNavigate}>
            <Scale aria-hidden /> {t('profile.moneyChecks')}
          </Link>
        ) : null}
        {isOperator(user) ? (
          // Operators' queues of reports and job posts held for review (ADR 056).
          <Link to={paths.adminReports.href()} className={itemClass} onClick={onNavigate}>
            <Flag aria-hidden /> {t('profile.reports')}
          </Link>
        ) : null}
        {isOperator(user) ? (
          // Operators decide disputes between clients and freelancers (ADR 058).
          <Link to={paths.adminDisputes.href()} className={itemClass} onClick={onNavigate}>
            <Gavel aria-hidden /> {t('profile.disputes')}
          </Link>
        ) : null}
        {target ? (
          <button type="button" className={itemClass} onClick={onSwitch} disabled={switchRole.isPending}>
            {switchRole.isPending ? <Spinner /> : <ArrowLeftRight aria-hidden />}
            {t(target === 'client' ? 'profile.switchToHiring' : 'profile.switchToWorking')}
          </button>
        ) : null}
      </nav>
      <div className="flex items-center justify-between gap-2 border-t px-4 py-2.5">
        <span className="text-sm text-muted-foreground">{t('language.label')}</span>
        <LanguageSwitcher />
      </div>
      <div className="border-t p-2">
        <button
          type="button"
          className={cn(itemClass, 'text-red-600 hover:bg-red-50 [&_svg]:text-red-500')}
          onClick={onLogout}
          disabled={loggingOut}
        >
          {loggingOut ? <Spinner /> : <LogOut aria-hidden />} {t('profile.logout')}
        </button>
      </div>
    </div>
  )
}

function EditNameAndPhoto({ user, onDone }: { user: User; onDone: () => void }) {
  const [fullname, setFullname] = useState(user.fullname)
  const [photo, setPhoto] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const update = useUpdateNameAndPhoto()
  const t = useT()

  useEffect(() => {
    if (!preview) return
    return () => URL.revokeObjectURL(preview)
  }, [preview])

  function onPhoto(file: File | undefined, input: HTMLInputElement) {
    if (!file) return
    const problem = photoFileError(file)
    if (problem) {
      toast.error(problem, { duration: ms })
      input.value = ''
      return
    }
    setPhoto(file)
    setPreview(URL.createObjectURL(file))
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const name = checkedName(fullname)
    if (!name) return
    const answer = await saveProfile(() => update.mutateAsync({ fullname: name, profilePhoto: photo }))
    if (!answer) return
    toast.success(t('profile.updated'), { duration: ms })
    onDone()
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-4">
      <p className="text-sm font-semibold">{t('profile.edit')}</p>
      <div className="flex items-center gap-3">
        <UserAvatar
          name={fullname || user.fullname}
          src={preview ?? user.profile.profilePhoto ?? user.profile.avatar}
          className="size-14"
          fallbackClassName="text-xl"
        />
        <div className="flex flex-col gap-1">
          <Label
            htmlFor="popover-photo"
            className="inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-xs font-medium hover:bg-muted has-[+input:focus-visible]:ring-2 has-[+input:focus-visible]:ring-ring"
          >
            <Camera className="size-4 text-muted-foreground" aria-hidden /> {t('profile.photo')}
          </Label>
          <input
            id="popover-photo"
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(e) => onPhoto(e.target.files?.[0], e.target)}
          />
          <span className="max-w-44 truncate text-xs text-muted-foreground">
            {photo ? photo.name : t('profile.photoHint')}
          </span>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="popover-name">{t('profile.name')}</Label>
        <Input
          id="popover-name"
          value={fullname}
          onChange={(e) => setFullname(e.target.value)}
          autoComplete="name"
          autoFocus
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone} disabled={update.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={update.isPending}>
          {update.isPending ? (
            <>
              <Spinner /> {t('common.saving')}
            </>
          ) : (
            t('common.save')
          )}
        </Button>
      </div>
    </form>
  )
}
