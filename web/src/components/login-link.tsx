import type { ComponentProps } from 'react'
import { Link, useLocation } from 'react-router'
import { paths } from '@/config/paths'
import type { ReturnState } from '@/lib/authorization'

/** A link to /login that brings the visitor back to this page once signed in (as Apply's 'Log in to apply' does). */
export function LoginLink(props: Omit<ComponentProps<typeof Link>, 'to' | 'state'>) {
  const location = useLocation()
  const state: ReturnState = { from: location.pathname + location.search + location.hash }
  return <Link {...props} to={paths.login.href()} state={state} />
}
