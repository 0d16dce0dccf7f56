import { Adapter, type BroadcastOptions, type Room, type Session } from 'socket.io-adapter'
import { missedSince, PendingRestores, type RestoringAdapter } from './pending-restores'
import { RecoveryLog } from './recovery-log'

type SessionToPersist = Omit<Session, 'missedPackets'>
interface Packet {
  type: number
  id?: number
  data: unknown[]
}
interface Held {
  data: unknown[]
  except: Set<Room>
}

const EVENT = 2

/**
 * One instance's adapter with connection state recovery (ADR 030). Socket.IO's own `SessionAwareAdapter` keeps every
 * broadcast of the last two minutes in one array and, for each client coming back, scans it from the start for the
 * client's offset and then through everything after it: when thousands reconnect at once under load (a network blip,
 * a proxy reload) that is thousands of scans of hundreds of thousands of packets, and the instance stalls for seconds.
 * This one keeps the newest `logSize` broadcasts of the last `maxDisconnectionMs` in a `RecoveryLog` indexed by room (as the Redis adapter's log does,
 * ADR 023), so a restore reads only what the client's own rooms missed. A client further back than the log, or whose
 * session has expired, connects afresh and refetches from its last message (ADR 013).
 */
export function createLocalAdapter(opts: { logSize: number; maxDisconnectionMs: number }) {
  /** A session older than `maxDisconnectionMs` is not restored: the client connects afresh. */
  const expired = (s: { disconnectedAt: number }, now: number) =>
    s.disconnectedAt + opts.maxDisconnectionMs < now
  /** A held broadcast as the restored socket gets it, or null when it excluded one of its rooms. */
  const toPacket = (rooms: string[], e: { data: Held }) =>
    rooms.some((r) => e.data.except.has(r)) ? null : e.data.data
  return class LocalRecoveryAdapter extends Adapter implements RestoringAdapter {
    private readonly pending = new PendingRestores()
    private readonly sessions = new Map<string, SessionToPersist & { disconnectedAt: number }>()
    private readonly log = new RecoveryLog<Held>(opts.logSize, opts.maxDisconnectionMs)
    // Offsets are `<start ms>-<n>`: ordered, and never the same as one from an earlier run of the process.
    private readonly epoch = Date.now()
    private seq = 0
    private readonly sweep: NodeJS.Timeout

    constructor(nsp: ConstructorParameters<typeof Adapter>[0]) {
      super(nsp)
      this.sweep = setInterval(() => {
        const now = Date.now()
        for (const [pid, s] of this.sessions) if (expired(s, now)) this.sessions.delete(pid)
        this.log.trim()
      }, 60_000)
      this.sweep.unref()
    }

    override close() {
      clearInterval(this.sweep)
    }

    override persistSession(session: SessionToPersist) {
      this.sessions.set(session.pid, { ...session, disconnectedAt: Date.now() })
    }

    override restoreSession(pid: string, offset: string): Promise<Session> {
      const session = this.sessions.get(pid)
      // A session is restored once.
      this.sessions.delete(pid)
      // The client connects afresh (and refetches): its session expired, or it is further back than the log holds.
      if (!session || expired(session, Date.now())) return Promise.resolve(null as unknown as Session)
      const last = this.log.last
      if (!last || this.log.isAfterLast(offset)) return Promise.resolve(null as unknown as Session)
      const missedPackets = missedSince(
        this.log,
        { through: offset, rooms: session.rooms, strict: true },
        toPacket,
      )
      if (!missedPackets) return Promise.resolve(null as unknown as Session)
      this.pending.add(pid, last, session.rooms)
      const { disconnectedAt: _, ...restored } = session
      return Promise.resolve({ ...restored, missedPackets })
    }

    missedSinceRestore(pid: unknown) {
      return missedSince(this.log, this.pending.take(pid), toPacket)
    }

    override broadcast(packet: Packet, bopts: BroadcastOptions) {
      // As Socket.IO's own: events without an ack and not volatile are kept, their offset last in their data.
      if (packet.type === EVENT && packet.id === undefined && bopts.flags?.volatile === undefined) {
        const id = `${this.epoch}-${++this.seq}`
        packet.data.push(id)
        this.log.add(id, [...bopts.rooms], { data: packet.data, except: bopts.except ?? new Set() })
      }
      super.broadcast(packet, bopts)
    }
  }
}
