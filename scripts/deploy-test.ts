// `npm run test:deploy`: the deployment of README "Running many instances" on loopback, end to end. Two server
// processes on one fresh PostgreSQL database and one Redis (own key prefix), behind nginx run from
// deploy/nginx.conf. Through nginx only: two people sign up (codes read from a real SMTP sink), a job is posted,
// funded in escrow with the sandbox provider (and its webhook), applied to and accepted; both chat over Socket.IO;
// the instance one of them is connected to is SIGKILLed mid-conversation; the chat goes on, the work is paid.
// Then the database is asked whether anything was lost or doubled. Prints PASS or FAIL; exits 1 on failure.
//
// Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test: only the server is used; a
// database of its own is created and dropped), Redis (REDIS_URL, default redis://127.0.0.1:6379) and nginx
// (NGINX_PATH, default /usr/sbin/nginx; Debian's nginx-light). With TEST_COUNTS_FILE set, writes the outcome there as
// one test for CI's summary.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { Redis } from 'ioredis'
import pg from 'pg'
import { io as connectClient, type Socket } from 'socket.io-client'
import { adminStatement, freePort } from '../bench/lib'
import type { ClientToServerEvents, ServerToClientEvents } from '@common/events'
import type { ChatMessage } from '@common/schemas/chat'
import { openDatabase } from '../server/db/client'
import { migrate } from '../server/db/migrate'
import { startSmtpSink, type SmtpSink } from '../server/test/smtp-sink'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const baseDbUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const nginxBin = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
const LIMIT_MS = 150_000

const started = Date.now()
const secs = () => ((Date.now() - started) / 1000).toFixed(1)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const log = (line: string) => console.log(`[${secs().padStart(5)} s] ${line}`)

// ---------------------------------------------------------------- checks and summary
const checks: { name: string; ok: boolean; detail: string }[] = []
function check(name: string, ok: boolean, detail = ''): boolean {
  checks.push({ name, ok, detail })
  console.log(`${ok ? '  ok  ' : '  FAIL'} ${name}${detail ? ` — ${detail}` : ''}`)
  return ok
}
class Abort extends Error {}
function must(name: string, ok: boolean, detail = ''): void {
  if (!check(name, ok, detail)) throw new Abort(name)
}

// ---------------------------------------------------------------- processes
const id = `${process.pid}_${crypto.randomBytes(3).toString('hex')}`
const dbName = `deploy_${id}`
const dbUrl = baseDbUrl.replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`)
const redisPrefix = `deploy-test-${id}`
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'microlance-deploy-'))
const dataDir = path.join(work, 'data') // one DATA_DIR (uploads) for both, as the README asks
const nginxDir = path.join(work, 'nginx')
const secrets = {
  SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
  RAZORPAY_KEY_SECRET: crypto.randomBytes(24).toString('hex'),
  RAZORPAY_WEBHOOK_SECRET: crypto.randomBytes(24).toString('hex'),
}

interface Instance {
  name: string
  port: number
  proc: ChildProcess | null
  out: string
}
const instances: Instance[] = []
let nginx: ChildProcess | null = null
let nginxOut = ''
let sink: SmtpSink | null = null
let dbCreated = false
const sockets: Socket[] = []

const alive = (p: ChildProcess | null) => !!p && p.exitCode === null && p.signalCode === null
const exited = (p: ChildProcess) => new Promise<void>((r) => (alive(p) ? p.once('exit', () => r()) : r()))

async function startInstance(inst: Instance) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...secrets,
      PORT: String(inst.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      PUBLIC_URL: undefined,
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: sink!.url,
      PAYMENT_PROVIDER: 'sandbox',
      SEED_DEMO: 'never',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  inst.proc = proc
  proc.stdout!.on('data', (d) => (inst.out += d))
  proc.stderr!.on('data', (d) => (inst.out += d))
  const t = Date.now()
  for (;;) {
    if (!alive(proc)) throw new Error(`instance ${inst.name} exited:\n${inst.out}`)
    if (Date.now() - t > 60_000) throw new Error(`instance ${inst.name} not ready in 60 s:\n${inst.out}`)
    try {
      if ((await fetch(`http://127.0.0.1:${inst.port}/readyz`)).ok) return
    } catch {
      // not listening yet
    }
    await sleep(150)
  }
}

/** deploy/nginx.conf with this run's instances, port and paths; throws if the template no longer has a line this edits. */
function nginxConf(listenPort: number): string {
  let text = fs.readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
  const edit = (re: RegExp, to: string | ((...m: string[]) => string)) => {
    if (!re.test(text)) throw new Error(`deploy/nginx.conf: no line matches ${re}`)
    text = text.replace(re, to as any)
  }
  const logs = path.join(nginxDir, 'logs')
  edit(/^pid .*;$/m, `pid ${path.join(nginxDir, 'nginx.pid')};`)
  edit(/^error_log \S+/m, `error_log ${path.join(logs, 'error.log')}`)
  edit(/^(\s*)access_log \S+/m, (_m, sp) => `${sp}access_log ${path.join(logs, 'access.log')}`)
  edit(/^(\s*)listen 80;$/m, (_m, sp) => `${sp}listen 127.0.0.1:${listenPort};`)
  const servers = /^(\s*)server 127\.0\.0\.1:\d+( [^;\n]*)?;\n/gm
  const first = servers.exec(text)
  if (!first) throw new Error('deploy/nginx.conf: no upstream server line')
  const [indent, params] = [first[1], first[2] ?? '']
  text = text.replace(servers, '')
  text = text.replace(
    /^(\s*upstream microlance \{\n)/m,
    (m) => m + instances.map((i) => `${indent}server 127.0.0.1:${i.port}${params};\n`).join(''),
  )
  // Debian's nginx keeps temporary files under /var/lib/nginx; this run keeps them in its own directory.
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((k) => `    ${k}_temp_path ${path.join(nginxDir, 'tmp', k)};\n`)
    .join('')
  edit(/^http \{\n/m, (m) => m + temp)
  return text
}

async function startNginx(port: number) {
  fs.mkdirSync(path.join(nginxDir, 'logs'), { recursive: true })
  fs.mkdirSync(path.join(nginxDir, 'tmp'), { recursive: true })
  // Run as root, nginx's workers drop to an unprivileged user, which must reach the temporary directories.
  for (const d of [work, nginxDir, path.join(nginxDir, 'tmp')]) fs.chmodSync(d, 0o755)
  const conf = path.join(nginxDir, 'nginx.conf')
  fs.writeFileSync(conf, nginxConf(port))
  const tested = spawnSync(nginxBin, ['-t', '-q', '-p', nginxDir, '-c', conf], { encoding: 'utf8' })
  must('nginx accepts deploy/nginx.conf', tested.status === 0, (tested.stderr || '').trim().split('\n')[0])
  nginx = spawn(nginxBin, ['-p', nginxDir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  nginx.stdout!.on('data', (d) => (nginxOut += d))
  nginx.stderr!.on('data', (d) => (nginxOut += d))
  for (let i = 0; ; i++) {
    if (!alive(nginx)) throw new Error(`nginx exited:\n${nginxOut}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return
    } catch {
      // not listening yet
    }
    if (i > 100) throw new Error(`nginx not answering:\n${nginxOut}`)
    await sleep(100)
  }
}

// ---------------------------------------------------------------- a client that only talks to nginx
let base = ''
interface User {
  name: string
  email: string
  token: string
  id: string
}
interface Answer {
  status: number
  body: any
}
async function call(
  method: string,
  p: string,
  who?: User | null,
  body?: unknown,
  headers = {},
): Promise<Answer> {
  const res = await fetch(base + p, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      // The cookie is what nginx keys stickiness on (a browser sends it); the bearer spares the CSRF header.
      ...(who ? { cookie: `token=${who.token}`, authorization: `Bearer ${who.token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  let parsed: any = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // not JSON (an nginx error page)
  }
  return { status: res.status, body: parsed }
}
async function ok(method: string, p: string, who: User | null, body?: unknown, headers = {}): Promise<any> {
  const res = await call(method, p, who, body, headers)
  if (res.status >= 300) throw new Error(`${method} ${p} → ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

async function signUp(name: string, role: 'client' | 'freelancer'): Promise<User> {
  const email = `${name.toLowerCase()}-${id}@example.in`
  await ok('POST', '/api/v1/user/send-otp', null, { email, fullname: `${name} Test`, role })
  let code: string | null = null
  for (let i = 0; i < 100 && !(code = sink!.lastCode(email)); i++) await sleep(100)
  if (!code) throw new Error(`no code mailed to ${email}`)
  const res = await ok('POST', '/api/v1/user/verify-otp', null, { email, otp: code })
  return { name, email, token: res.token, id: res.data._id }
}

/** The instance nginx sends `who` to: a marked request, then its line in nginx's access log. */
async function instanceOf(who: User): Promise<Instance | undefined> {
  const probe = crypto.randomBytes(8).toString('hex')
  await call('GET', `/healthz?probe=${probe}`, who)
  const logFile = path.join(nginxDir, 'logs', 'access.log')
  for (let i = 0; i < 20; i++) {
    const line = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .find((l) => l.includes(probe))
    // Tried instances are listed in order (`a:1, b:2` after a failover): the last one answered.
    const port = line && /upstream=(?:[\d.:]+, )*127\.0\.0\.1:(\d+)/.exec(line)?.[1]
    if (port) return instances.find((x) => x.port === Number(port))
    await sleep(50)
  }
  return undefined
}

type Client = Socket<ServerToClientEvents, ClientToServerEvents>
interface Chatter {
  user: User
  socket: Client
  /** Every receiveMessage the socket got, in order (duplicates kept, to be counted). */
  live: ChatMessage[]
  /** Messages fetched over HTTP after a reconnect, as the web app does (useSocketResync). */
  refetched: ChatMessage[]
  connects: number
  notifications: number
}

/** A socket as the web app opens it: default transports (long-polling, then the WebSocket upgrade), cookie sent. */
async function connect(user: User, peer: User): Promise<Chatter> {
  const socket: Client = connectClient(base, {
    extraHeaders: { cookie: `token=${user.token}` },
    auth: { token: user.token },
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
    forceNew: true,
  })
  sockets.push(socket)
  const c: Chatter = { user, socket, live: [], refetched: [], connects: 0, notifications: 0 }
  socket.on('receiveMessage', (m) => c.live.push(m))
  socket.on('receiveNotification', () => c.notifications++)
  socket.on('connect', () => {
    c.connects++
    socket.emit('join', user.id)
    if (c.connects > 1) {
      // The web app's answer to any reconnect: refetch the conversation after the last message it has.
      const after = c.live.at(-1)?._id
      void call(
        'GET',
        `/api/v1/chat/messages/${peer.id}?limit=100${after ? `&after=${after}` : ''}`,
        user,
      ).then((r) => {
        if (r.status === 200) c.refetched.push(...r.body.data.messages)
      })
    }
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  // Wait for the upgrade from long-polling to WebSocket, which must pass through nginx.
  const engine = socket.io.engine
  if (engine.transport.name !== 'websocket')
    await Promise.race([new Promise((r) => engine.once('upgrade', r)), sleep(5000)])
  return c
}

const seen = (c: Chatter) => new Set([...c.live, ...c.refetched].map((m) => m._id))

async function until(what: string, cond: () => boolean, ms = 15_000) {
  const t = Date.now()
  while (!cond()) {
    if (Date.now() - t > ms) throw new Error(`timed out waiting for ${what}`)
    await sleep(50)
  }
}

/** Sends over the socket once it is connected; the server's ack carries the stored message. */
async function say(from: Chatter, to: Chatter, content: string, jobId: string, sent: ChatMessage[]) {
  await until(`${from.user.name}'s socket`, () => from.socket.connected)
  const ack = (await from.socket.timeout(10_000).emitWithAck('sendMessage', {
    receiver: to.user.id,
    content,
    jobId,
  })) as { success: boolean; message?: ChatMessage; code?: string }
  if (!ack.success || !ack.message) throw new Error(`sendMessage refused: ${JSON.stringify(ack)}`)
  sent.push(ack.message)
  return ack.message
}

// ---------------------------------------------------------------- the run
async function run() {
  const nginxVersion = spawnSync(nginxBin, ['-v'], { encoding: 'utf8' })
  must('nginx is installed', nginxVersion.status === 0, (nginxVersion.stderr || nginxBin).trim())

  await adminStatement(baseDbUrl, `create database ${dbName}`)
  dbCreated = true
  const database = await openDatabase({ databaseUrl: dbUrl })
  const applied = await migrate(database)
  await database.close()
  log(`database ${dbName}: ${applied.length} migrations applied; Redis prefix ${redisPrefix}`)

  sink = await startSmtpSink()
  for (const name of ['A', 'B']) instances.push({ name, port: await freePort(), proc: null, out: '' })
  await Promise.all(instances.map(startInstance))
  log(`instances ${instances.map((i) => `${i.name}=:${i.port}`).join(' ')} ready`)
  const nginxPort = await freePort()
  await startNginx(nginxPort)
  base = `http://127.0.0.1:${nginxPort}`
  log(`nginx on ${base}`)

  // People: the freelancer is signed up until nginx places them on the other instance than the poster.
  const poster = await signUp('Asha', 'client')
  const posterOn = await instanceOf(poster)
  let freelancer = await signUp('Ravi', 'freelancer')
  let freelancerOn = await instanceOf(freelancer)
  for (let i = 2; i <= 10 && freelancerOn === posterOn; i++) {
    freelancer = await signUp(`Ravi${i}`, 'freelancer')
    freelancerOn = await instanceOf(freelancer)
  }
  must('nginx routes each signed-in person to an instance', !!posterOn && !!freelancerOn)
  check(
    'the two people are on different instances',
    posterOn !== freelancerOn,
    `poster on ${posterOn!.name}, freelancer on ${freelancerOn!.name}`,
  )

  // A job, an application, escrow.
  const job = (
    await ok('POST', '/api/v1/job/post', poster, {
      title: 'React developer for a booking widget',
      description: 'Build a small React widget that shows slots and books them through our API.',
      paymentType: 'per-unit',
      locationPreference: 'Remote',
      amount: '',
      rate: '500',
      units: '4',
      frequency: '',
      duration: '2',
      skills: ['React', 'TypeScript'],
      total: '2000',
    })
  ).job
  const application = (await ok('POST', `/api/v1/application/jobs/${job._id}/apply`, freelancer, {}))
    .application
  await ok('PATCH', `/api/v1/application/applications/${application._id}/status`, poster, {
    status: 'accepted',
  })
  const order = await ok('POST', '/api/payments/create-order', poster, { jobId: job._id, units: 4 })
  const paid = await ok('POST', '/api/payments/sandbox/pay', poster, {
    orderId: order.orderId,
    outcome: 'success',
  })
  const result = {
    razorpay_order_id: paid.razorpay_order_id,
    razorpay_payment_id: paid.razorpay_payment_id,
    razorpay_signature: paid.razorpay_signature,
  }
  const fundKey = crypto.randomUUID()
  // The browser's verify, and later its retry: the same payment under the same key.
  const verify = () =>
    ok('POST', '/api/payments/verify', poster, { jobId: job._id, ...result }, { 'idempotency-key': fundKey })
  await verify()
  // The provider's webhook for the same payment, and the browser's retry of verify: neither books it again.
  const hook = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: result.razorpay_payment_id,
          entity: 'payment',
          amount: order.amount * 100,
          currency: 'INR',
          status: 'captured',
          order_id: order.orderId,
          method: 'card',
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  })
  const webhook = await fetch(`${base}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': `evt_${crypto.randomBytes(7).toString('hex')}`,
      'x-razorpay-signature': crypto
        .createHmac('sha256', secrets.RAZORPAY_WEBHOOK_SECRET)
        .update(hook)
        .digest('hex'),
    },
    body: hook,
  })
  check('the signed webhook is accepted through nginx', webhook.status === 200, `status ${webhook.status}`)
  await verify()
  const funded = (await ok('GET', `/api/v1/payments/job/${job._id}`, poster)).data
  check(
    'escrow funded once (verify, its retry and the webhook)',
    funded.fundStatus === 'In Escrow' && funded.funded === 2000,
    `${funded.fundStatus}, funded ₹${funded.funded}`,
  )
  log(`job ${job._id} funded: ₹${funded.funded} in escrow`)

  // Chat: both connected through nginx, each on its own instance.
  const sent: ChatMessage[] = []
  const a = await connect(poster, freelancer)
  const b = await connect(freelancer, poster)
  check(
    'both sockets upgraded to WebSocket through nginx',
    a.socket.io.engine.transport.name === 'websocket' && b.socket.io.engine.transport.name === 'websocket',
    `${a.socket.io.engine.transport.name}, ${b.socket.io.engine.transport.name}`,
  )
  for (let i = 1; i <= 3; i++) {
    const m1 = await say(a, b, `Hi Ravi, message ${i} before`, job._id, sent)
    await until('live delivery', () => seen(b).has(m1._id))
    const m2 = await say(b, a, `Hello Asha, reply ${i} before`, job._id, sent)
    await until('live delivery', () => seen(a).has(m2._id))
  }
  log(`${sent.length} messages exchanged live across instances`)

  // SIGKILL the freelancer's instance mid-conversation: no goodbye to its sockets, no graceful shutdown.
  const victim = freelancerOn!
  const survivor = instances.find((i) => i !== victim)!
  const bConnects = b.connects
  // One message from the freelancer is on its way to that instance as it dies: it may or may not have been stored,
  // and its answer never comes. Checked below: never stored twice, and readable by the poster if stored.
  const inFlightText = `Ravi, written as instance ${victim.name} dies`
  const inFlight = b.socket
    .timeout(5000)
    .emitWithAck('sendMessage', { receiver: poster.id, content: inFlightText, jobId: job._id })
    .then(
      (ack: any) => (ack?.success ? (ack.message as ChatMessage) : null),
      () => null,
    )
  victim.proc!.kill('SIGKILL')
  await exited(victim.proc!)
  log(`instance ${victim.name} SIGKILLed`)
  // The poster keeps writing while the freelancer's socket is down or moving to the survivor.
  const duringOutage: ChatMessage[] = []
  for (let i = 1; i <= 4; i++)
    duringOutage.push(await say(a, b, `Asha, message ${i} during the outage`, job._id, sent))
  await until('the freelancer to reconnect through nginx', () => b.connects > bConnects, 30_000)
  const inFlightAck = await inFlight
  if (inFlightAck) sent.push(inFlightAck)
  const bOn = await instanceOf(freelancer)
  check('the freelancer reconnected, to the surviving instance', bOn === survivor, `now on ${bOn?.name}`)
  await until(
    'the refetch after the reconnect',
    () => duringOutage.every((m) => seen(b).has(m._id)),
    10_000,
  ).catch(() => {})
  for (let i = 1; i <= 3; i++) {
    const m1 = await say(b, a, `Ravi, reply ${i} after`, job._id, sent)
    await until('live delivery', () => seen(a).has(m1._id))
    const m2 = await say(a, b, `Asha, message ${i} after`, job._id, sent)
    await until('live delivery', () => seen(b).has(m2._id)).catch(() => {})
  }

  // The work is paid: submitted, requested, released — all on the survivor now.
  await ok('POST', `/api/v1/job/${job._id}/submit-work`, freelancer, { message: 'The widget is done.' })
  await ok('POST', `/api/v1/job/${job._id}/request-payment`, freelancer, { message: 'Please release.' })
  const releaseKey = crypto.randomUUID()
  const release = () =>
    call('POST', '/api/v1/payments/release', poster, { jobId: job._id }, { 'idempotency-key': releaseKey })
  const released = await release()
  const again = await release()
  check('release succeeds after the failover', released.status === 200, `status ${released.status}`)
  check(
    'a replayed release answers the same',
    again.status === released.status && isDeepStrictEqual(again.body, released.body),
  )
  const final = (await ok('GET', `/api/v1/payments/job/${job._id}`, freelancer)).data
  check(
    'payment released in full',
    final.fundStatus === 'Released' && final.released === 2000 && final.inEscrow === 0,
    `${final.fundStatus}, released ₹${final.released}, in escrow ₹${final.inEscrow}`,
  )
  await sleep(300) // last events in flight

  // ------------------------------------------------ nothing lost: ask the database
  const db = new pg.Client({ connectionString: dbUrl })
  await db.connect()
  try {
    const ids = sent.map((m) => m._id)
    // The database is this run's own: every message in it was sent by this run.
    const all = (await db.query('select id, content from messages')).rows as { id: string; content: string }[]
    const rows = all.filter((r) => r.content !== inFlightText || ids.includes(r.id))
    const stored = new Set(rows.map((r) => r.id))
    check(
      'every accepted message is stored exactly once, and nothing else',
      ids.every((x) => stored.has(x)) && rows.length === ids.length && new Set(ids).size === ids.length,
      `${ids.length} accepted, ${rows.length} stored`,
    )
    const inFlightRows = all.filter((r) => r.content === inFlightText)
    const posterReads = (await ok('GET', `/api/v1/chat/messages/${freelancer.id}?limit=100`, poster)).data
      .messages as ChatMessage[]
    check(
      'the message in flight at the kill is stored at most once, and the poster can read it if it is',
      inFlightRows.length <= 1 && inFlightRows.every((r) => posterReads.some((m) => m._id === r.id)),
      `${inFlightRows.length ? 'stored' : 'not stored'}, ${inFlightAck ? 'acknowledged' : 'no answer to the sender'}` +
        (inFlightRows.length && !inFlightAck
          ? ` (poster got it live: ${seen(a).has(inFlightRows[0].id)})`
          : ''),
    )
    const toB = sent.filter((m) => m.receiver === freelancer.id)
    const toA = sent.filter((m) => m.receiver === poster.id)
    const bMissing = toB.filter((m) => !seen(b).has(m._id)).length
    // (A refetch returns the whole conversation after a message, both ways, some of it already had live.)
    const bLive = new Set(b.live.filter((m) => m.receiver === freelancer.id).map((m) => m._id))
    const aMissing = toA.filter((m) => !seen(a).has(m._id)).length
    check(
      'the freelancer has every message to them (live, or refetched after reconnecting)',
      bMissing === 0,
      `${toB.length} sent, ${toB.length - bMissing} received: ${bLive.size} live, ${toB.filter((m) => !bLive.has(m._id) && seen(b).has(m._id)).length} only by refetch`,
    )
    check(
      'the poster has every message to them',
      aMissing === 0,
      `${toA.length} sent, ${toA.length - aMissing} received`,
    )
    const dupes = [a, b].flatMap((c) => c.live.map((m) => m._id).filter((x, i, all) => all.indexOf(x) !== i))
    check(
      'no message was delivered live twice to the same socket',
      dupes.length === 0,
      `${dupes.length} duplicates`,
    )

    const unbalanced = (
      await db.query(
        'select transaction_id from ledger_entries group by transaction_id having sum(amount_paise) <> 0',
      )
    ).rowCount
    const escrow = (
      await db.query(
        `select coalesce(sum(e.amount_paise), 0)::bigint as s from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where a.kind = 'escrow'`,
      )
    ).rows[0].s
    const payments = (await db.query('select count(*)::int as n from payments')).rows[0].n
    check(
      'the ledger balances: every transaction sums to zero, escrow is empty, one payment booked',
      unbalanced === 0 && Number(escrow) === 0 && payments === 1,
      `${unbalanced} unbalanced, escrow ${escrow} paise, ${payments} payment(s)`,
    )
    const kinds = async (userId: string) =>
      new Set(
        (await db.query('select distinct type from notifications where user_id = $1', [userId])).rows.map(
          (r) => r.type,
        ),
      )
    const forPoster = await kinds(poster.id)
    const forFreelancer = await kinds(freelancer.id)
    const want = (have: Set<string>, list: string[]) => list.filter((t) => !have.has(t))
    const missing = [
      ...want(forPoster, ['application', 'message', 'work_submitted', 'payment_requested']),
      ...want(forFreelancer, ['application_accepted', 'message', 'payment_funded', 'payment_released']),
    ]
    check(
      'notifications exist for both (application, acceptance, messages, funding, work, release)',
      missing.length === 0,
      missing.length
        ? `missing ${missing.join(', ')}`
        : `poster: ${[...forPoster].join(', ')}; freelancer: ${[...forFreelancer].join(', ')}`,
    )
  } finally {
    await db.end()
  }
  const served = new Set(
    [
      ...fs
        .readFileSync(path.join(nginxDir, 'logs', 'access.log'), 'utf8')
        .matchAll(/upstream=127\.0\.0\.1:(\d+)/g),
    ].map((m) => Number(m[1])),
  )
  check(
    'nginx sent requests to both instances',
    instances.every((i) => served.has(i.port)),
  )
  check('the surviving instance is still up', alive(survivor.proc))
}

async function cleanup() {
  for (const s of sockets) s.close()
  if (alive(nginx)) {
    nginx!.kill('SIGQUIT')
    await Promise.race([exited(nginx!), sleep(3000)])
    if (alive(nginx)) nginx!.kill('SIGKILL')
  }
  for (const inst of instances)
    if (alive(inst.proc)) {
      inst.proc!.kill('SIGTERM')
      await Promise.race([exited(inst.proc!), sleep(5000)])
      if (alive(inst.proc)) inst.proc!.kill('SIGKILL')
    }
  await sink?.close().catch(() => {})
  if (dbCreated)
    await adminStatement(baseDbUrl, `drop database if exists ${dbName} with (force)`).catch(() => {})
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
  try {
    await redis.connect()
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500)
      if (keys.length) await redis.del(...keys)
      cursor = next
    } while (cursor !== '0')
  } catch {
    // Redis gone: nothing to clean
  } finally {
    redis.disconnect()
  }
  fs.rmSync(work, { recursive: true, force: true })
}

const deadline = setTimeout(() => {
  console.error(`FAIL: not done in ${LIMIT_MS / 1000} s`)
  void cleanup().finally(() => process.exit(1))
}, LIMIT_MS)

let error: unknown
try {
  await run()
} catch (e) {
  error = e
  if (!(e instanceof Abort)) check('the run completed', false, e instanceof Error ? e.message : String(e))
  for (const inst of instances)
    if (inst.out.trim())
      console.error(
        `--- instance ${inst.name} output (last lines):\n${inst.out.split('\n').slice(-15).join('\n')}`,
      )
  if (nginxOut.trim()) console.error(`--- nginx:\n${nginxOut}`)
} finally {
  await cleanup()
  clearTimeout(deadline)
}
const failed = checks.filter((c) => !c.ok)
// CI's closing line counts this whole run as one test (scripts/summary.mjs `counts:`).
if (process.env.TEST_COUNTS_FILE)
  fs.writeFileSync(
    process.env.TEST_COUNTS_FILE,
    JSON.stringify(failed.length || error ? { passed: 0, failed: 1 } : { passed: 1, failed: 0 }),
  )
console.log(
  `\n${failed.length || error ? 'FAIL' : 'PASS'}: deploy test, ${checks.length - failed.length} of ${checks.length} checks passed in ${secs()} s`,
)
process.exit(failed.length || error ? 1 : 0)
