import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { User } from '@common/schemas/user'
import { FakeXhr, sent } from './fake-xhr'

const user = { userId: 'ab12cd34', fullname: 'Priya' } as User

beforeEach(() => {
  vi.resetModules()
  sent.length = 0
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})
afterEach(() => {
  FakeXhr.autoAnswer = null
  vi.unstubAllGlobals()
})

async function setup(status = 200) {
  const { api, API_SETTINGS } = await import('./api-client')
  const { authStore } = await import('./auth-store')
  FakeXhr.autoAnswer = [status, JSON.stringify({ success: status < 400, message: 'm' })]
  return { api, API_SETTINGS, authStore }
}

describe('api client (product.md §4, §13)', () => {
  it('uses the spec settings: credentials, the XSRF cookie/header pair, the /api/v1 base', async () => {
    const { api, API_SETTINGS } = await setup()
    expect(API_SETTINGS).toEqual({
      baseURL: '/api/v1',
      xsrfCookieName: 'XSRF-TOKEN',
      xsrfHeaderName: 'X-XSRF-TOKEN',
    })
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=t0k' })
    await api.post('/user/logout')
    expect(sent[0]).toMatchObject({ url: '/api/v1/user/logout', withCredentials: true })
    expect(sent[0].headers['X-XSRF-TOKEN']).toBe('t0k')
  })

  it('sends the bearer token only when one is stored', async () => {
    const { api, authStore } = await setup()
    await api.get('/user/me')
    expect(sent[0].headers.Authorization).toBeUndefined()
    authStore.signIn(user, 'tok123')
    await api.get('/user/me')
    expect(sent[1].headers.Authorization).toBe('Bearer tok123')
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
