import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/client'
import { migrate } from '../db/migrate'
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink'
import { collect, connectAs, roundTrip, type ClientSocket } from '../test/sockets'
import type { Session } from '../test/helpers'

const baseUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL
const shared = !!(baseUrl && redisUrl)

/** A server process as `npm start` runs it, on a given port, pointed at the shared database and Redis. */
interface Instance {
  port: number
  url: string
  dataDir: string
  proc: ChildProcess | null
  out: string
}

async function freePort(): Promise<number> {
  const srv = net.createServer()
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r))
  const port = (srv.address() as net.AddressInfo).port
  await new Promise((r) => srv.close(r))
  return port
}

async function admin(statement: string) {
  const c = new pg.Client({ connectionString: baseUrl })
  await c.connect()
  try {
    await c.query(statement)
  } finally {
    await c.end()
  }
}

const exited = (p: ChildProcess) =>
  new Promise<void>((r) => (p.exitCode !== null || p.signalCode !== null ? r() : p.once('exit', () => r())))

/**
 * Two real server processes (`node --import tsx server/main.ts`) on one fresh PostgreSQL database and one Redis,
 * as two instances behind a load balancer. PGlite is one process's database, so this needs both servers.
 */
describe.skipIf(!shared)(
  'two server processes on one PostgreSQL and Redis (set DATABASE_URL and REDIS_URL to run)',
  () => {
    const dbName = `t2p_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
    const dbUrl = (baseUrl ?? '').replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`)
    const secret = crypto.randomBytes(32).toString('hex')
    let sink: SmtpSink
    let a: Instance
    let b: Instance
    let asha: Session
    let ravi: Session
    let created = false
    const sockets: ClientSocket[] = []

    const start = async (inst: Instance) => {
      inst.out = ''
      const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          PORT: String(inst.port),
          HOST: '127.0.0.1',
          DATA_DIR: inst.dataDir,
          DATABASE_URL: dbUrl,
          REDIS_URL: redisUrl,
          SESSION_SECRET: secret,
          MAIL_TRANSPORT: 'smtp',
          SMTP_URL: sink.url,
          LOG_LEVEL: 'warn',
          SEED_DEMO: 'never',
          AUTH_RATE_LIMIT_PER_MIN: '10000',
          OTP_IP_HOURLY_LIMIT: '10000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      inst.proc = proc
      proc.stdout!.on('data', (d) => (inst.out += d))
      proc.stderr!.on('data', (d) => (inst.out += d))
      const started = Date.now()
      for (;;) {
        if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}:\n${inst.out}`)
        if (Date.now() - started > 60_000) throw new Error(`server did not start in 60 s:\n${inst.out}`)
        try {
          if ((await fetch(`${inst.url}/readyz`)).ok) return
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 200))
      }
    }

    const instance = async (name: string): Promise<Instance> => {
      const port = await freePort()
      return {
        port,
        url: `http://127.0.0.1:${port}`,
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `microlance-2p-${name}-`)),
        proc: null,
        out: '',
      }
    }

    const post = async (inst: Instance, p: string, body: object, token?: string) => {
      const res = await fetch(inst.url + p, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      })
      return { status: res.status, body: await res.json() }
    }

    /** Signs up through the real API; the code comes from the SMTP sink as a person would read it. */
    const signUpOn = async (inst: Instance, email: string, fullname: string): Promise<Session> => {
      const sent = await post(inst, '/api/v1/user/send-otp', { email, fullname })
      if (sent.status !== 200) throw new Error(`send-otp ${sent.status} ${JSON.stringify(sent.body)}`)
      for (let i = 0; i < 100 && !sink.lastCode(email); i++) await new Promise((r) => setTimeout(r, 100))
      const otp = sink.lastCode(email)
      if (!otp) throw new Error(`no code mailed to ${email}`)
      const res = await post(inst, '/api/v1/user/verify-otp', { email, otp })
      if (res.status !== 200) throw new Error(`verify-otp ${res.status} ${JSON.stringify(res.body)}`)
      return { token: res.body.token, xsrf: '', user: res.body.data }
    }

    /** Asha sends to Ravi over HTTP on A; returns the message id, or null if the server did not accept it. */
    const sendOnA = async (content: string): Promise<string | null> => {
      const res = await post(a, '/api/v1/chat/send', { receiver: ravi.user._id, content }, asha.token)
      return res.status === 201 ? (res.body.data.message._id as string) : null
    }

    beforeAll(async () => {
      await admin(`create database ${dbName}`)
      created = true
      // Migrations once, before either process starts, so the two never race to apply them.
      const database = await openDatabase({ databaseUrl: dbUrl })
      await migrate(database)
      await database.close()
      sink = await startSmtpSink()
      a = await instance('a')
      b = await instance('b')
      await Promise.all([start(a), start(b)])
      asha = await signUpOn(a, `asha-${dbName}@example.in`, 'Asha Iyer')
      ravi = await signUpOn(b, `ravi-${dbName}@example.in`, 'Ravi Kumar')
    }, 180_000)

    afterAll(async () => {
      for (const s of sockets) s.close()
      for (const inst of [a, b]) {
        if (!inst) continue
        if (inst.proc && inst.proc.exitCode === null && inst.proc.signalCode === null) {
          inst.proc.kill('SIGKILL')
          await exited(inst.proc)
        }
        fs.rmSync(inst.dataDir, { recursive: true, force: true })
      }
      await sink?.close()
      if (created) await admin(`drop database if exists ${dbName} with (force)`)
    }, 60_000)

    it('a message sent on A reaches the socket on B exactly once, with its notification', async () => {
      const raviOnB = await connectAs(b.url, ravi)
      sockets.push(raviOnB)
      const got = collect(raviOnB, 'receiveMessage')
      const bell = collect(raviOnB, 'receiveNotification')
      const first = await sendOnA('hello from A')
      expect(first).not.toBeNull()
      const [n] = await bell.until(1)
      expect(n).toMatchObject({ type: 'message', metadata: { senderId: asha.user._id } })
      // A second message fences the first: the stream is ordered, so a duplicate would have come before it.
      const second = await sendOnA('second from A')
      await got.until(2)
      await roundTrip(raviOnB, ravi.user._id)
      expect(got.got.map((m) => m._id)).toEqual([first, second])
      expect(got.got[0]).toMatchObject({ content: 'hello from A', receiver: ravi.user._id })
      raviOnB.close()
    }, 60_000)

    it('B restarts while A keeps sending: Ravi ends with every accepted message, none twice', async () => {
      const raviOnB = await connectAs(b.url, ravi, { reconnection: true })
      sockets.push(raviOnB)
      const got = collect(raviOnB, 'receiveMessage')
      const fence = await sendOnA('before the restart')
      await got.until(1)
      expect(got.got[0]._id).toBe(fence)
      const lastSeen = fence!

      const accepted: string[] = []
      let sending = true
      let n = 0
      // A keeps the conversation going the whole time B is away (at most 24, under the 60 a minute send limit).
      const sender = (async () => {
        while (sending && n < 24) {
          const id = await sendOnA(`during the restart ${++n}`)
          if (id) accepted.push(id)
          await new Promise((r) => setTimeout(r, 300))
        }
      })()
      await new Promise((r) => setTimeout(r, 400))
      const reconnected = new Promise<void>((r) => raviOnB.once('connect', () => r()))
      b.proc!.kill('SIGTERM')
      await exited(b.proc!)
      expect(b.proc!.exitCode).toBe(0)
      await start(b)
      await reconnected
      sending = false
      await sender
      for (const c of ['after the restart 1', 'after the restart 2']) {
        const id = await sendOnA(c)
        expect(id).not.toBeNull()
        accepted.push(id!)
      }
      expect(accepted.length).toBeGreaterThanOrEqual(3)

      // What the database holds after the last id Ravi saw before the restart: exactly what A accepted.
      const res = await fetch(`${b.url}/api/v1/chat/messages/${asha.user._id}?after=${lastSeen}&limit=100`, {
        headers: { authorization: `Bearer ${ravi.token}` },
      })
      expect(res.status).toBe(200)
      const stored: string[] = (await res.json()).data.messages.map((m: { _id: string }) => m._id)
      expect([...stored].sort()).toEqual([...accepted].sort())

      // The socket gets the last message live; what it missed comes by recovery — including what was published while
      // the restarted instance was restoring the session (ADR 032) — or, when it was not restored, by the refetch after
      // the last id seen.
      while (!got.got.some((m) => m._id === accepted.at(-1))) await got.until(got.got.length + 1)
      await roundTrip(raviOnB, ravi.user._id)
      const viaSocket = got.got.slice(1).map((m) => m._id)
      expect(new Set(viaSocket).size).toBe(viaSocket.length)
      expect(viaSocket.filter((id) => !accepted.includes(id))).toEqual([])
      if (raviOnB.recovered) expect(accepted.filter((id) => !viaSocket.includes(id))).toEqual([])
      const have = [...new Set([...viaSocket, ...stored])]
      expect([...have].sort()).toEqual([...accepted].sort())
      raviOnB.close()
    }, 240_000)
  },
)
