import type { ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callServer, mailedCode, spawnServer } from '../../test/money'
import { razorpayId } from './payments.provider'

/*
 * The real server process killed (SIGKILL) in the middle of a batch of verifications, then restarted on the same
 * PostgreSQL schema: every payment is either fully booked (order paid, payment row, balanced fund movement, job
 * columns) or not at all, and retrying the verifies completes the rest. Needs a real server: DATABASE_URL.
 */
const url = process.env.DATABASE_URL
const KEY_SECRET = 'crash_test_key_secret_0123456789'
const N = 40
const schema = `crash_${process.pid}_${crypto.randomBytes(3).toString('hex')}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'microlance-crash-'))
let db: pg.Client
let proc: ChildProcess | null = null
let out = ''
let base = ''

async function start() {
  out = ''
  ;({ proc, base } = await spawnServer({
    url: url!,
    schema,
    dataDir,
    env: {
      RAZORPAY_KEY_SECRET: KEY_SECRET,
    },
    onOutput: (d) => (out += d),
  }))
}

const call = (method: string, p: string, token: string | null, body?: object) =>
  callServer(base, method, p, token, body)

async function signUpClient(): Promise<string> {
  const email = `crash-${crypto.randomBytes(4).toString('hex')}@example.in`
  await call('POST', '/api/v1/user/send-otp', null, { email, fullname: 'Crash Client', role: 'client' })
  const code = await mailedCode(() => out, email)
  const verified = await call('POST', '/api/v1/user/verify-otp', null, { email, otp: code })
  if (verified.status !== 200)
    throw new Error(`verify-otp ${verified.status} ${JSON.stringify(verified.body)}`)
  return verified.body.token
}

beforeAll(async () => {
  if (!url) return
  db = new pg.Client({ connectionString: url })
  await db.connect()
  await db.query(`create schema ${schema}`)
  await start()
}, 90_000)
afterAll(async () => {
  if (proc && proc.exitCode === null) proc.kill('SIGKILL')
  if (db) {
    await db.query(`drop schema if exists ${schema} cascade`)
    await db.end()
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** Each order is all-or-nothing: paid ⇔ captured payment row ⇔ one fund movement; the job agrees; all balanced. */
async function consistent(jobId: string) {
  const q = (text: string) => db.query(text.replaceAll('$S', schema))
  const orders = (
    await q(`select o.provider_order_id, o.status, o.provider_payment_id,
      exists (select 1 from $S.payments p where p.order_id = o.id and p.status = 'captured') as captured,
      (select count(*)::int from $S.ledger_transactions t where t.idempotency_key = 'fund:' || o.provider_payment_id)
        as moves
      from $S.payment_orders o`)
  ).rows
  for (const o of orders) {
    const paid = o.status === 'paid'
    expect({ order: o.provider_order_id, captured: o.captured, moves: o.moves }).toEqual({
      order: o.provider_order_id,
      captured: paid,
      moves: paid ? 1 : 0,
    })
  }
  const unbalanced = await q(
    `select transaction_id from $S.ledger_entries group by transaction_id having sum(amount_paise) <> 0`,
  )
  expect(unbalanced.rows).toEqual([])
  const job = (await db.query(`select funded_units, funded_paise from ${schema}.jobs where id = $1`, [jobId]))
    .rows[0]
  const paidCount = orders.filter((o) => o.status === 'paid').length
  expect(job.funded_units).toBe(paidCount)
  expect(Number(job.funded_paise)).toBe(paidCount * 10_000)
  return paidCount
}

describe.skipIf(!url)('SIGKILL in the middle of a batch of verifications', () => {
  it('leaves each payment fully booked or not at all; retried verifies complete the rest', async () => {
    const token = await signUpClient()
    const posted = await call('POST', '/api/v1/job/post', token, {
      title: 'Data entry for a crash test',
      description: 'Forty rows, one unit each.',
      paymentType: 'per-unit',
      locationPreference: 'Remote',
      rate: '100',
      units: String(N),
    })
    expect(posted.status, JSON.stringify(posted.body)).toBe(201)
    const job = posted.body.job
    const results = []
    for (let i = 0; i < N; i++) {
      const order = await call('POST', '/api/payments/create-order', token, { jobId: job._id, units: 1 })
      expect(order.status).toBe(200)
      const paymentId = razorpayId('pay')
      results.push({
        jobId: job._id,
        razorpay_order_id: order.body.orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: crypto
          .createHmac('sha256', KEY_SECRET)
          .update(`${order.body.orderId}|${paymentId}`)
          .digest('hex'),
      })
    }
    // Fire the whole batch; kill the process the moment the first answer is back, with the rest in flight.
    const running = proc!
    let killed = false
    const batch = results.map((r) =>
      call('POST', '/api/payments/verify', token, r).then(
        (res) => {
          if (!killed) {
            killed = true
            running.kill('SIGKILL')
          }
          return res.status
        },
        () => 'lost' as const,
      ),
    )
    const statuses = await Promise.all(batch)
    await new Promise<void>((r) =>
      running.exitCode !== null || running.signalCode ? r() : running.once('exit', () => r()),
    )
    expect(running.signalCode).toBe('SIGKILL')
    expect(statuses).toContain('lost') // the crash really cut the batch short
    const before = await consistent(job._id)
    expect(before).toBeLessThan(N)

    await start()
    for (const r of results) {
      const res = await call('POST', '/api/payments/verify', token, r)
      expect(res.status).toBe(200)
    }
    expect(await consistent(job._id)).toBe(N)
  }, 120_000)
})
