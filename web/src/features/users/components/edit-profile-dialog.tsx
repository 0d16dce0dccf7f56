import { useState, type FormEvent, type ReactNode } from 'react'
import { Pencil } from 'lucide-react'
import { toast } from 'sonner'
import { TEXT, TOAST } from '@common/limits'
import type { User } from '@common/schemas/user'
import { describedBy, FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { DialogShell } from '@/components/dialog-shell'
import { DialogFooter } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { t as translate, useT } from '@/i18n'
import { pickFieldErrors, serverFieldErrors } from '@/lib/field-errors'
import { parseSkills, resumeFileError } from '@/lib/files'
import { usePendingEmail } from '../api/change-email'
import { useUpdateProfile } from '../api/update-profile'
import { checkedName, saveProfile } from '../lib/save-profile'
import { ConfirmEmailStep } from './confirm-email-step'

const ms = TOAST.profileMs

/** Owner-only Edit Profile dialog (product.md §5 Profile): name, email, phone, bio, skills and a PDF resume. */
export function EditProfileDialog({
  user,
  trigger,
  focus,
}: {
  user: User
  /** Another way in (the newcomer checklist's "Write a short bio"); the usual Edit Profile button otherwise. */
  trigger?: ReactNode
  /** The field to start in. */
  focus?: ProfileFocus
}) {
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const t = useT()
  const pending = usePendingEmail(user.userId)
  const pendingEmail = pending.data ?? null
  const step = confirming && pendingEmail ? 'confirm' : 'form'
  return (
    <DialogShell
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) setConfirming(false)
      }}
      trigger={
        trigger ?? (
          <Button>
            <Pencil aria-hidden /> {t('account.edit.button')}
          </Button>
        )
      }
      className="max-w-xl"
      title={step === 'confirm' ? t('account.edit.confirmTitle') : t('account.edit.button')}
      description={step === 'confirm' ? t('account.edit.confirmDescription') : t('account.edit.description')}
    >
      {/* Mounted only while open, so every opening starts from the saved profile. */}
      {!open ? null : step === 'confirm' ? (
        <ConfirmEmailStep
          user={user}
          pendingEmail={pendingEmail!}
          onDone={() => {
            setConfirming(false)
            setOpen(false)
          }}
          onBack={() => setConfirming(false)}
        />
      ) : (
        <EditProfileForm
          user={user}
          pendingEmail={pendingEmail}
          focus={focus}
          onDone={() => setOpen(false)}
          onConfirmEmail={() => setConfirming(true)}
        />
      )}
    </DialogShell>
  )
}

export type ProfileFocus = 'bio' | 'resume'

/** The form's fields, as the server names them in a 400's `errors` map. */
const FIELDS = ['fullname', 'email', 'phoneNumber', 'bio', 'skills', 'file'] as const
type Errors = Partial<Record<(typeof FIELDS)[number], string>>

function EditProfileForm({
  user,
  pendingEmail,
  focus,
  onDone,
  onConfirmEmail,
}: {
  user: User
  pendingEmail: string | null
  focus?: ProfileFocus
  onDone: () => void
  /** Shows the code step of a waiting email change. */
  onConfirmEmail: () => void
}) {
  const [fullname, setFullname] = useState(user.fullname)
  const [email, setEmail] = useState(user.email ?? '')
  const [phoneNumber, setPhoneNumber] = useState(user.phoneNumber ?? '')
  const [bio, setBio] = useState(user.profile.bio ?? '')
  const [skills, setSkills] = useState(user.profile.skills.join(', '))
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const update = useUpdateProfile()
  const t = useT()
  /** A change clears that field's message; the others stay until the next save. */
  const edit =
    <T,>(set: (v: T) => void, field: keyof Errors) =>
    (v: T) => {
      set(v)
      if (errors[field]) setErrors({ ...errors, [field]: undefined })
    }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const name = checkedName(fullname)
    // The email is how the account signs in: it can change, not go away.
    if (!email.trim() && name) toast.error(translate('account.edit.emailRequired'), { duration: ms })
    const problems: Errors = {
      fullname: name ? undefined : t('profile.nameEmpty'),
      email: email.trim() ? undefined : t('account.edit.emailRequired'),
    }
    setErrors(problems)
    if (!name || !email.trim()) return
    const answer = await saveProfile(
      () =>
        update.mutateAsync({
          fullname: name,
          email: email.trim(),
          phoneNumber: phoneNumber.trim(),
          bio: bio.trim(),
          skills: parseSkills(skills).join(','),
          file,
        }),
      // The server's word on each field goes beside it; what was typed stays.
      (error) => setErrors(pickFieldErrors(serverFieldErrors(error), FIELDS)),
    )
    if (!answer) return
    const asked = email.trim().toLowerCase()
    if (asked !== (user.email ?? '').toLowerCase()) {
      // A new email waits for the code mailed to it (ADR 042); the rest is saved.
      if (answer.pendingEmail === asked) {
        toast.success(translate('profile.updated'), { duration: ms })
        onConfirmEmail()
      } else toast.warning(answer.message || translate('account.edit.emailUnchanged'), { duration: ms })
      return
    }
    toast.success(translate('profile.updated'), { duration: ms })
    onDone()
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="profile-fullname" label={t('account.edit.fullName')} error={errors.fullname}>
          <Input
            id="profile-fullname"
            value={fullname}
            onChange={(e) => edit(setFullname, 'fullname')(e.target.value)}
            autoComplete="name"
            maxLength={TEXT.fullnameMax}
            {...describedBy('profile-fullname', { error: errors.fullname })}
          />
        </FormField>
        <FormField id="profile-phone" label={t('account.edit.phone')} error={errors.phoneNumber}>
          <Input
            id="profile-phone"
            type="tel"
            value={phoneNumber}
            onChange={(e) => edit(setPhoneNumber, 'phoneNumber')(e.target.value)}
            {...describedBy('profile-phone', { error: errors.phoneNumber })}
            autoComplete="tel"
            inputMode="tel"
            maxLength={TEXT.phoneMax}
            placeholder="+91 98765 43210"
          />
        </FormField>
      </div>
      <FormField
        id="profile-email"
        label={t('account.card.email')}
        hint={t('account.edit.emailHint')}
        error={errors.email}
      >
        <Input
          id="profile-email"
          type="email"
          value={email}
          onChange={(e) => edit(setEmail, 'email')(e.target.value)}
          autoComplete="email"
          {...describedBy('profile-email', { hint: true, error: errors.email })}
        />
        {pendingEmail ? (
          <p className="flex flex-wrap items-center gap-x-2 text-sm">
            <span>
              {t('account.edit.waitingFor')} <strong className="break-all">{pendingEmail}</strong>
              {t('account.edit.waitingEnd')}
            </span>
            <Button type="button" variant="link" className="h-auto p-0" onClick={onConfirmEmail}>
              {t('account.edit.enterCode')}
            </Button>
          </p>
        ) : null}
      </FormField>
      <FormField id="profile-bio" label={t('account.edit.bio')} error={errors.bio}>
        <Textarea
          id="profile-bio"
          value={bio}
          onChange={(e) => edit(setBio, 'bio')(e.target.value)}
          rows={4}
          maxLength={TEXT.bioMax}
          placeholder={t('account.edit.bioPlaceholder')}
          autoFocus={focus === 'bio'}
          {...describedBy('profile-bio', { error: errors.bio })}
        />
      </FormField>
      <FormField
        id="profile-skills"
        label={t('account.card.skills')}
        hint={t('account.edit.skillsHint')}
        error={errors.skills}
      >
        <Input
          id="profile-skills"
          value={skills}
          onChange={(e) => edit(setSkills, 'skills')(e.target.value)}
          {...describedBy('profile-skills', { hint: true, error: errors.skills })}
        />
      </FormField>
      <FormField
        id="profile-resume"
        label={t('account.edit.resume')}
        hint={
          user.profile.resumeOriginalName
            ? t('account.edit.currentResume', { name: user.profile.resumeOriginalName })
            : t('account.edit.resumeHint')
        }
        error={errors.file}
      >
        <Input
          id="profile-resume"
          type="file"
          accept="application/pdf"
          autoFocus={focus === 'resume'}
          {...describedBy('profile-resume', { hint: true, error: errors.file })}
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null
            const problem = picked ? resumeFileError(picked) : null
            if (problem) {
              toast.error(problem, { duration: ms })
              setErrors({ ...errors, file: problem })
              e.target.value = ''
              setFile(null)
              return
            }
            setErrors({ ...errors, file: undefined })
            setFile(picked)
          }}
        />
      </FormField>
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? (
            <>
              <Spinner /> {t('common.saving')}
            </>
          ) : (
            t('account.edit.save')
          )}
        </Button>
      </DialogFooter>
    </form>
  )
}
