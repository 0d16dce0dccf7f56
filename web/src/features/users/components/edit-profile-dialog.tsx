import { useState, type FormEvent } from 'react'
import { Pencil } from 'lucide-react'
import { toast } from 'sonner'
import { TEXT, TOAST } from '@common/limits'
import type { User } from '@common/schemas/user'
import { Button } from '@/components/ui/button'
import { DialogShell } from '@/components/dialog-shell'
import { DialogFooter } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { parseSkills, resumeFileError } from '@/lib/files'
import { usePendingEmail } from '../api/change-email'
import { useUpdateProfile } from '../api/update-profile'
import { checkedName, saveProfile } from '../lib/save-profile'
import { ConfirmEmailStep } from './confirm-email-step'

const ms = TOAST.profileMs

/** Owner-only Edit Profile dialog (product.md §5 Profile): name, email, phone, bio, skills and a PDF resume. */
export function EditProfileDialog({ user }: { user: User }) {
  const [open, setOpen] = useState(false)
  const [confirming, setConfirming] = useState(false)
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
        <Button>
          <Pencil aria-hidden /> Edit Profile
        </Button>
      }
      className="max-w-xl"
      title={step === 'confirm' ? 'Confirm your new email' : 'Edit Profile'}
      description={
        step === 'confirm'
          ? 'Your sign-in email changes once the new address proves it is yours.'
          : 'Keep your details current so clients know what you do best.'
      }
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
          onDone={() => setOpen(false)}
          onConfirmEmail={() => setConfirming(true)}
        />
      )}
    </DialogShell>
  )
}

const EMAIL_REQUIRED = 'Email cannot be empty: it is how you sign in'

function EditProfileForm({
  user,
  pendingEmail,
  onDone,
  onConfirmEmail,
}: {
  user: User
  pendingEmail: string | null
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
  const update = useUpdateProfile()

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const name = checkedName(fullname)
    if (!name) return
    // The email is how the account signs in: it can change, not go away.
    if (!email.trim()) {
      toast.error(EMAIL_REQUIRED, { duration: ms })
      return
    }
    const answer = await saveProfile(() =>
      update.mutateAsync({
        fullname: name,
        email: email.trim(),
        phoneNumber: phoneNumber.trim(),
        bio: bio.trim(),
        skills: parseSkills(skills).join(','),
        file,
      }),
    )
    if (!answer) return
    const asked = email.trim().toLowerCase()
    if (asked !== (user.email ?? '').toLowerCase()) {
      // A new email waits for the code mailed to it (ADR 042); the rest is saved.
      if (answer.pendingEmail === asked) {
        toast.success('Profile updated!', { duration: ms })
        onConfirmEmail()
      } else toast.warning(answer.message || 'Profile updated! Your email did not change.', { duration: ms })
      return
    }
    toast.success('Profile updated!', { duration: ms })
    onDone()
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="profile-fullname" label="Full name">
          <Input
            id="profile-fullname"
            value={fullname}
            onChange={(e) => setFullname(e.target.value)}
            autoComplete="name"
            maxLength={TEXT.fullnameMax}
          />
        </Field>
        <Field id="profile-phone" label="Phone number">
          <Input
            id="profile-phone"
            type="tel"
            value={phoneNumber}
            onChange={(e) => setPhoneNumber(e.target.value)}
            autoComplete="tel"
            inputMode="tel"
            maxLength={TEXT.phoneMax}
            placeholder="+91 98765 43210"
          />
        </Field>
      </div>
      <Field
        id="profile-email"
        label="Email"
        hint="You sign in with it. A new address changes only once you enter the code we mail to it."
      >
        <Input
          id="profile-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
        />
        {pendingEmail ? (
          <p className="flex flex-wrap items-center gap-x-2 text-sm">
            <span>
              Waiting for the code sent to <strong className="break-all">{pendingEmail}</strong>.
            </span>
            <Button type="button" variant="link" className="h-auto p-0" onClick={onConfirmEmail}>
              Enter code
            </Button>
          </p>
        ) : null}
      </Field>
      <Field id="profile-bio" label="Bio">
        <Textarea
          id="profile-bio"
          value={bio}
          onChange={(e) => setBio(e.target.value)}
          rows={4}
          maxLength={TEXT.bioMax}
          placeholder="A line or two about your work"
        />
      </Field>
      <Field id="profile-skills" label="Skills" hint="Comma separated, e.g. React, Figma, SEO">
        <Input id="profile-skills" value={skills} onChange={(e) => setSkills(e.target.value)} />
      </Field>
      <Field
        id="profile-resume"
        label="Resume (PDF)"
        hint={
          user.profile.resumeOriginalName ? `Current: ${user.profile.resumeOriginalName}` : 'PDF, up to 5 MB'
        }
      >
        <Input
          id="profile-resume"
          type="file"
          accept="application/pdf"
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null
            const problem = picked ? resumeFileError(picked) : null
            if (problem) {
              toast.error(problem, { duration: ms })
              e.target.value = ''
              setFile(null)
              return
            }
            setFile(picked)
          }}
        />
      </Field>
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? (
            <>
              <Spinner /> Saving...
            </>
          ) : (
            'Save changes'
          )}
        </Button>
      </DialogFooter>
    </form>
  )
}

function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string
  label: string
  hint?: string
  children: React.ReactNode
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  )
}
