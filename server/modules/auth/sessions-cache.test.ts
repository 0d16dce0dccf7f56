import { describe, expect, it } from 'vitest'
import type { UserRow } from '../../db/schema'
import { ALL_ANSWERS, createReadCache, SESSIONS } from '../../lib/read-cache'
import { cachedSessionStore, type SessionStore } from './sessions.repo'

/** A session store in memory that counts the lookups reaching it. */
function countingStore() {
  const rows = new Map<string, { user: UserRow; expiresAt: Date }>()
  const calls = { find: 0 }
  const store: SessionStore = {
    async find(hash) {
      calls.find++
      const row = rows.get(hash)
      return row && row.expiresAt.getTime() > Date.now() ? row : null
    },
    async create(hash, userId, expiresAt) {
      rows.set(hash, { user: { id: userId } as UserRow, expiresAt })
    },
    async extend(hash, expiresAt) {
      const row = rows.get(hash)
      if (row) rows.set(hash, { ...row, expiresAt })
    },
    async remove(hash) {
      rows.delete(hash)
    },
    async removeExpired() {},
  }
  return { store, rows, calls }
}

describe('remembered sessions', () => {
  const later = () => new Date(Date.now() + 60 * 60_000)

  it('asks the database once while the entry lives, and again once it has expired', async () => {
    let t = Date.now()
    const { store, calls } = countingStore()
    const cache = createReadCache({ ttlMs: 2000 })
    const sessions = cachedSessionStore(store, { ttlMs: 2000, onDrop: cache.onDrop, now: () => t })
    await store.create('h', 'u1', later())
    expect((await sessions.find('h'))?.user.id).toBe('u1')
    expect((await sessions.find('h'))?.user.id).toBe('u1')
    expect(calls.find).toBe(1)
    t += 2001
    await sessions.find('h')
    expect(calls.find).toBe(2)
  })

  it('a drop that names sessions (a logout or a profile change anywhere) forgets every session', async () => {
    const { store, rows, calls } = countingStore()
    const cache = createReadCache({ ttlMs: 2000 })
    const sessions = cachedSessionStore(store, { ttlMs: 2000, onDrop: cache.onDrop })
    await store.create('h', 'u1', later())
    await sessions.find('h')
    rows.delete('h') // logged out on another instance
    expect(await sessions.find('h')).not.toBeNull()
    cache.dropLocal() // …whose drop arrives here
    expect(await sessions.find('h')).toBeNull()
    expect(calls.find).toBe(2)
  })

  it("a realtime event's drop (a message, a notification) keeps remembered sessions: it changes neither (ADR 032)", async () => {
    const { store, calls } = countingStore()
    const cache = createReadCache({ ttlMs: 2000 })
    const sessions = cachedSessionStore(store, { ttlMs: 2000, onDrop: cache.onDrop })
    await store.create('h', 'u1', later())
    await sessions.find('h')
    cache.dropLocal([ALL_ANSWERS])
    cache.dropLocal(['jobs', 'chat:u1'])
    expect((await sessions.find('h'))?.user.id).toBe('u1')
    expect(calls.find).toBe(1)
    cache.invalidate([SESSIONS]) // an HTTP write that changes a person (a logout, a profile edit) forgets it
    await sessions.find('h')
    expect(calls.find).toBe(2)
  })

  it('never remembers an unknown token, nor a session past its expiry, and removes at once here', async () => {
    const { store, calls } = countingStore()
    const cache = createReadCache({ ttlMs: 60_000 })
    const sessions = cachedSessionStore(store, { ttlMs: 60_000, onDrop: cache.onDrop })
    expect(await sessions.find('nope')).toBeNull()
    expect(await sessions.find('nope')).toBeNull()
    expect(calls.find).toBe(2)
    await store.create('short', 'u2', new Date(Date.now() + 30))
    expect(await sessions.find('short')).not.toBeNull()
    await new Promise((r) => setTimeout(r, 40))
    expect(await sessions.find('short')).toBeNull()
    await store.create('h', 'u1', later())
    await sessions.find('h')
    await sessions.remove('h')
    expect(await sessions.find('h')).toBeNull()
  })

  it('an extended session is remembered with its new expiry', async () => {
    const { store } = countingStore()
    const cache = createReadCache({ ttlMs: 60_000 })
    const sessions = cachedSessionStore(store, { ttlMs: 60_000, onDrop: cache.onDrop })
    await store.create('h', 'u1', new Date(Date.now() + 1000))
    await sessions.find('h')
    const until = later()
    await sessions.extend('h', until)
    expect((await sessions.find('h'))?.expiresAt).toEqual(until)
  })

  it('with the cache off (ttl 0) every lookup reaches the store', async () => {
    const { store, calls } = countingStore()
    const cache = createReadCache({ ttlMs: 0 })
    const sessions = cachedSessionStore(store, { ttlMs: 0, onDrop: cache.onDrop })
    await store.create('h', 'u1', later())
    await sessions.find('h')
    await sessions.find('h')
    expect(calls.find).toBe(2)
  })
})
