import { SOCKET_LIMITS } from '../../common/events'

type Limited = 'sendMessage' | 'typing' | 'other'

/** A fixed-window counter per socket and event kind; in memory, as a socket lives on one instance. */
export function socketLimiter() {
  let windowStart = Date.now()
  const counts: Record<Limited, number> = { sendMessage: 0, typing: 0, other: 0 }
  return (kind: Limited): boolean => {
    const now = Date.now()
    if (now - windowStart >= SOCKET_LIMITS.windowMs) {
      windowStart = now
      counts.sendMessage = counts.typing = counts.other = 0
    }
    counts[kind] += 1
    return counts[kind] <= SOCKET_LIMITS[kind]
  }
}
