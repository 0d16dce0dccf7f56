import { Navigate, useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { AuthLayout } from '@/features/auth/components/auth-layout'
import { SignupForm } from '@/features/auth/components/signup-form'
import { useT } from '@/i18n'
import { useAuth } from '@/lib/auth'

/** /signup — redirects to /m/{userId} when already signed in; after signup goes there too (product.md §3). */
export function Component() {
  const { user } = useAuth()
  const navigate = useNavigate()
  const t = useT()

  if (user) return <Navigate to={paths.profile.href(user.userId)} replace />

  return (
    <>
      <title>{t('auth.signup.docTitle')}</title>
      <AuthLayout
        title={t('auth.signup.title')}
        subtitle={t('auth.signup.subtitle')}
        switchTo={{
          question: t('auth.signup.question'),
          label: t('auth.signup.switch'),
          to: paths.login.href(),
        }}
      >
        <SignupForm
          onSuccess={(created) => navigate(paths.profile.href(created.userId), { replace: true })}
        />
      </AuthLayout>
    </>
  )
}
