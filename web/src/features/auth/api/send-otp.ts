import { useMutation } from '@tanstack/react-query'
import type { SelfRole } from '@common/roles'
import { api } from '@/lib/api-client'

export interface SendOtpInput {
  email: string
  fullname: string
  role?: SelfRole
}
export interface MessageAnswer {
  success: boolean
  message: string
}

/** POST /user/send-otp — signup code (409 when the email already has an account). */
export async function sendSignupOtp(input: SendOtpInput): Promise<MessageAnswer> {
  const res = await api.post<MessageAnswer>('/user/send-otp', input)
  return res.data
}

export function useSendSignupOtp() {
  return useMutation({ mutationFn: sendSignupOtp })
}
