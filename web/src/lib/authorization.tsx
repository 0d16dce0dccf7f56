import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import type { Role } from '@common/roles'
import { paths } from '@/config/paths'
import { useAuth } from './auth'

/** Router state carried to /login so the user comes back where they were (spec §2 admin routes). */
export interface ReturnState {
  from?: string
}

/**
 * Guards a subtree: a visitor who is not signed in goes to /login with the return location kept; a signed-in user
 * whose role is not in `roles` goes to /.
 */
export function RequireAuth({ children, roles }: { children: ReactNode; roles?: readonly Role[] }) {
  const { user } = useAuth()
  const location = useLocation()
  if (!user) {
    const state: ReturnState = { from: location.pathname + location.search + location.hash }
    return <Navigate to={paths.login.href()} replace state={state} />
  }
  if (roles && !roles.includes(user.role)) return <Navigate to={paths.home.href()} replace />
  return <>{children}</>
}
