import { createClient } from './http'
import { authStore } from './auth-store'

/** Paths whose 401 means "wrong code" rather than "your session is gone". */
const AUTH_FLOW = /\/user\/(send-otp|send-login-otp|verify-otp|logout)$/

/** The settings of the one client, exported for its test. */
export const API_SETTINGS = {
  baseURL: '/api/v1',
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
} as const

/**
 * The one HTTP client (product.md §4, §13): cookies on every call, no timeout, the XSRF cookie/header pair the server
 * checks, and the bearer token when one is stored.
 */
export const api = createClient({
  ...API_SETTINGS,
  onRequest: (config) => {
    const { token } = authStore.getState()
    if (token) config.headers.Authorization = `Bearer ${token}`
  },
  // A 401 on an ordinary call means the server no longer knows this session: drop the stale local copy.
  onError: (error) => {
    if (error.response?.status === 401 && !AUTH_FLOW.test(error.config.url)) {
      if (authStore.getState().user) authStore.logout()
    }
  },
})
