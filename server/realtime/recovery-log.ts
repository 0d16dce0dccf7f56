import { decode as msgpackDecode } from '@msgpack/msgpack'
import { createAdapter } from '@socket.io/redis-streams-adapter'
import type { Redis } from 'ioredis'
import type { Socket } from 'socket.io'

type Options = NonNullable<Parameters<typeof createAdapter>[1]>
type StreamsAdapter = ReturnType<ReturnType<typeof createAdapter>>
type RawMessage = Parameters<StreamsAdapter['onRawMessage']>[0]
type Session = Awaited<ReturnType<StreamsAdapter['restoreSession']>>

/** A stream entry id, `<ms>-<seq>`, as two numbers. */
const parseId = (id: string): [number, number] => {
  const dash = id.indexOf('-')
  return [Number(id.slice(0, dash)), Number(id.slice(dash + 1))]
}
const isAfter = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])
const STREAM_ID = /^[0-9]+-[0-9]+$/

/** An adapter that can tell a restored socket, once connected, what its rooms got while it was connecting. */
export interface RestoringAdapter {
  /** The packets to send the socket restored with `pid` (`[]` for none); null: too far back, it must refetch. */
  missedSinceRestore(pid: unknown): unknown[][] | null
}

/** A held broadcast, as `since` hands it out. */
export interface Entry<T> {
  id: string
  /** The broadcast: for the streams adapter its `data` as written (JSON of `{ packet, opts }`, parsed only if a
   * session needs it); for one instance the packet itself. */
  data: T
}

/** After this many entries dropped (or one per room, if more), room lists that got nothing new are pruned too, so
 * quiet rooms let go. */
const PRUNE_EVERY = 4096

/**
 * The newest broadcasts of the stream, as this instance read them, indexed by room (ADR 023). A client coming back
 * gets what its rooms missed from here, instead of the adapter reading and decoding every entry of the stream since
 * the client's offset — thousands per client when everyone reconnects at once under load.
 *
 * Held as parallel arrays (ADR 036): an entry's id is two numbers and the time it was read a third, in arrays of
 * numbers the garbage collector does not trace, and its rooms are positions in per-room lists of numbers. So each
 * held broadcast is one object for the collector (its data), not the ten or so of an object per entry, and a log of
 * 50,000 broadcasts adds little to each major GC.
 */
export class RecoveryLog<T = string> {
  // Entry number n (counted from the log's creation) is at index n - base of these arrays, for head ≤ index.
  private ms: number[] = []
  private seq: number[] = []
  /** When this instance read it (ms): entries older than a session may be away are dropped. */
  private readAt: number[] = []
  private data: (T | undefined)[] = []
  private head = 0
  private base = 0
  /** Entry numbers per room, oldest first; numbers below the log's start are dropped lazily. */
  private readonly byRoom = new Map<string, number[]>()
  private everyone: number[] = []
  private droppedSincePrune = 0
  /** Every broadcast after this id, up to `last`, is held; null until the first is read. */
  private from: [number, number] | null = null
  /** The newest entry read. */
  last: string | null = null
  /** Whether older entries have been dropped to stay within `max` (so an offset it does not cover is a long way back). */
  trimmed = false

  /**
   * Holds at most the newest `max` broadcasts, and none read more than `maxAgeMs` ago (no session is restored after
   * that long, so a quiet instance does not keep a full log of old broadcasts).
   */
  constructor(
    private readonly max: number,
    private readonly maxAgeMs = Infinity,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.ms.length - this.head
  }

  /** How many rooms the index holds lists for (rooms whose broadcasts have all been dropped go at the next prune). */
  get roomCount() {
    return this.byRoom.size
  }

  /** The number of the oldest entry held. */
  private get start() {
    return this.base + this.head
  }

  /** A broadcast read from the stream (in stream order). `data` null: one this log cannot hold; it starts afresh. */
  add(id: string, rooms: readonly string[], data: T | null) {
    const at = parseId(id)
    if (data === null) {
      this.clear()
      this.from = at
      this.last = id
      return
    }
    if (this.from === null) this.from = [at[0], at[1] - 1]
    const n = this.base + this.ms.length
    this.ms.push(at[0])
    this.seq.push(at[1])
    this.readAt.push(this.now())
    this.data.push(data)
    if (rooms.length === 0) this.push(this.everyone, n)
    for (const room of rooms) {
      const list = this.byRoom.get(room)
      if (list) this.push(list, n)
      else this.byRoom.set(room, [n])
    }
    this.last = id
    this.trim()
  }

  /** Drops what is over `max` or older than `maxAgeMs` (also called on a timer, for when nothing is added). */
  trim() {
    while (this.size > this.max) this.dropOldest()
    const before = this.now() - this.maxAgeMs
    while (this.size && this.readAt[this.head] < before) this.dropOldest()
    if (
      this.droppedSincePrune >= Math.max(PRUNE_EVERY, this.byRoom.size) ||
      (this.size === 0 && this.droppedSincePrune)
    )
      this.prune()
  }

  /** Whether every broadcast after `offset` up to `last` is held. */
  covers(offset: string): boolean {
    return this.from !== null && STREAM_ID.test(offset) && !isAfter(this.from, parseId(offset))
  }

  /** Whether `offset` is newer than anything read (so from somewhere else). */
  isAfterLast(offset: string): boolean {
    return this.last === null || isAfter(parseId(offset), parseId(this.last))
  }

  /** Held broadcasts to any of `rooms` (or to everyone) after `offset` and up to `upTo`, oldest first. */
  since(rooms: string[], offset: string, upTo: string): Entry<T>[] {
    const from = parseId(offset)
    const to = parseId(upTo)
    const found = new Set<number>()
    for (const list of [this.everyone, ...rooms.map((r) => this.byRoom.get(r))]) {
      if (!list) continue
      for (let i = list.length - 1; i >= 0 && list[i] >= this.start; i--) {
        const at = this.at(list[i])
        if (!isAfter(at, from)) break
        if (!isAfter(at, to)) found.add(list[i])
      }
    }
    return [...found]
      .sort((x, y) => x - y)
      .map((n) => {
        const [ms, seq] = this.at(n)
        return { id: `${ms}-${seq}`, data: this.data[n - this.base]! }
      })
  }

  private at(n: number): [number, number] {
    const i = n - this.base
    return [this.ms[i], this.seq[i]]
  }

  /** Appends to a room's list, first letting go of numbers the log no longer holds. */
  private push(list: number[], n: number) {
    const start = this.start
    while (list.length && list[0] < start) list.shift()
    list.push(n)
  }

  private dropOldest() {
    const i = this.head
    this.from = [this.ms[i], this.seq[i]]
    this.data[i] = undefined
    this.head++
    this.trimmed = true
    this.droppedSincePrune++
    if (this.head > 1024 && this.head * 2 > this.ms.length) {
      this.ms = this.ms.slice(this.head)
      this.seq = this.seq.slice(this.head)
      this.readAt = this.readAt.slice(this.head)
      this.data = this.data.slice(this.head)
      this.base += this.head
      this.head = 0
    }
  }

  /** Lets go of dropped entries' numbers in every room list, and of rooms with none left. */
  private prune() {
    this.droppedSincePrune = 0
    const start = this.start
    const keep = (list: number[]) => {
      let k = 0
      while (k < list.length && list[k] < start) k++
      return k ? list.slice(k) : list
    }
    for (const [room, list] of this.byRoom) {
      const kept = keep(list)
      if (!kept.length) this.byRoom.delete(room)
      else if (kept !== list) this.byRoom.set(room, kept)
    }
    this.everyone = keep(this.everyone)
  }

  private clear() {
    this.base += this.ms.length
    this.ms = []
    this.seq = []
    this.readAt = []
    this.data = []
    this.head = 0
    this.byRoom.clear()
    this.everyone = []
    this.droppedSincePrune = 0
  }
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

/** The newer of two stream ids. */
export const newerId = (a: string, b: string) => (isAfter(parseId(a), parseId(b)) ? a : b)

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

/** What the adapter's own restore does with an entry: in one of the session's rooms and none it excludes. */
function missedPacket(sessionRooms: string[], data: string, id: string): unknown[] | null {
  const { packet, opts } = JSON.parse(data) as {
    packet: { data: unknown[] }
    opts: { rooms: string[]; except: string[] }
  }
  const included = opts.rooms.length === 0 || sessionRooms.some((r) => opts.rooms.includes(r))
  const excluded = sessionRooms.some((r) => opts.except.includes(r))
  if (!included || excluded) return null
  packet.data.push(id)
  return packet.data
}

const BROADCAST = '3'

/**
 * `@socket.io/redis-streams-adapter` with a `RecoveryLog` in front of its session restore. The log is filled from the
 * stream the adapter already reads; a restore whose offset it covers reads only the session from Redis and takes the
 * missed packets from memory (ADR 032) — the adapter's own restore reads the stream until no newer entry is left,
 * which under load means up to 100 reads per client. An offset older than a full log (a client away longer than
 * `logSize` broadcasts) is not restored: the client connects afresh and refetches. An instance whose log has not filled
 * yet (just started) leaves older offsets to the adapter's own restore. Either way, what the session's rooms get until
 * it connects is handed to it then (`missedSinceRestore`).
 */
export function createStreamsAdapter(
  redis: Redis,
  opts: Options & {
    logSize: number
    /** How long a dropped client may come back: older broadcasts are not kept. */
    maxAgeMs: number
    /** Called for each broadcast another instance put on the stream, before its sockets are told of it. */
    beforeRemoteBroadcast?: () => void
  },
) {
  const { logSize, maxAgeMs, beforeRemoteBroadcast, ...adapterOpts } = opts
  const make = createAdapter(redis, adapterOpts)
  // Socket.IO calls this with `new`: a plain function returning the adapter object.
  return function streamsAdapter(nsp: { name: string }) {
    const adapter = make(nsp)
    const log = new RecoveryLog(logSize, maxAgeMs)
    // Adding trims too; this is for an instance that stops reading broadcasts (nobody sends any more).
    const sweep = setInterval(() => log.trim(), 60_000)
    sweep.unref()
    const close = adapter.close.bind(adapter)
    adapter.close = () => {
      clearInterval(sweep)
      return close()
    }
    const decode = (adapter.constructor as unknown as { decode(raw: RawMessage): any }).decode
    const restore = adapter.restoreSession.bind(adapter)
    const onMessage = (adapter as unknown as { onMessage(m: unknown, offset: string): void }).onMessage.bind(
      adapter,
    )
    // The adapter's own handler (decode, then onMessage), noting each broadcast before onMessage adds its offset.
    adapter.onRawMessage = (raw: RawMessage, offset: string) => {
      let message
      try {
        message = decode(raw)
      } catch {
        return
      }
      if (raw.type === BROADCAST && raw.nsp === nsp.name) {
        const json = typeof raw.data === 'string' && raw.data.startsWith('{')
        log.add(offset, json ? (message.data?.opts?.rooms ?? []) : [], json ? raw.data! : null)
        if (raw.uid !== (adapter as unknown as { uid: string }).uid) beforeRemoteBroadcast?.()
      }
      onMessage(message, offset)
    }
    const pending = new PendingRestores()
    const toPacket = (rooms: string[], e: { id: string; data: string }) => missedPacket(rooms, e.data, e.id)
    const sessionKey = (pid: string) => `${adapterOpts.sessionKeyPrefix ?? 'sio:session:'}${pid}`
    adapter.restoreSession = async (pid, offset) => {
      if (!STREAM_ID.test(offset)) throw new Error('invalid offset')
      if (log.last && log.covers(offset)) {
        // The session from Redis; what its rooms missed, from memory: no read of the stream, which under load would
        // go on as long as new entries keep coming (the adapter's own restore reads until none are left).
        // GET and DEL in one transaction, as the adapter does: GETDEL needs Redis 6.2.
        const [[, raw]] = ((await redis.multi().get(sessionKey(pid)).del(sessionKey(pid)).exec()) ?? [
          [],
        ]) as [[Error | null, string | null]]
        if (!raw) throw new Error('session not found')
        const session = msgpackDecode(Buffer.from(raw, 'base64')) as Session
        // (The log may have moved on meanwhile.)
        const missed = missedSince(log, { through: offset, rooms: session.rooms, strict: true }, toPacket)
        if (missed === null) throw new Error('offset older than the recovery log')
        session.missedPackets = missed
        pending.add(pid, newerId(offset, log.last!), session.rooms)
        return session
      }
      // Further back than a full log: reading the stream from there would cost more than the client's refetch from
      // the database (which a client not restored makes, ADR 013), so it connects afresh. A log that has not filled
      // yet (an instance just started) leaves it to the adapter's own restore.
      if (log.trimmed) throw new Error('offset older than the recovery log')
      const session: Session = await restore(pid, offset)
      const lastMissed = session.missedPackets.at(-1)?.at(-1)
      const through =
        typeof lastMissed === 'string' && STREAM_ID.test(lastMissed) ? newerId(offset, lastMissed) : offset
      pending.add(pid, through, session.rooms, false)
      return session
    }
    ;(adapter as unknown as RestoringAdapter).missedSinceRestore = (pid) =>
      missedSince(log, pending.take(pid), toPacket)
    return adapter
  }
}
