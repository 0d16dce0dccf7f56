import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { User } from '@common/schemas/user'

const person = (_id: string, fullname: string): User => ({
  _id,
  userId: _id.slice(-8),
  username: fullname.split(' ')[0].toLowerCase(),
  fullname,
  email: `${_id.slice(-4)}@example.in`,
  phoneNumber: null,
  role: 'freelancer',
  profile: { bio: '', skills: [], resume: null, resumeOriginalName: null, avatar: null, profilePhoto: null },
  createdAt: '2025-01-01T00:00:00.000Z',
})
const priya = person('7b0c9d3e-0000-4000-8000-000000000001', 'Priya Sharma')
const arjun = person('7b0c9d3e-0000-4000-8000-000000000002', 'Arjun Mehta')

// Fresh modules each time: the window's target and the session are module state.
async function load() {
  vi.resetModules()
  const { authStore } = await import('./auth-store')
  const chat = await import('./chat-window')
  return { authStore, chat, read: chat.currentChatWindow }
}

describe('the floating chat window belongs to whoever opened it', () => {
  beforeEach(() => {
    const data = new Map<string, string>()
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (k: string) => data.get(k) ?? null,
        setItem: (k: string, v: string) => void data.set(k, v),
        removeItem: (k: string) => void data.delete(k),
      },
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  it('stays open while the same person is signed in, and closes when they log out', async () => {
    const { authStore, chat, read } = await load()
    authStore.signIn(priya, 'tok')
    chat.openChatWindow('someone', 'job-1')
    expect(read()).toEqual({ userId: 'someone', jobId: 'job-1' })
    // A profile edit updates the stored user but it is still Priya.
    authStore.setUser({ ...priya, fullname: 'Priya S.' })
    expect(read()).toEqual({ userId: 'someone', jobId: 'job-1' })
    authStore.logout()
    expect(read()).toBeNull()
    // Signing in again does not bring the last conversation back.
    authStore.signIn(priya, 'tok')
    expect(read()).toBeNull()
  })

  it('closes when another person signs in on the same tab', async () => {
    const { authStore, chat, read } = await load()
    authStore.signIn(priya, 'tok')
    chat.openChatWindow('someone')
    authStore.signIn(arjun, 'tok2')
    expect(read()).toBeNull()
  })
})
