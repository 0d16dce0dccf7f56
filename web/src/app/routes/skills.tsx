import { useNavigate } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { paths } from '@/config/paths'
import { SkillsPicker } from '@/features/users/components/skills-picker'
import { useAuth } from '@/lib/auth'

/** /skills — pick skills from the four categories (product.md §5 Skills). Guarded by RequireAuth in the router. */
export function Component() {
  const { user } = useAuth()
  const navigate = useNavigate()
  if (!user) return null
  return (
    <div className="mx-auto w-full max-w-3xl">
      <title>Skills · Microlance</title>
      <PageHeader title="Your skills" description="Pick the skills clients should find you for." />
      <SkillsPicker user={user} onSaved={() => navigate(paths.profile.href(user.userId))} />
    </div>
  )
}
