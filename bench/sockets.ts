// One-to-one chat over Socket.IO under load: N sockets split over 2 server processes on one PostgreSQL and Redis,
// pairs exchanging messages through `sendMessage`, beside the same load on a single process.
// Usage: npm run bench:sockets   (2,000 sockets, 1,000 msg/s, 60 s after a 3 s warm-up; PostgreSQL at DATABASE_URL, Redis at REDIS_URL)
//        BENCH_SOCKETS=200 BENCH_RATE=100 BENCH_SECONDS=10 npm run bench:sockets
//        BENCH_TICK_MS=1 npm run bench:sockets    (about one message at a time instead of bursts every 10 ms)
//        BENCH_ORDER=apart npm run bench:sockets  (a person's partner replies half a round later, not at once)
//        BENCH_INSTANCES=1 npm run bench:sockets  (only the single-instance run; =2 only the two-instance one)
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { io as connectClient, type Socket } from 'socket.io-client'
import { SOCKET_LIMITS, type ClientToServerEvents, type ServerToClientEvents } from '@common/events'
import { openDatabase } from '../server/db/client'
import { migrate } from '../server/db/migrate'
import { sessions, users } from '../server/db/schema'
import { adminStatement, freePort } from './lib'

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000)
const RATE = Number(process.env.BENCH_RATE ?? 1000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
const GRACE_MS = 5000
/** The most messages one refetch asks for (the API's maximum page). */
const PAGE = 100
const TICK_MS = Number(process.env.BENCH_TICK_MS ?? 10)
const ORDER = process.env.BENCH_ORDER === 'apart' ? 'apart' : 'together'
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3)
// After the measured window every client's connection is dropped at once and sending goes on while they come back.
const RECONNECT_SECONDS = Number(process.env.BENCH_RECONNECT_SECONDS ?? 10)
const dbName = `bench_sockets_${Date.now()}`
// Which runs to make: both by default, BENCH_INSTANCES=2 or =1 for one of them.
const INSTANCES = (process.env.BENCH_INSTANCES ?? '2,1').split(',').map(Number)
if (!INSTANCES.every((n) => n === 1 || n === 2))
  throw new Error('BENCH_INSTANCES is a list of 1 and 2, e.g. 2,1')

if (SOCKETS < 2 || SOCKETS % 2) throw new Error('BENCH_SOCKETS must be an even number ≥ 2')
// Each socket sends RATE/SOCKETS a second; stay well under the per-socket limit so no message is refused.
const perWindow = (RATE / SOCKETS) * (SOCKET_LIMITS.windowMs / 1000)
if (perWindow > SOCKET_LIMITS.sendMessage * 0.8)
  throw new Error(
    `${RATE} msg/s over ${SOCKETS} sockets is ${perWindow.toFixed(1)} per socket per ${SOCKET_LIMITS.windowMs / 1000} s; the limit is ${SOCKET_LIMITS.sendMessage}. Use more sockets or a lower rate.`,
  )
// …and under the per-person chat limit the servers run with (CHAT_SEND_PER_MIN, default 60 a minute).
const chatPerMin = Number(process.env.CHAT_SEND_PER_MIN ?? 60)
if ((RATE / SOCKETS) * 60 > chatPerMin * 0.8)
  throw new Error(
    `${RATE} msg/s over ${SOCKETS} sockets is ${((RATE / SOCKETS) * 60).toFixed(1)} per person a minute; the chat limit is ${chatPerMin}. Use more sockets or a lower rate.`,
  )

const admin = (statement: string) => adminStatement(baseUrl, statement)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Resident memory of a process in bytes, from /proc. */
function rss(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) * 1024 : NaN
}

/** CPU time (user + system) of a process in ms, from /proc. */
function cpuMs(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS
  } catch {
    return 0
  }
}
const CLOCK_TICKS = 100
/** CPU time in ms of every process with this command name (PostgreSQL's backends, Redis) on this machine, whatever else they serve meanwhile. */
function cpuMsOf(comm: string): number {
  let sum = 0
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8')
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === comm) sum += cpuMs(Number(d))
    } catch {
      // gone meanwhile
    }
  }
  return sum
}
/** The machine's CPU ticks so far, and those stolen by the host for other guests (a virtual machine's noisy neighbours). */
function machineTicks(): { total: number; steal: number } {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number)
  return { total: f.slice(0, 8).reduce((a, b) => a + b, 0), steal: f[7] ?? 0 }
}
/** Where the CPU goes: the servers, this process (the clients), PostgreSQL and Redis, as ms so far. */
function cpuNow(servers: { proc: ChildProcess }[]) {
  const u = process.cpuUsage()
  return {
    servers: servers.reduce((sum, s) => sum + cpuMs(s.proc.pid!), 0),
    clients: (u.user + u.system) / 1000,
    postgres: cpuMsOf('postgres'),
    redis: cpuMsOf('redis-server'),
  }
}

interface Server {
  url: string
  proc: ChildProcess
  dataDir: string
}

// This run's own Redis keys and stream, so two runs on one Redis (or a deployment) never meet.
const redisPrefix = `bench-sockets-${process.pid}-${Date.now()}`

async function startServer(dbUrl: string, withRedis: boolean): Promise<Server> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sockets-'))
  const proc = spawn(
    process.execPath,
    // BENCH_SERVER_ARGS='--cpu-prof --cpu-prof-dir=.tmp' profiles the servers.
    [
      ...(process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      'server/main.ts',
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl,
        REDIS_URL: withRedis ? redisUrl : '',
        REDIS_PREFIX: redisPrefix,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'never',
        SESSION_SECRET: 'bench-sockets-session-secret-0123456789abcdef',
      },
      // BENCH_SERVER_STDOUT=prefix writes each server's standard output to prefix.<port> (with --trace-gc, say).
      stdio: [
        'ignore',
        process.env.BENCH_SERVER_STDOUT
          ? fs.openSync(`${process.env.BENCH_SERVER_STDOUT}.${port}`, 'w')
          : 'ignore',
        'inherit',
      ],
    },
  )
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`)
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, proc, dataDir }
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  throw new Error('server did not become ready in 60 s')
}

async function stopServer(s: Server) {
  if (s.proc.exitCode === null) {
    const done = new Promise((r) => s.proc.once('exit', r))
    s.proc.kill('SIGTERM')
    await Promise.race([done, sleep(15_000)])
    if (s.proc.exitCode === null) s.proc.kill('SIGKILL')
  }
  fs.rmSync(s.dataDir, { recursive: true, force: true })
}

function connect(url: string, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = connectClient(url, {
    transports: ['websocket'],
    auth: { token },
    // The web client's timing (product.md §13): a dropped client comes back after 1–5 s and recovers what it missed.
    reconnection: true,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
    forceNew: true,
    timeout: 60_000,
  })
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (e) => {
      socket.close()
      reject(e)
    })
  })
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN

async function run(label: string, servers: Server[], people: { id: string; token: string }[]) {
  const before = servers.map((s) => rss(s.proc.pid!))
  // Socket i belongs to person i; partners are 2k and 2k+1, and with two servers they sit on different ones.
  const sockets: ClientSocket[] = new Array(people.length)
  const connectRange = async (from: number, to: number) => {
    for (let i = from; i < to; i += 50)
      await Promise.all(
        people.slice(i, Math.min(i + 50, to)).map(async (p, j) => {
          const k = i + j
          sockets[k] = await connect(servers[k % servers.length].url, p.token)
        }),
      )
  }
  // Memory per idle socket is the slope from the first tenth to all of them: the first connections also pay for
  // code paths and pools warming up once, which no later socket costs.
  const t0 = Date.now()
  const tenth = Math.max(2, Math.floor(people.length / 20) * 2)
  await connectRange(0, tenth)
  await sleep(1000)
  const mid = servers.map((s) => rss(s.proc.pid!))
  await connectRange(tenth, people.length)
  const connectSeconds = (Date.now() - t0) / 1000
  await sleep(2000)
  const after = servers.map((s) => rss(s.proc.pid!))

  const sentAt = new Map<string, number>()
  const acked = new Set<string>()
  const received = new Set<string>()
  const latencies: number[] = []
  let duplicates = 0
  let refused = 0
  // No ack within 30 s: the request or its answer went down with a dropped connection (the app shows it unsent).
  let unanswered = 0
  let recovered = 0
  let reconnected = 0
  let refetched = 0
  let refetching = 0
  let droppedAt: number | undefined
  let crossedDrop = 0
  const viaRefetch = new Set<string>()
  const reconnectLatencies: number[] = []
  const lastSeen: (string | undefined)[] = new Array(people.length)
  // When each client was back after the drop (ms after it), and the CPU the reconnect phase cost.
  const backAfter: number[] = []
  // BENCH_TRACE=file writes each measured message's send time (ms after the warm-up) and latency, a line each.
  const trace: string[] | null = process.env.BENCH_TRACE ? [] : null
  const deliver = (key: string, refetch: boolean) => {
    const at = sentAt.get(key)
    if (at === undefined) return
    if (received.has(key)) {
      if (!refetch && !viaRefetch.has(key)) duplicates++
      return
    }
    received.add(key)
    if (refetch) {
      viaRefetch.add(key)
      refetched++
    }
    if (at < measureFrom) return
    if (trace) trace.push(`${(at - measureFrom).toFixed(1)} ${(performance.now() - at).toFixed(1)}`)
    // Sent before the drop but delivered after it: the drop interrupted it, so it counts with the reconnect phase.
    if (at < reconnectFrom && droppedAt === undefined) latencies.push(performance.now() - at)
    else {
      if (at < reconnectFrom) crossedDrop++
      reconnectLatencies.push(performance.now() - at)
    }
  }
  // Why connections failed or dropped after the start, by reason (a refused handshake is not retried by the client).
  const connectErrors = new Map<string, number>()
  const drops = new Map<string, number>()
  const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1)
  sockets.forEach((s, k) => {
    const me = people[k].id
    s.on('connect_error', (e) => bump(connectErrors, e.message))
    s.on('disconnect', (reason) => bump(drops, reason))
    const url = servers[k % servers.length].url
    s.on('receiveMessage', (m) => {
      if (m.receiver !== me) return // the sender's own copy (for its other tabs)
      lastSeen[k] = m._id
      deliver(m.content, false)
    })
    s.on('connect', async () => {
      reconnected++
      if (droppedAt !== undefined) backAfter.push(performance.now() - droppedAt)
      // As the web client does (ADR 032): a restored session was handed everything it missed; one that was not
      // restored fetches what came in since the last message it saw (ADR 013).
      if (s.recovered) return void recovered++
      refetching++
      try {
        // Page forward from the last message seen until a page comes back short, as a client catching up does.
        for (;;) {
          const after = lastSeen[k] ? `&after=${lastSeen[k]}` : ''
          const res = await fetch(`${url}/api/v1/chat/messages/${people[k ^ 1].id}?limit=${PAGE}${after}`, {
            headers: { authorization: `Bearer ${people[k].token}` },
          })
          const body = (await res.json()) as {
            data?: { messages: { _id: string; receiver: string; content: string }[] }
          }
          const page = body.data?.messages ?? []
          for (const m of page) if (m.receiver === me) deliver(m.content, true)
          if (!lastSeen[k] || page.length < PAGE) break
          lastSeen[k] = page.at(-1)!._id
        }
      } catch {
        // what never arrives counts as lost
      } finally {
        refetching--
      }
    })
  })

  // A ticker every TICK_MS (10) sends what the target rate owes by now, round-robin over the sockets: in bursts, a
  // harder load than independent people sending one at a time (BENCH_TICK_MS=1). The first
  // WARMUP seconds (JIT, pools) count for lost and duplicates but not for latency.
  let seq = 0
  let next = 0
  const startAt = performance.now()
  const measureFrom = startAt + WARMUP * 1000
  const reconnectFrom = measureFrom + SECONDS * 1000
  const receiverOf = new Map<string, number>()
  // Who sends next. 'together' (default): partners send one right after the other, so both sides of every
  // conversation write at the same moment (and wait on each other's conversation row). 'apart' (BENCH_ORDER=apart): a
  // person's partner sends half a round later (a second at 2,000 sockets and 1,000 msg/s), as in a conversation,
  // consecutive senders still on alternate instances.
  const half = people.length / 2
  const order = Array.from({ length: people.length }, (_, i) =>
    ORDER === 'together' ? i : i < half ? 2 * i + (i % 2) : 2 * (i - half) + 1 - ((i - half) % 2),
  )
  const ticker = setInterval(() => {
    const owed = Math.floor(((performance.now() - startAt) / 1000) * RATE)
    for (; seq < owed;) {
      const k = order[next]
      next = (next + 1) % sockets.length
      const key = `b${++seq}`
      sentAt.set(key, performance.now())
      receiverOf.set(key, k ^ 1)
      sockets[k]
        .timeout(30_000)
        .emitWithAck('sendMessage', { receiver: people[k ^ 1].id, content: key })
        .then((ack) => (ack.success ? acked.add(key) : refused++))
        .catch(() => unanswered++)
    }
  }, TICK_MS)
  let cpuFrom: ReturnType<typeof cpuNow> | undefined
  let ticksFrom = machineTicks()
  let seqFrom = 0
  setTimeout(() => {
    cpuFrom = cpuNow(servers)
    ticksFrom = machineTicks()
    seqFrom = seq
  }, WARMUP * 1000)
  await sleep((WARMUP + SECONDS) * 1000)
  const cpuTo = cpuNow(servers)
  const ticksTo = machineTicks()
  // The share of the machine's time the host gave to others: latency tails follow it (zero on a machine of one's own).
  const stealPercent =
    (100 * (ticksTo.steal - ticksFrom.steal)) / Math.max(1, ticksTo.total - ticksFrom.total)
  // CPU per message sent in the measured window (µs), by where it was spent.
  const perMessage = Object.fromEntries(
    Object.entries(cpuTo).map(([k, v]) => [
      k,
      Math.round(((v - cpuFrom![k as keyof typeof cpuTo]) * 1000) / (seq - seqFrom)),
    ]),
  ) as Record<keyof typeof cpuTo, number>
  const seqAtDrop = seq
  const cpuAtDrop = cpuNow(servers)
  let dropped = 0
  if (RECONNECT_SECONDS > 0) {
    droppedAt = performance.now()
    // Drop every client's connection as a network blip would: each comes back by itself and, within the recovery
    // window, gets what was sent to it meanwhile. Sending goes on throughout.
    for (const s of sockets) {
      s.io.engine.close()
      dropped++
    }
    await sleep(RECONNECT_SECONDS * 1000)
  }
  clearInterval(ticker)
  const deadline = Date.now() + GRACE_MS + 30_000
  // Every ack has come back (or timed out), then the receivers get GRACE_MS more.
  while (acked.size + refused + unanswered < seq && Date.now() < deadline) await sleep(100)
  // Every dropped client is back and has fetched what it may have missed (or 60 s have passed).
  const backBy = Date.now() + 60_000
  while ((sockets.some((s) => !s.connected) || refetching > 0) && Date.now() < backBy) await sleep(100)
  const cpuAtBack = cpuNow(servers)
  await sleep(GRACE_MS)
  // Undelivered to a client that is back: lost. Undelivered to one still reconnecting when the wait ended: not yet
  // back (it refetches when it connects), counted apart.
  const undelivered = [...acked].filter((k) => !received.has(k))
  const lostKeys = undelivered.filter((k) => sockets[receiverOf.get(k)!].connected)
  const notBack = undelivered.length - lostKeys.length
  const stillAway = sockets.filter((s) => !s.connected).length
  const lost = lostKeys.length
  const lostAfterDrop = lostKeys.filter((k) => Number(k.slice(1)) > seqAtDrop).length
  for (const s of sockets) s.close()
  // The first line: when the measured window began, in ms since the epoch (to line the trace up with other probes).
  if (trace)
    fs.writeFileSync(
      `${process.env.BENCH_TRACE}.${servers.length}`,
      `# from ${(performance.timeOrigin + measureFrom).toFixed(1)}\n${trace.join('\n')}\n`,
    )
  latencies.sort((x, y) => x - y)
  reconnectLatencies.sort((x, y) => x - y)
  backAfter.sort((x, y) => x - y)
  return {
    run: label,
    sockets: people.length,
    servers: servers.length,
    targetRate: RATE,
    tickMs: TICK_MS,
    order: ORDER,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    reconnectSeconds: RECONNECT_SECONDS,
    achievedRate: Number((seq / (WARMUP + SECONDS + RECONNECT_SECONDS)).toFixed(1)),
    sent: seq,
    acked: acked.size,
    refused,
    unanswered,
    delivered: received.size,
    lost,
    duplicates,
    p50Ms: Number(pct(latencies, 50).toFixed(1)),
    p99Ms: Number(pct(latencies, 99).toFixed(1)),
    maxMs: Number((latencies.at(-1) ?? NaN).toFixed(1)),
    dropped,
    reconnected,
    recovered,
    lostAfterDrop,
    refetched,
    notBack,
    stillAway,
    reconnectP99Ms: Number(pct(reconnectLatencies, 99).toFixed(1)),
    connectErrors: Object.fromEntries(connectErrors),
    disconnects: Object.fromEntries(drops),
    backP50S: Number((pct(backAfter, 50) / 1000).toFixed(1)),
    backP99S: Number((pct(backAfter, 99) / 1000).toFixed(1)),
    // CPU from the drop until every client was back and had refetched, sending included (ms per client), by where.
    reconnectCpuMsPerClient: Object.fromEntries(
      Object.entries(cpuAtBack).map(([k, v]) => [
        k,
        dropped ? Number(((v - cpuAtDrop[k as keyof typeof cpuAtBack]) / dropped).toFixed(2)) : NaN,
      ]),
    ),
    sentBeforeDeliveredAfterDrop: crossedDrop,
    connectSeconds,
    rssBeforeMB: before.map((b) => Number((b / 1048576).toFixed(1))),
    rssAfterConnectMB: after.map((b) => Number((b / 1048576).toFixed(1))),
    cpuUsPerMessage: perMessage,
    stealPercent: Number(stealPercent.toFixed(1)),
    kbPerIdleSocket: Number(
      (after.reduce((sum, b, n) => sum + (b - mid[n]), 0) / (people.length - tenth) / 1024).toFixed(1),
    ),
  }
}

async function main() {
  await admin(`create database ${dbName}`)
  const dbUrl = baseUrl.replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`)
  const servers: Server[] = []
  try {
    const database = await openDatabase({ databaseUrl: dbUrl })
    await migrate(database)
    // People and their sessions as sign-in makes them: the row keeps the sha256 of the bearer token.
    const people: { id: string; token: string }[] = []
    for (let i = 0; i < SOCKETS; i += 500) {
      const batch = Array.from({ length: Math.min(500, SOCKETS - i) }, (_, j) => {
        const n = i + j
        return {
          userId: `bench${n}`,
          username: `bench${n}`,
          fullname: `Bench User ${n}`,
          email: `bench${n}@bench.microlance.in`,
        }
      })
      const rows = await database.db.insert(users).values(batch).returning({ id: users.id })
      const tokens = rows.map(() => crypto.randomBytes(32).toString('base64url'))
      await database.db.insert(sessions).values(
        rows.map((r, j) => ({
          tokenHash: crypto.createHash('sha256').update(tokens[j]).digest('hex'),
          userId: r.id,
          expiresAt: new Date(Date.now() + 86_400_000),
        })),
      )
      rows.forEach((r, j) => people.push({ id: r.id, token: tokens[j] }))
    }
    await database.close()
    console.log(
      `${SOCKETS} sockets, ${RATE} msg/s sent every ${TICK_MS} ms, partners ${ORDER}, for ${SECONDS} s (database ${dbName}, Redis ${redisUrl.replace(/\/\/.*@/, '//')})`,
    )

    const results = []
    if (INSTANCES.includes(2)) {
      servers.push(await startServer(dbUrl, true), await startServer(dbUrl, true))
      results.push(await run('2 instances + Redis', servers, people))
      for (const s of servers.splice(0)) await stopServer(s)
    }
    if (INSTANCES.includes(1)) {
      servers.push(await startServer(dbUrl, false))
      results.push(await run('1 instance', servers, people))
      for (const s of servers.splice(0)) await stopServer(s)
    }

    console.table(
      results.map((r) => ({
        run: r.run,
        sockets: r.sockets,
        sent: r.sent,
        'msg/s': r.achievedRate,
        acked: r.acked,
        refused: r.refused,
        unacked: r.unanswered,
        lost: r.lost,
        dup: r.duplicates,
        'p50 ms': r.p50Ms,
        'p99 ms': r.p99Ms,
        'max ms': r.maxMs,
        'recovered/dropped': `${r.recovered}/${r.dropped}`,
        'lost after drop': r.lostAfterDrop,
        refetched: r.refetched,
        'for clients not back': r.notBack,
        'p99 ms while back': r.reconnectP99Ms,
        'back p50·p99 s': `${r.backP50S}·${r.backP99S}`,
        'CPU ms/reconnect': Object.values(r.reconnectCpuMsPerClient).join('·'),
        'crossed the drop': r.sentBeforeDeliveredAfterDrop,
        'KB/idle socket': r.kbPerIdleSocket,
        'CPU µs/msg servers·clients·pg·redis': Object.values(r.cpuUsPerMessage).join('·'),
        'steal %': r.stealPercent,
      })),
    )
    for (const r of results)
      if (Object.keys(r.connectErrors).length || Object.keys(r.disconnects).length)
        console.log(
          `${r.run}: connect errors ${JSON.stringify(r.connectErrors)}, disconnects ${JSON.stringify(r.disconnects)}`,
        )
    const out = path.join(root, 'bench/sockets-results.json')
    fs.writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), results }, null, 2) + '\n')
    console.log(`written to ${path.relative(root, out)}`)
  } finally {
    for (const s of servers) await stopServer(s)
    await admin(`drop database if exists ${dbName} with (force)`)
    await dropRedisKeys(`${redisPrefix}*`).catch(() => {})
  }
}

/** Removes this run's stream, sessions and counters from Redis. */
async function dropRedisKeys(pattern: string): Promise<void> {
  const { Redis } = await import('ioredis')
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
  try {
    await redis.connect()
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000)
      if (keys.length) await redis.del(...keys)
      cursor = next
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e)
    process.exit(1)
  },
)
