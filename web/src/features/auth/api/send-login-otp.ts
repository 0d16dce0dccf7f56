import { useMutation } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { MessageAnswer } from './send-otp'

/** POST /user/send-login-otp — answers the same whether or not the email has an account. */
export async function sendLoginOtp(input: { email: string }): Promise<MessageAnswer> {
  const res = await api.post<MessageAnswer>('/user/send-login-otp', input)
  return res.data
}

export function useSendLoginOtp() {
  return useMutation({ mutationFn: sendLoginOtp })
}
