import { SOCKET_LIMITS } from '@common/events'

type Limited = 'sendMessage' | 'typing' | 'other'

/**
 * A fixed-window counter per socket and event kind; in memory, as a socket lives on one instance. It only stops
 * bursts on one connection: the per-user chat limit that spans sockets and instances is the `chatSend` limit (ADR 020).
 */
export function socketLimiter() {
  let windowStart = Date.now()
  const counts: Record<Limited, number> = { sendMessage: 0, typing: 0, other: 0 }
  const allow = (kind: Limited): boolean => {
    const now = Date.now()
    if (now - windowStart >= SOCKET_LIMITS.windowMs) {
      windowStart = now
      counts.sendMessage = counts.typing = counts.other = 0
    }
    counts[kind] += 1
    return counts[kind] <= SOCKET_LIMITS[kind]
  }
  /** Whole seconds until the current window ends (at least 1). */
  const retryAfter = () => Math.max(1, Math.ceil((windowStart + SOCKET_LIMITS.windowMs - Date.now()) / 1000))
  return Object.assign(allow, { retryAfter })
}
