import { decode as msgpackDecode } from '@msgpack/msgpack'
import { createAdapter } from '@socket.io/redis-streams-adapter'
import type { Redis } from 'ioredis'
import { missedSince, PendingRestores, type RestoringAdapter } from './pending-restores'
import { RecoveryLog } from './recovery-log'
import { newerId, STREAM_ID } from './stream-ids'

type Options = NonNullable<Parameters<typeof createAdapter>[1]>
type StreamsAdapter = ReturnType<ReturnType<typeof createAdapter>>
type RawMessage = Parameters<StreamsAdapter['onRawMessage']>[0]
type Session = Awaited<ReturnType<StreamsAdapter['restoreSession']>>

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
    /**
     * Called for each broadcast another instance put on the stream, before its sockets are told of it: the event's
     * name and the rooms it goes to.
     */
    beforeRemoteBroadcast?: (event: string, rooms: readonly string[]) => void
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
        const rooms: string[] = message.data?.opts?.rooms ?? []
        log.add(offset, json ? rooms : [], json ? raw.data! : null)
        if (raw.uid !== (adapter as unknown as { uid: string }).uid)
          beforeRemoteBroadcast?.(String(message.data?.packet?.data?.[0] ?? ''), rooms)
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
