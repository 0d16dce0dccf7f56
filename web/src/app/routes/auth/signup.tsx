import { Navigate, useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { AuthLayout } from '@/features/auth/components/auth-layout'
import { SignupForm } from '@/features/auth/components/signup-form'
import { useAuth } from '@/lib/auth'

/** /signup — redirects to /m/{userId} when already signed in; after signup goes there too (product.md §3). */
export function Component() {
  const { user } = useAuth()
  const navigate = useNavigate()

  if (user) return <Navigate to={paths.profile.href(user.userId)} replace />

  return (
    <>
      <title>Sign up · Microlance</title>
      <AuthLayout
        title="Create Account"
        subtitle="Join with your email — no password needed."
        switchTo={{ question: 'Already have an account?', label: 'Sign in', to: paths.login.href() }}
      >
        <SignupForm
          onSuccess={(created) => navigate(paths.profile.href(created.userId), { replace: true })}
        />
      </AuthLayout>
    </>
  )
}
