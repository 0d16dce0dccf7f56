import type { User } from '@common/schemas/user'

/** product.md §4 "Auth state": user, token (string or empty) and a loading flag. */
export interface AuthState {
  user: User | null
  token: string
  loading: boolean
}

/** localStorage keys: the user under `user` (product.md §4); the bearer token sits beside it. */
export const STORAGE_KEYS = { user: 'user', token: 'token' } as const

type Listener = () => void

let state: AuthState = { user: null, token: '', loading: false }
const listeners = new Set<Listener>()

function emit(next: AuthState) {
  state = next
  listeners.forEach((l) => l())
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

function readStoredUser(): User | null {
  const raw = safeStorage()?.getItem(STORAGE_KEYS.user)
  if (!raw) return null
  try {
    const parsed = JSON.parse(raw) as User | null
    return parsed && typeof parsed === 'object' && typeof parsed.userId === 'string' ? parsed : null
  } catch {
    return null
  }
}

function write(key: string, value: string | null) {
  const store = safeStorage()
  if (!store) return
  try {
    if (value === null) store.removeItem(key)
    else store.setItem(key, value)
  } catch {
    // Storage full or blocked (private mode): the in-memory session still works.
  }
}

/** The one session store; React reads it through useAuth(), the API client through getState(). */
export const authStore = {
  getState: (): AuthState => state,
  subscribe(listener: Listener) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  setUser(user: User | null) {
    write(STORAGE_KEYS.user, user ? JSON.stringify(user) : null)
    emit({ ...state, user })
  },
  setToken(token: string) {
    write(STORAGE_KEYS.token, token || null)
    emit({ ...state, token })
  },
  setLoading(loading: boolean) {
    if (loading !== state.loading) emit({ ...state, loading })
  },
  /** Stores a freshly signed-in session in one update so no screen sees half of it. */
  signIn(user: User, token: string) {
    write(STORAGE_KEYS.user, JSON.stringify(user))
    write(STORAGE_KEYS.token, token || null)
    emit({ user, token, loading: false })
  },
  /** product.md §4 "Log out clears user and token" — and the stored copies. */
  logout() {
    write(STORAGE_KEYS.user, null)
    write(STORAGE_KEYS.token, null)
    emit({ user: null, token: '', loading: false })
  },
  /** product.md §4 "Session restore": a locally stored user is restored if none is set. */
  restore() {
    if (state.user) return
    const user = readStoredUser()
    if (!user) return
    emit({ ...state, user, token: safeStorage()?.getItem(STORAGE_KEYS.token) ?? '' })
  },
}

/** Keeps tabs in step: signing out (or in) in one tab is reflected in the others. */
export function syncAcrossTabs(): () => void {
  if (typeof window === 'undefined') return () => {}
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEYS.user && e.key !== STORAGE_KEYS.token && e.key !== null) return
    const user = readStoredUser()
    const token = safeStorage()?.getItem(STORAGE_KEYS.token) ?? ''
    if (user?.userId === state.user?.userId && token === state.token) return
    emit({ ...state, user, token })
  }
  window.addEventListener('storage', onStorage)
  return () => window.removeEventListener('storage', onStorage)
}
