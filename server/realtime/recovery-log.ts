import { createAdapter } from '@socket.io/redis-streams-adapter'
import type { Redis } from 'ioredis'

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

interface Entry<T> {
  id: string
  at: [number, number]
  rooms: string[]
  /** The broadcast: for the streams adapter its `data` as written (JSON of `{ packet, opts }`, parsed only if a
   * session needs it); for one instance the packet itself. */
  data: T
}

/**
 * The newest broadcasts of the stream, as this instance read them, indexed by room (ADR 023). A client coming back
 * gets what its rooms missed from here, instead of the adapter reading and decoding every entry of the stream since
 * the client's offset — thousands per client when everyone reconnects at once under load.
 */
export class RecoveryLog<T = string> {
  private entries: (Entry<T> | undefined)[] = []
  private head = 0
  private readonly byRoom = new Map<string, Entry<T>[]>()
  private readonly everyone: Entry<T>[] = []
  /** Every broadcast after this id, up to `last`, is held; null until the first is read. */
  private from: [number, number] | null = null
  /** The newest entry read. */
  last: string | null = null
  /** Whether older entries have been dropped to stay within `max` (so an offset it does not cover is a long way back). */
  trimmed = false

  constructor(private readonly max: number) {}

  get size() {
    return this.entries.length - this.head
  }

  /** A broadcast read from the stream (in stream order). `data` null: one this log cannot hold; it starts afresh. */
  add(id: string, rooms: string[], data: T | null) {
    const at = parseId(id)
    if (data === null) {
      this.clear()
      this.from = at
      this.last = id
      return
    }
    if (this.from === null) this.from = [at[0], at[1] - 1]
    const e: Entry<T> = { id, at, rooms, data }
    this.entries.push(e)
    if (rooms.length === 0) this.everyone.push(e)
    for (const room of rooms) {
      const list = this.byRoom.get(room)
      if (list) list.push(e)
      else this.byRoom.set(room, [e])
    }
    this.last = id
    while (this.size > this.max) this.dropOldest()
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
    const found = new Set<Entry<T>>()
    for (const list of [this.everyone, ...rooms.map((r) => this.byRoom.get(r))]) {
      if (!list) continue
      for (let i = list.length - 1; i >= 0 && isAfter(list[i].at, from); i--)
        if (!isAfter(list[i].at, to)) found.add(list[i])
    }
    return [...found].sort((x, y) => (isAfter(x.at, y.at) ? 1 : -1))
  }

  private dropOldest() {
    const e = this.entries[this.head]!
    this.entries[this.head++] = undefined
    if (this.head > 1024 && this.head * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.head)
      this.head = 0
    }
    if (e.rooms.length === 0) this.everyone.shift()
    for (const room of e.rooms) {
      const list = this.byRoom.get(room)!
      list.shift()
      if (!list.length) this.byRoom.delete(room)
    }
    this.from = e.at
    this.trimmed = true
  }

  private clear() {
    this.entries = []
    this.head = 0
    this.byRoom.clear()
    this.everyone.length = 0
  }
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
 * stream the adapter already reads; a restore whose offset it covers reads only the session and the entries newer
 * than the log (the adapter's own restore, from the log's last id), and takes the rest from memory. An offset older than
 * a full log (a client away longer than `logSize` broadcasts) is not restored: the client connects afresh and
 * refetches. An instance whose log has not filled yet (just started) leaves older offsets to the adapter as before.
 */
export function createStreamsAdapter(
  redis: Redis,
  opts: Options & {
    logSize: number
    /** Called for each broadcast another instance put on the stream, before its sockets are told of it. */
    beforeRemoteBroadcast?: () => void
  },
) {
  const { logSize, beforeRemoteBroadcast, ...adapterOpts } = opts
  const make = createAdapter(redis, adapterOpts)
  // Socket.IO calls this with `new`: a plain function returning the adapter object.
  return function streamsAdapter(nsp: { name: string }) {
    const adapter = make(nsp)
    const log = new RecoveryLog(logSize)
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
    adapter.restoreSession = async (pid, offset) => {
      const upTo = log.last
      if (!upTo || log.isAfterLast(offset)) return restore(pid, offset)
      if (!log.covers(offset)) {
        // Further back than a full log: reading the stream from there would cost more than the client's refetch from
        // the database (which it makes after every reconnect, ADR 013), so it connects afresh. A log that has not
        // filled yet (an instance just started) leaves it to the adapter.
        if (log.trimmed || !STREAM_ID.test(offset)) throw new Error('offset older than the recovery log')
        return restore(pid, offset)
      }
      // The session and what came after the log's newest entry, from Redis; everything before, from memory.
      const session: Session = await restore(pid, upTo)
      const fromLog = log
        .since(session.rooms, offset, upTo)
        .map((e) => missedPacket(session.rooms, e.data, e.id))
        .filter((p): p is unknown[] => p !== null)
      session.missedPackets = [...fromLog, ...session.missedPackets]
      return session
    }
    return adapter
  }
}
