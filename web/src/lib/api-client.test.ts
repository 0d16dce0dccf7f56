import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios'
import type { User } from '@common/schemas/user'

const user = { userId: 'ab12cd34', fullname: 'Priya' } as User

beforeEach(() => {
  vi.resetModules()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

async function setup(status = 200) {
  const { api } = await import('./api-client')
  const { authStore } = await import('./auth-store')
  const seen: InternalAxiosRequestConfig[] = []
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config)
    const response = {
      data: { success: status < 400, message: 'm' },
      status,
      statusText: '',
      headers: {},
      config,
    }
    if (status >= 400) {
      const { AxiosError } = await import('axios')
      throw new AxiosError('failed', String(status), config, null, response)
    }
    return response
  }
  api.defaults.adapter = adapter
  return { api, authStore, seen }
}

describe('api client (spec §6, §9)', () => {
  it('uses the spec settings: credentials, no timeout, the XSRF cookie/header pair', async () => {
    const { api } = await setup()
    expect(api.defaults.withCredentials).toBe(true)
    expect(api.defaults.timeout).toBe(0)
    expect(api.defaults.xsrfCookieName).toBe('XSRF-TOKEN')
    expect(api.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN')
    expect(api.defaults.baseURL).toBe('/api/v1')
  })

  it('sends the bearer token only when one is stored', async () => {
    const { api, authStore, seen } = await setup()
    await api.get('/user/me')
    expect(seen[0].headers.get('Authorization')).toBeUndefined()
    authStore.signIn(user, 'tok123')
    await api.get('/user/me')
    expect(seen[1].headers.get('Authorization')).toBe('Bearer tok123')
  })

  it('drops the local session when an ordinary call answers 401', async () => {
    const { api, authStore } = await setup(401)
    authStore.signIn(user, 'tok')
    await expect(api.get('/user/me')).rejects.toThrow()
    expect(authStore.getState().user).toBeNull()
  })

  it('keeps the session when a code check answers 401 (a wrong code is not a lost session)', async () => {
    const { api, authStore } = await setup(401)
    authStore.signIn(user, 'tok')
    await expect(api.post('/user/verify-otp', { email: 'a@b.in', otp: '000000' })).rejects.toThrow()
    expect(authStore.getState().user?.userId).toBe('ab12cd34')
  })
})
