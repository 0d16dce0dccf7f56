import { useMutation } from '@tanstack/react-query'
import type { User } from '@common/schemas/user'
import { api } from '@/lib/api-client'

export interface VerifyOtpAnswer {
  success: boolean
  message: string
  data: User
  token: string
}

/** POST /user/verify-otp — on success the server sets the session cookies and returns the user and token. */
export async function verifyOtp(input: { email: string; otp: string }): Promise<VerifyOtpAnswer> {
  const res = await api.post<VerifyOtpAnswer>('/user/verify-otp', input)
  return res.data
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp })
}
