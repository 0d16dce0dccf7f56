import { useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { CheckCircle2, Circle, X } from 'lucide-react'
import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import type { User } from '@common/schemas/user'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { photoFileError } from '@/lib/files'
import { useT } from '@/i18n'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import { useUpdateNameAndPhoto } from '../api/update-photo'
import {
  checklistItems,
  checklistProgress,
  dismissedKey,
  isChecklistDismissed,
  type ChecklistFacts,
  type ChecklistItemId,
} from '../lib/newcomer-checklist'
import { EditProfileDialog } from './edit-profile-dialog'

const ms = TOAST.profileMs

/**
 * The owner's "Get set up" card on their profile after signup: what is left to do, with progress, each item one click
 * from being done. It goes away once everything is done, or when dismissed (remembered on this browser).
 * `facts` is what the profile answer does not carry (null while it loads); `actions` gives an item's control from
 * another feature (a client's company dialog).
 */
export function NewcomerChecklist({
  user,
  facts,
  actions = {},
}: {
  user: User
  facts: ChecklistFacts | null
  actions?: Partial<Record<ChecklistItemId, ReactNode>>
}) {
  const [dismissed, setDismissed] = useState(() => isChecklistDismissed(user.userId))
  const t = useT()
  if (dismissed || !facts) return null
  const items = checklistItems(user, facts)
  const progress = checklistProgress(items)
  if (progress.complete) return null
  const progressText = t('account.setup.progress', { done: progress.done, total: progress.total })

  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(user.userId), '1')
    } catch {
      // Private mode: hidden for this visit only.
    }
    setDismissed(true)
  }

  const control = (id: ChecklistItemId): ReactNode => {
    if (actions[id]) return actions[id]
    switch (id) {
      case 'photo':
        return <PhotoButton user={user} />
      case 'bio':
        return (
          <EditProfileDialog
            user={user}
            focus="bio"
            trigger={
              <Button size="sm" variant="outline">
                {t('account.setup.addBio')}
              </Button>
            }
          />
        )
      case 'resume':
        return (
          <EditProfileDialog
            user={user}
            focus="resume"
            trigger={
              <Button size="sm" variant="outline">
                {t('account.setup.upload')}
              </Button>
            }
          />
        )
      case 'skills':
        return <ItemLink to={paths.skills.href()}>{t('account.setup.pickSkills')}</ItemLink>
      case 'payout':
        return <ItemLink to={paths.payoutSettings.href()}>{t('account.setup.addDetails')}</ItemLink>
      case 'firstJob':
        return <ItemLink to={paths.adminJobsCreate.href()}>{t('account.setup.postJob')}</ItemLink>
      default:
        return null
    }
  }

  return (
    <section
      aria-labelledby="setup-checklist-title"
      className="flex flex-col gap-4 rounded-2xl border border-indigo-100 bg-card p-5 shadow-xs"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="setup-checklist-title" className="text-base font-semibold text-slate-900">
            {t('account.setup.title')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {user.role === 'freelancer' ? t('account.setup.freelancerHint') : t('account.setup.clientHint')}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="-mt-1 -mr-2 shrink-0"
          onClick={dismiss}
          aria-label={t('account.setup.hide')}
        >
          <X aria-hidden />
        </Button>
      </div>
      <div className="flex items-center gap-3">
        <div
          role="progressbar"
          aria-label={t('account.setup.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.done}
          aria-valuetext={progressText}
          className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none"
            style={{ width: `${progress.percent}%` }}
          />
        </div>
        <p className="shrink-0 text-sm font-medium text-slate-700 tabular-nums" aria-hidden>
          {progressText}
        </p>
      </div>
      <ul className="flex flex-col divide-y rounded-xl border" aria-label={t('account.setup.steps')}>
        {items.map((item) => (
          <li key={item.id} className="flex min-h-12 items-center gap-3 px-3.5 py-2">
            {item.done ? (
              <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-hidden />
            ) : (
              <Circle className="size-5 shrink-0 text-slate-300" aria-hidden />
            )}
            <span
              className={cn(
                'min-w-0 flex-1 text-sm',
                item.done ? 'text-muted-foreground line-through' : 'font-medium text-slate-900',
              )}
            >
              {t(item.label)}
              <span className="sr-only">
                {' '}
                {item.done ? t('account.setup.done') : t('account.setup.todo')}
              </span>
            </span>
            {item.done ? null : <span className="shrink-0">{control(item.id)}</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}

function ItemLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button asChild size="sm" variant="outline">
      <Link to={to}>{children}</Link>
    </Button>
  )
}

/** Picks an image and saves it as the profile photo straight away (PUT /user/profile, as the popover does). */
function PhotoButton({ user }: { user: User }) {
  const input = useRef<HTMLInputElement>(null)
  const save = useUpdateNameAndPhoto()
  const t = useT()

  async function onPick(file: File) {
    const problem = photoFileError(file)
    if (problem) {
      toast.error(problem, { duration: ms })
      return
    }
    try {
      const answer = await save.mutateAsync({ fullname: user.fullname, profilePhoto: file })
      if (!answer.success) toast.error(answer.message || t('profile.updateFailed'), { duration: ms })
      else toast.success(t('profile.updated'), { duration: ms })
    } catch (error) {
      toastError(error, t('profile.updateRequestFailed'), { duration: ms })
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('profile.photo')}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void onPick(file)
        }}
      />
      <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={save.isPending}>
        {save.isPending ? <Spinner /> : null} {t('account.setup.addPhoto')}
      </Button>
    </>
  )
}
