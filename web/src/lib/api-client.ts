import axios from 'axios'
import { authStore } from './auth-store'

/** Paths whose 401 means "wrong code" rather than "your session is gone". */
const AUTH_FLOW = /\/user\/(send-otp|send-login-otp|verify-otp|logout)$/

/**
 * The one HTTP client (spec §6, §9): cookies on every call, no timeout, the XSRF cookie/header pair the server
 * checks, and the bearer token when one is stored.
 */
export const api = axios.create({
  baseURL: '/api/v1',
  withCredentials: true,
  timeout: 0,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
})

api.interceptors.request.use((config) => {
  const { token } = authStore.getState()
  if (token) config.headers.set('Authorization', `Bearer ${token}`)
  return config
})

api.interceptors.response.use(undefined, (error: unknown) => {
  // A 401 on an ordinary call means the server no longer knows this session: drop the stale local copy.
  if (
    axios.isAxiosError(error) &&
    error.response?.status === 401 &&
    !AUTH_FLOW.test(error.config?.url ?? '')
  ) {
    if (authStore.getState().user) authStore.logout()
  }
  return Promise.reject(error)
})
