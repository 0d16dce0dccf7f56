import { useNavigate } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { paths } from '@/config/paths'
import { SkillsPicker } from '@/features/users/components/skills-picker'
import { useT } from '@/i18n'
import { useAuth } from '@/lib/auth'

/** /skills — pick skills from the four categories (product.md §5 Skills). Guarded by RequireAuth in the router. */
export function Component() {
  const { user } = useAuth()
  const navigate = useNavigate()
  const t = useT()
  if (!user) return null
  return (
    <div className="mx-auto w-full max-w-3xl">
      <title>{t('account.skills.docTitle')}</title>
      <PageHeader title={t('account.skills.title')} description={t('account.skills.description')} />
      <SkillsPicker user={user} onSaved={() => navigate(paths.profile.href(user.userId))} />
    </div>
  )
}
