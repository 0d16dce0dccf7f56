import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { TOAST } from '@common/limits'
import { paths } from '@/config/paths'
import { api } from '@/lib/api-client'
import { authStore } from '@/lib/auth-store'
import { httpStatus } from '@/lib/errors'
import { t } from '@/i18n'
import { toastError } from '@/lib/toast-error'
import type { MessageAnswer } from './send-otp'

/** sonner is loaded with the toaster, after the first paint; this hook is part of the first download. */
const toast = {
  success: (text: string, opts: { duration: number }) =>
    void import('sonner').then((m) => m.toast.success(text, opts)),
}

export async function logout(): Promise<MessageAnswer> {
  const res = await api.post<MessageAnswer>('/user/logout')
  return res.data
}

/** product.md §4 "Logout": clears the session and the stored user, then goes to / with a replace. */
export function useLogout() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const finish = () => {
    authStore.logout()
    queryClient.clear()
    navigate(paths.home.href(), { replace: true })
  }
  return useMutation({
    mutationFn: logout,
    // The reader's language, not the server's English (issue 26).
    onSuccess: () => {
      toast.success(t('auth.loggedOut'), { duration: TOAST.profileMs })
      finish()
    },
    onError: (error) => {
      if (toastError(error, t('auth.logoutFailed'), { duration: TOAST.profileMs }) === null) return
      // The server no longer has this session; there is nothing left to sign out of.
      if (httpStatus(error) === 401) finish()
    },
  })
}
