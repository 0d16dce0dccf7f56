import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'

// The real process as `npm start` runs it: embedded database on disk, console mail, demo data, signals.
let proc: ChildProcess
let out = ''
let base = ''
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'microlance-main-'))

beforeAll(async () => {
  proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MAIL_TRANSPORT: 'console',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  proc.stdout!.on('data', (d) => (out += d))
  proc.stderr!.on('data', (d) => (out += d))
  const started = Date.now()
  while (!/running at (http:\/\/\S+)/.test(out)) {
    if (Date.now() - started > 60_000 || proc.exitCode !== null)
      throw new Error(`server did not start:\n${out}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  base = /running at (http:\/\/\S+)/.exec(out)![1]
}, 90_000)
afterAll(() => {
  if (proc.exitCode === null) proc.kill('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const json = async (method: string, p: string, body?: object, headers: Record<string, string> = {}) => {
  const res = await fetch(base + p, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: await res.json() }
}

describe('npm start', () => {
  it('loads demo users into the empty embedded database', async () => {
    const res = await json('GET', '/api/v1/user/m/asha0001')
    expect(res.status).toBe(200)
    expect(res.body.user).toMatchObject({ fullname: 'Asha Iyer', role: 'client' })
  })

  it('prints the sign-in code in the console in console mail mode, and it works', async () => {
    const sent = await json('POST', '/api/v1/user/send-login-otp', { email: 'asha@demo.microlance.in' })
    expect(sent.body.message).toBe('OTP sent! Check the server console for your code.')
    await new Promise((r) => setTimeout(r, 200))
    const code = /to=asha@demo\.microlance\.in \| [^"\n]*?(\d{6})/.exec(out)?.[1]
    expect(code).toMatch(/^\d{6}$/)
    const res = await json('POST', '/api/v1/user/verify-otp', { email: 'asha@demo.microlance.in', otp: code })
    expect(res.status).toBe(200)
    expect(res.body.data.email).toBe('asha@demo.microlance.in')
    ;(globalThis as any).ashaToken = res.body.token
  })

  it('finishes an in-flight upload on SIGTERM, then exits 0', async () => {
    const token = (globalThis as any).ashaToken as string
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer()
    const boundary = '----slowupload'
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="fullname"\r\n\r\nAsha Iyer\r\n--${boundary}\r\nContent-Disposition: form-data; name="profilePhoto"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    )
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
    const url = new URL('/api/v1/user/profile', base)
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + photo.length + tail.length,
          },
        },
        (res) => {
          let b = ''
          res.on('data', (d) => (b += d))
          res.on('end', () => resolve({ status: res.statusCode!, body: b }))
        },
      )
      req.on('error', reject)
      // Trickle the body so the request is still in flight when the signal arrives.
      req.write(head)
      req.write(photo.subarray(0, 10))
      setTimeout(() => proc.kill('SIGTERM'), 300)
      setTimeout(() => {
        req.write(photo.subarray(10))
        req.end(tail)
      }, 1200)
    })
    const res = await answer
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body).user.profile.profilePhoto).toMatch(/^\/uploads\/.+\.webp$/)
    const code = await new Promise<number | null>((resolve) =>
      proc.exitCode !== null ? resolve(proc.exitCode) : proc.once('exit', (c) => resolve(c)),
    )
    expect(code).toBe(0)
    expect(out).toContain('SIGTERM received')
  }, 30_000)
})
