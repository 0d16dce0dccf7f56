import type { Socket } from 'socket.io'
import type { RecoveryLog } from './recovery-log'

/** An adapter that can tell a restored socket, once connected, what its rooms got while it was connecting. */
export interface RestoringAdapter {
  /** The packets to send the socket restored with `pid` (`[]` for none); null: too far back, it must refetch. */
  missedSinceRestore(pid: unknown): unknown[][] | null
}

interface Note {
  /** The newest offset the restore covered. */
  through: string
  rooms: string[]
  /**
   * Whether the log must still reach back to `through` at connection. Not for a restore from the stream itself (an
   * instance just started), whose packets reach further than the log may: what the log holds after `through` is what
   * the socket missed.
   */
  strict: boolean
}

/** How long a restored session may take to connect before its note is dropped (Socket.IO's connect timeout is 45 s). */
const PENDING_MS = 60_000

/**
 * Sessions restored but not yet connected (ADR 032). A restored socket is put in its rooms at once but gets their
 * broadcasts only once connected — after the handshake's middleware, which waits on the database — so a broadcast to
 * its rooms in between would pass it by. Each restore notes the newest offset it covered; at connection the socket is
 * handed what the log read after that, so a restored client misses nothing and need not refetch.
 */
export class PendingRestores {
  private readonly byPid = new Map<string, Note & { at: number }>()

  constructor(private readonly now: () => number = Date.now) {}

  add(pid: string, through: string, rooms: string[], strict = true) {
    const t = this.now()
    // Oldest first (insertion order): notes of handshakes that never completed go.
    for (const [key, p] of this.byPid) {
      if (p.at + PENDING_MS > t) break
      this.byPid.delete(key)
    }
    this.byPid.delete(pid)
    this.byPid.set(pid, { through, rooms, strict, at: t })
  }

  take(pid: unknown) {
    if (typeof pid !== 'string') return undefined
    const p = this.byPid.get(pid)
    this.byPid.delete(pid)
    return p
  }

  get size() {
    return this.byPid.size
  }
}

/**
 * What a restored socket's rooms got between its restore and its connection: `[]` when nothing, null when the log no
 * longer reaches back that far (the socket must then come back and refetch).
 */
export function missedSince<T>(
  log: RecoveryLog<T>,
  note: Note | undefined,
  toPacket: (rooms: string[], e: { id: string; data: T }) => unknown[] | null,
): unknown[][] | null {
  if (!note || !log.last || log.isAfterLast(note.through)) return []
  if (note.strict && !log.covers(note.through)) return null
  return log
    .since(note.rooms, note.through, log.last)
    .map((e) => toPacket(note.rooms, e))
    .filter((p): p is unknown[] => p !== null)
}

/**
 * First thing for a socket at connection: a restored one is handed what its rooms got while its handshake waited
 * (ADR 032). Returns false when the adapter's log no longer reaches back that far: the connection is then closed (a
 * recoverable drop), and the client comes back not restored and refetches.
 */
export function handOverMissed(socket: Socket): boolean {
  if (!socket.recovered) return true
  const adapter = socket.nsp.adapter as unknown as Partial<RestoringAdapter>
  // (An adapter without the method has nothing to hand over; its null must not read as "nothing".)
  const pid = (socket.handshake.auth as { pid?: unknown }).pid
  const missed = adapter.missedSinceRestore ? adapter.missedSinceRestore(pid) : []
  if (missed === null) {
    socket.conn.close()
    return false
  }
  for (const data of missed) (socket.emit as (...args: unknown[]) => boolean)(...data)
  return true
}
