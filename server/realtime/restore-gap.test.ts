import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Redis } from 'ioredis'
import { Server } from 'socket.io'
import { afterEach, describe, expect, it } from 'vitest'
import { roomClient } from '../test/sockets'
import { createLocalAdapter } from './local-adapter'
import { handOverMissed, missedSince, PendingRestores } from './pending-restores'
import { RecoveryLog } from './recovery-log'
import { createStreamsAdapter } from './streams-adapter'

/**
 * A restored socket is in its rooms from the restore on, but gets their broadcasts only once connected — after the
 * handshake's middleware (ADR 032). These hold the middleware open, broadcast meanwhile, and check the socket gets
 * what it missed while away and while connecting, in order and once — with no refetch.
 */
const open: { close(): unknown }[] = []
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close()
})

type Make = (name: string) => { adapter: unknown; redis?: Redis }

async function start(make: Make, name: string) {
  const server = http.createServer()
  const { adapter, redis } = make(name)
  const io = new Server(server, {
    connectionStateRecovery: { maxDisconnectionDuration: 60_000, skipMiddlewares: false },
    adapter: adapter as never,
  })
  /** While set, a handshake waits in the middleware until it resolves (as one waits on the session query). */
  let hold: Promise<void> | null = null
  let held = 0
  io.use((_s, next) => {
    if (!hold) return next()
    held++
    void hold.then(() => next())
  })
  io.on('connection', (s) => {
    // What server.ts does first for every socket.
    if (!handOverMissed(s)) return
    if (!s.recovered && typeof s.handshake.auth.room === 'string') void s.join(s.handshake.auth.room)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  open.push({ close: () => io.close() })
  if (redis) {
    open.push({ close: () => redis.quit().catch(() => {}) })
    // The adapter reads the stream from when its reader connects: let it start before anything is broadcast.
    await new Promise((r) => setTimeout(r, 300))
  }
  return {
    io,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    holdHandshakes() {
      let release!: () => void
      hold = new Promise<void>((r) => (release = r))
      held = 0
      return {
        waiting: () => held > 0,
        release: () => {
          hold = null
          release()
        },
      }
    },
  }
}

async function client(url: string, room: string) {
  const c = await roomClient(url, room)
  open.push(c.sock)
  return c
}

/** Ravi, in his room, gets 'before'; then his connection drops (a network blip) and the server sees him gone. */
async function seenThenDropped(io: Server, url: string) {
  const ravi = await client(url, 'user:ravi')
  io.to('user:ravi').emit('m', 'before')
  expect(await until(() => ravi.got.length === 1)).toBe(true)
  const onServer = io.of('/').sockets.get(ravi.sock.id!)!
  const gone = new Promise((r) => onServer.once('disconnect', r))
  ravi.sock.io.engine.close()
  await gone
  return ravi
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
  return check()
}

const local =
  (logSize: number): Make =>
  () => ({ adapter: createLocalAdapter({ logSize, maxDisconnectionMs: 60_000 }) })
const streams =
  (logSize: number): Make =>
  (name) => {
    const redis = new Redis(process.env.REDIS_URL!)
    return {
      redis,
      adapter: createStreamsAdapter(redis, {
        streamName: `${name}:stream`,
        channelPrefix: name,
        sessionKeyPrefix: `${name}:session:`,
        blockTimeInMs: 200,
        logSize,
        maxAgeMs: 60_000,
      }),
    }
  }

const cases: [string, (n: number) => Make, boolean][] = [
  ['one instance (local adapter)', local, true],
  ['Redis streams adapter', streams, !!process.env.REDIS_URL],
]

describe.each(cases)('restored sessions, %s', (_label, adapterOf, runs) => {
  it.runIf(runs)(
    'a client back from a drop gets what its room got while away and while its handshake waited, in order, once',
    async () => {
      const name = `restore-gap-${process.pid}-${Date.now()}`
      const { io, url, holdHandshakes } = await start(adapterOf(100), name)
      const ravi = await seenThenDropped(io, url)
      io.to('user:ravi').emit('m', 'while away')
      io.to('user:asha').emit('m', 'not for ravi')
      // Each instance reads its own broadcasts back from the stream before it can restore from them.
      await new Promise((r) => setTimeout(r, 300))

      const handshakes = holdHandshakes()
      const back = new Promise<void>((r) => ravi.sock.once('connect', () => r()))
      ravi.sock.connect()
      expect(await until(handshakes.waiting)).toBe(true)
      io.to('user:ravi').emit('m', 'while connecting 1')
      io.to(['user:ravi', 'user:asha']).except('user:ravi').emit('m', 'except ravi')
      io.to('user:ravi').emit('m', 'while connecting 2')
      await new Promise((r) => setTimeout(r, 300))
      handshakes.release()
      await back
      expect(ravi.sock.recovered).toBe(true)
      io.to('user:ravi').emit('m', 'after')
      const expected = ['before', 'while away', 'while connecting 1', 'while connecting 2', 'after']
      await until(() => ravi.got.length >= expected.length)
      await new Promise((r) => setTimeout(r, 100)) // and nothing twice
      expect(ravi.got).toEqual(expected)
    },
  )

  it.runIf(runs)(
    'a handshake that waited longer than the log reaches back is dropped, and the client comes back afresh',
    async () => {
      const name = `restore-gap-long-${process.pid}-${Date.now()}`
      const { io, url, holdHandshakes } = await start(adapterOf(3), name)
      const ravi = await seenThenDropped(io, url)
      await new Promise((r) => setTimeout(r, 300))

      const handshakes = holdHandshakes()
      const connects: boolean[] = []
      ravi.sock.on('connect', () => connects.push(ravi.sock.recovered))
      ravi.sock.io.reconnection(true)
      ravi.sock.io.reconnectionDelay(10)
      ravi.sock.io.reconnectionDelayMax(10)
      ravi.sock.connect()
      expect(await until(handshakes.waiting)).toBe(true)
      for (let i = 0; i < 5; i++) io.to('user:other').emit('m', `other ${i}`)
      await new Promise((r) => setTimeout(r, 300))
      handshakes.release()
      // Restored, then closed at once (its log moved on), then back afresh: not restored, so it refetches.
      expect(await until(() => connects.length >= 2 && ravi.sock.connected)).toBe(true)
      expect(connects.at(-1)).toBe(false)
    },
  )
})

describe.runIf(!!process.env.REDIS_URL)('Redis streams adapter restore', () => {
  it('takes the session from Redis and the missed packets from memory, without reading the stream', async () => {
    const name = `restore-reads-${process.pid}-${Date.now()}`
    const { io, url } = await start(streams(100), name)
    const ravi = await seenThenDropped(io, url)
    for (let i = 1; i <= 3; i++) io.to('user:ravi').emit('m', `away ${i}`)
    await new Promise((r) => setTimeout(r, 300))
    // Count what the adapter asks Redis for during the restore.
    const monitor = new Redis(process.env.REDIS_URL!)
    open.push({ close: () => monitor.quit().catch(() => {}) })
    const seen: string[] = []
    const m = await monitor.monitor()
    m.on('monitor', (_t: string, args: string[]) => {
      if (args.some((a) => a.startsWith(name))) seen.push(args[0].toLowerCase())
    })
    open.push({ close: () => m.disconnect() })
    const back = new Promise<void>((r) => ravi.sock.once('connect', () => r()))
    ravi.sock.connect()
    await back
    expect(ravi.sock.recovered).toBe(true)
    expect(await until(() => ravi.got.length === 4)).toBe(true)
    expect(ravi.got).toEqual(['before', 'away 1', 'away 2', 'away 3'])
    expect(seen).toContain('get')
    expect(seen).not.toContain('xrange')
  })
})

describe('PendingRestores', () => {
  it('keeps a note until taken once, and forgets notes of handshakes that never completed', () => {
    let t = 0
    const p = new PendingRestores(() => t)
    p.add('a', '1-0', ['user:a'])
    expect(p.take('a')).toEqual({ through: '1-0', rooms: ['user:a'], strict: true, at: 0 })
    expect(p.take('a')).toBeUndefined()
    expect(p.take(42)).toBeUndefined()
    p.add('b', '2-0', [])
    t = 61_000
    p.add('c', '3-0', [])
    expect(p.size).toBe(1)
    expect(p.take('b')).toBeUndefined()
    expect(p.take('c')?.through).toBe('3-0')
  })
})

describe('missedSince', () => {
  const log = new RecoveryLog<string>(3)
  for (let i = 1; i <= 5; i++) log.add(`${i}-0`, [i % 2 ? 'user:a' : 'user:b'], `m${i}`)
  const packet = (_rooms: string[], e: { data: string }) => [e.data]
  const note = (through: string, strict = true) => ({ through, rooms: ['user:a'], strict })

  it("gives the note's rooms' broadcasts after it, nothing without a note or before the log reaches it", () => {
    expect(missedSince(log, note('3-0'), packet)).toEqual([['m5']])
    expect(missedSince(log, undefined, packet)).toEqual([])
    expect(missedSince(log, note('9-0'), packet)).toEqual([])
  })

  it('a note further back than the log: null (come back and refetch), unless it came from a stream read', () => {
    expect(missedSince(log, note('1-0'), packet)).toBeNull()
    expect(missedSince(log, note('1-0', false), packet)).toEqual([['m3'], ['m5']])
  })
})
