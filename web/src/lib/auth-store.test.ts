import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { User } from '@common/schemas/user'

const user: User = {
  _id: '7b0c9d3e-0000-4000-8000-000000000001',
  userId: 'ab12cd34',
  username: 'priya',
  fullname: 'Priya Sharma',
  email: 'priya@example.in',
  phoneNumber: null,
  role: 'freelancer',
  profile: { bio: '', skills: [], resume: null, resumeOriginalName: null, avatar: null, profilePhoto: null },
  createdAt: '2025-01-01T00:00:00.000Z',
}

function memoryStorage(): Storage {
  const data = new Map<string, string>()
  return {
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  }
}

let storage: Storage

beforeEach(() => {
  vi.resetModules()
  storage = memoryStorage()
  vi.stubGlobal('window', { localStorage: storage, addEventListener() {}, removeEventListener() {} })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('authStore (product.md §4 Auth state and transitions)', () => {
  it('starts with no user, no token and loading false', async () => {
    const { authStore } = await import('./auth-store')
    expect(authStore.getState()).toEqual({ user: null, token: '', loading: false })
  })

  it('persists a signed-in session under `user` and `token`', async () => {
    const { authStore } = await import('./auth-store')
    authStore.signIn(user, 'tok')
    expect(JSON.parse(storage.getItem('user')!)).toMatchObject({ userId: 'ab12cd34' })
    expect(storage.getItem('token')).toBe('tok')
  })

  it('restores a stored user on load when none is set', async () => {
    storage.setItem('user', JSON.stringify(user))
    storage.setItem('token', 'tok')
    const { authStore } = await import('./auth-store')
    authStore.restore()
    expect(authStore.getState().user?.userId).toBe('ab12cd34')
    expect(authStore.getState().token).toBe('tok')
  })

  it('ignores a corrupt stored user', async () => {
    storage.setItem('user', '{not json')
    const { authStore } = await import('./auth-store')
    authStore.restore()
    expect(authStore.getState().user).toBeNull()
  })

  it('logout clears the user, the token and the stored copies', async () => {
    const { authStore } = await import('./auth-store')
    authStore.signIn(user, 'tok')
    const seen: unknown[] = []
    authStore.subscribe(() => seen.push(authStore.getState().user))
    authStore.logout()
    expect(authStore.getState()).toEqual({ user: null, token: '', loading: false })
    expect(storage.getItem('user')).toBeNull()
    expect(storage.getItem('token')).toBeNull()
    expect(seen).toEqual([null])
  })
})
