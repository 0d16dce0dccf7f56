import type { ReactNode } from 'react'
import { FileText, Mail, Phone } from 'lucide-react'
import type { User } from '@common/schemas/user'
import { Badge } from '@/components/ui/badge'
import { UserAvatar } from '@/components/ui/avatar'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useT } from '@/i18n'
import { roleLabel } from './role-label'

/** product.md §5 Profile: avatar, name, @username, bio, email, phone, skills and the resume link. */
export function ProfileCard({ user, actions }: { user: User; actions?: ReactNode }) {
  const { profile } = user
  const t = useT()
  return (
    <div className="flex flex-col gap-6">
      <Card className="overflow-hidden">
        <div
          className="h-24 bg-gradient-to-r from-indigo-600 via-indigo-500 to-violet-500 sm:h-28"
          aria-hidden
        />
        <div className="flex flex-col gap-4 px-5 pb-6 sm:flex-row sm:items-end sm:justify-between sm:px-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:gap-5">
            <UserAvatar
              name={user.fullname}
              src={profile.profilePhoto ?? profile.avatar}
              className="-mt-12 size-24 border-4 border-card shadow-sm"
              fallbackClassName="text-3xl"
            />
            <div className="min-w-0">
              <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">
                {user.fullname}
              </h1>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <span>@{user.username}</span>
                <Badge variant="accent">{roleLabel(user.role)}</Badge>
              </div>
            </div>
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
        {profile.bio ? (
          <p className="border-t px-5 py-5 text-sm leading-relaxed whitespace-pre-line text-slate-700 sm:px-6">
            {profile.bio}
          </p>
        ) : null}
      </Card>

      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <Card>
          <CardHeader>
            <CardTitle>{t('account.card.contact')}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 text-sm">
            <ContactRow icon={<Mail aria-hidden />} label={t('account.card.email')} value={user.email} />
            <ContactRow
              icon={<Phone aria-hidden />}
              label={t('account.card.phone')}
              value={user.phoneNumber}
            />
            <div className="flex items-center gap-3">
              <span className="flex size-8 items-center justify-center rounded-lg bg-muted text-muted-foreground [&_svg]:size-4">
                <FileText aria-hidden />
              </span>
              <div className="min-w-0">
                <p className="text-xs text-muted-foreground">{t('account.card.resume')}</p>
                {profile.resume ? (
                  <a
                    href={profile.resume}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block truncate font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {profile.resumeOriginalName || t('account.card.viewResume')}
                  </a>
                ) : (
                  <p className="text-slate-500">{t('account.card.noResume')}</p>
                )}
              </div>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('account.card.skills')}</CardTitle>
          </CardHeader>
          <CardContent>
            {profile.skills.length ? (
              <ul className="flex flex-wrap gap-2" aria-label={t('account.card.skills')}>
                {profile.skills.map((skill) => (
                  <li key={skill}>
                    <Badge variant="outline" className="bg-background px-3 py-1 text-sm">
                      {skill}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">{t('account.card.noSkills')}</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  )
}

function ContactRow({
  icon,
  label,
  value,
}: {
  icon: ReactNode
  label: string
  value: string | null | undefined
}) {
  const t = useT()
  return (
    <div className="flex items-center gap-3">
      <span className="flex size-8 items-center justify-center rounded-lg bg-muted text-muted-foreground [&_svg]:size-4">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className="truncate font-medium text-slate-800">
          {value ? (
            value
          ) : (
            <span className="font-normal text-slate-400">
              {value === undefined ? t('account.card.private') : '—'}
            </span>
          )}
        </p>
      </div>
    </div>
  )
}
