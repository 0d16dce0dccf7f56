import { useEffect, type ReactNode } from 'react'
import { matchPath, Navigate, useLocation } from 'react-router'
import type { Role } from '@common/roles'
import { paths } from '@/config/paths'
import { t, type MessageKey } from '@/i18n'
import { useAuth } from './auth'

/** Router state carried to /login so the user comes back where they were (product.md §2 admin routes). */
export interface ReturnState {
  from?: string
}

/** What a freelancer hears when an admin page sends them home (one toast, however often the guard renders). */
export const ADMIN_ONLY: MessageKey = 'guard.adminOnly'

/** What a client or freelancer hears when an operators' page sends them home. */
export const OPERATOR_ONLY: MessageKey = 'guard.operatorOnly'

/**
 * Guards a subtree: a visitor who is not signed in goes to /login with the return location kept; a signed-in user
 * whose role is not in `roles` goes to / and is told why. The one exception is a job's applicants page, where a
 * rejected applicant's notification leads (product.md §11): they go to that job's page instead, which they can read.
 */
export function RequireAuth({
  children,
  roles,
  denied: deniedKey = ADMIN_ONLY,
}: {
  children: ReactNode
  roles?: readonly Role[]
  /** The toast for a signed-in user whose role is not in `roles`, from the core catalogue. */
  denied?: MessageKey
}) {
  const { user } = useAuth()
  const location = useLocation()
  const applicantsOf = matchPath(paths.adminApplicants.pattern, location.pathname)?.params.id
  const denied = !!user && !!roles && !roles.includes(user.role)
  useEffect(() => {
    // sonner loads on demand: the guard is part of the first download (web/tooling/bundle-budget.test.ts).
    if (denied && !applicantsOf)
      void import('sonner').then((m) => m.toast.info(t(deniedKey), { id: 'admin-only' }))
  }, [denied, applicantsOf, deniedKey])
  if (!user) {
    const state: ReturnState = { from: location.pathname + location.search + location.hash }
    return <Navigate to={paths.login.href()} replace state={state} />
  }
  if (denied)
    return (
      <Navigate to={applicantsOf ? paths.jobDescription.href(applicantsOf) : paths.home.href()} replace />
    )
  return <>{children}</>
}
