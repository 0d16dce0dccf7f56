import { Navigate, useLocation, useNavigate } from 'react-router'
import { paths, safeReturnPath } from '@/config/paths'
import { AuthLayout } from '@/features/auth/components/auth-layout'
import { LoginForm } from '@/features/auth/components/login-form'
import { useT } from '@/i18n'
import { useAuth } from '@/lib/auth'
import type { ReturnState } from '@/lib/authorization'

/** /login — redirects to / (or the kept return location) when already signed in (product.md §3). */
export function Component() {
  const { user } = useAuth()
  const location = useLocation()
  const navigate = useNavigate()
  const t = useT()
  const target = safeReturnPath((location.state as ReturnState | null)?.from) ?? paths.home.href()

  if (user) return <Navigate to={target} replace />

  return (
    <>
      <title>{t('auth.login.docTitle')}</title>
      <AuthLayout
        title={t('auth.login.title')}
        subtitle={t('auth.login.subtitle')}
        switchTo={{
          question: t('auth.login.question'),
          label: t('auth.login.switch'),
          to: paths.signup.href(),
        }}
      >
        <LoginForm onSuccess={() => navigate(target, { replace: true })} />
      </AuthLayout>
    </>
  )
}
