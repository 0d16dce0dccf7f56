import type { ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startRazorpayStandIn,
  standInRoute,
  type RazorpayStandIn,
  type StandInRequest,
  type StandInTransfer,
} from '../../test/razorpay-standin'
import { callServer, mailedCode, spawnServer, standInEnv } from '../../test/money'
import { linkedAccountEvent } from '../payouts/payouts.provider'

/*
 * Money out across a crash: the real server, pointed at a Razorpay stand-in, is killed (SIGKILL) after the provider
 * made a refund (or a Route transfer) and before its answer reached us — between the provider's effect and our
 * commit. Restarted on the same PostgreSQL schema, its sweep adopts what the provider holds for our reference:
 * exactly one refund (transfer) at the provider, the row processed, the ledger balanced, the reconciliation clean.
 * Needs a real server: DATABASE_URL.
 */
const url = process.env.DATABASE_URL
const WEBHOOK_SECRET = 'money_out_crash_webhook_secret'
const schema = `moneyout_${process.pid}_${crypto.randomBytes(3).toString('hex')}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'microlance-money-out-'))
let db: pg.Client
let rzp: RazorpayStandIn
let held: StandInTransfer[]
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
      ...standInEnv(rzp, WEBHOOK_SECRET),
      PLATFORM_FEE_BPS: '1000',
      PAYOUT_SWEEP_MS: '1000',
    },
    onOutput: (d) => (out += d),
  }))
}

const call = (method: string, p: string, token: string | null, body?: object) =>
  callServer(base, method, p, token, body)
const expectOk = async (p: Promise<{ status: number; body: any }>, status = 200) => {
  const res = await p
  expect(res.status, JSON.stringify(res.body)).toBe(status)
  return res.body
}
const signed = async (p: string, body: object) => {
  const raw = JSON.stringify(body)
  const res = await fetch(base + p, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': crypto.createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'),
      'x-razorpay-event-id': `evt_${crypto.randomBytes(7).toString('hex')}`,
    },
    body: raw,
  })
  return { status: res.status, body: (await res.json()) as any }
}
const q = async (text: string, params: unknown[] = []) =>
  (await db.query(text.replaceAll('$S.', `${schema}.`), params)).rows

async function signUp(fullname: string, role: 'client' | 'freelancer') {
  const email = `moneyout-${crypto.randomBytes(4).toString('hex')}@example.in`
  await expectOk(call('POST', '/api/v1/user/send-otp', null, { email, fullname, role }))
  const code = await mailedCode(() => out, email)
  const verified = await expectOk(call('POST', '/api/v1/user/verify-otp', null, { email, otp: code }))
  return { token: verified.token as string, id: verified.data._id as string }
}

const until = async <T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 30_000) => {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}:\n${out.slice(-3000)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** Arms the stand-in: the next call `matching` is done at the provider, then the server is killed unanswered. */
function killOn(matching: (req: StandInRequest) => boolean) {
  const victim = proc!
  const killed = new Promise<void>((resolve) => {
    rzp.beforeAnswer = async (req) => {
      if (!matching(req)) return
      rzp.beforeAnswer = undefined
      victim.kill('SIGKILL')
      await new Promise<void>((r) =>
        victim.exitCode !== null || victim.signalCode ? r() : victim.once('exit', () => r()),
      )
      resolve()
    }
  })
  return { victim, killed }
}

/** Every transaction balances and no escrow account is below zero. */
async function ledgerHealth() {
  const unbalanced = await q(
    `select transaction_id from $S.ledger_entries group by transaction_id having sum(amount_paise) <> 0`,
  )
  const negative = await q(`select a.key from $S.ledger_accounts a join $S.ledger_entries e
    on e.account_id = a.id where a.kind = 'escrow' group by a.key having sum(e.amount_paise) < 0`)
  return { unbalanced: unbalanced.length, negativeEscrow: negative.length }
}

let client: { token: string; id: string }
let freelancer: { token: string; id: string }
let operator: { token: string; id: string }

/** A per-unit hire of the freelancer, funded with 4 units through the stand-in; its contract and payment. */
async function fundedHire() {
  const posted = await expectOk(
    call('POST', '/api/v1/job/post', client.token, {
      title: 'Data entry for a money-out crash test',
      description: 'Four rows, one unit each.',
      paymentType: 'per-unit',
      locationPreference: 'Remote',
      rate: '500',
      units: '4',
    }),
    201,
  )
  const jobId = posted.job._id as string
  const applied = await expectOk(
    call('POST', `/api/v1/application/jobs/${jobId}/apply`, freelancer.token, {}),
    201,
  )
  await expectOk(
    call('PATCH', `/api/v1/application/applications/${applied.application._id}/status`, client.token, {
      status: 'accepted',
    }),
  )
  const contractId = (await q(`select id from $S.contracts where job_id = $1`, [jobId]))[0].id as string
  const order = await expectOk(call('POST', '/api/payments/create-order', client.token, { jobId, units: 4 }))
  const result = rzp.pay(order.orderId)
  await expectOk(call('POST', '/api/payments/verify', client.token, { jobId, ...result }))
  return { jobId, contractId, paymentId: result.razorpay_payment_id }
}

/** The reconciliation, as an operator runs it: its mismatches. */
async function reconcile() {
  const res = await expectOk(call('POST', '/api/v1/admin/reconciliation/run', operator.token, {}))
  expect(res.run.error).toBeNull()
  return res.mismatches as unknown[]
}

beforeAll(async () => {
  if (!url) return
  db = new pg.Client({ connectionString: url })
  await db.connect()
  await db.query(`create schema ${schema}`)
  rzp = await startRazorpayStandIn()
  held = standInRoute(rzp)
  await start()
  client = await signUp('Crash Client', 'client')
  freelancer = await signUp('Ravi Kumar', 'freelancer')
  operator = await signUp('Ops Person', 'client')
  await q(`update $S.users set role = 'admin' where id = $1`, [operator.id])
  // The freelancer's Route account, saved and then activated by Razorpay's webhook.
  await expectOk(
    call('PUT', '/api/v1/payouts/account', freelancer.token, {
      legalName: 'Ravi Kumar',
      pan: 'ABCPK1234R',
      state: 'Karnataka',
      bankAccount: '50100123456789',
      ifsc: 'HDFC0001234',
    }),
  )
  const [a] = await q(`select * from $S.payout_accounts where user_id = $1`, [freelancer.id])
  const activated = linkedAccountEvent(
    a.provider_account_id,
    a.provider_product_id,
    'activated',
    [],
    Math.floor(Date.now() / 1000) + 1,
  )
  expect((await signed('/api/v1/payouts/webhook', activated)).body.handled).toBe('product.route.activated')
}, 120_000)
afterAll(async () => {
  if (proc && proc.exitCode === null) proc.kill('SIGKILL')
  await rzp?.close()
  if (db) {
    await db.query(`drop schema if exists ${schema} cascade`)
    await db.end()
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** Makes the dead process's leases (rows and periodic tasks) due now, as they would be minutes later. */
async function leasesExpired() {
  await q(`update $S.refunds set next_attempt_at = now() where status = 'pending'`)
  await q(`update $S.transfers set next_attempt_at = now() where status = 'pending'`)
  await q(`update $S.scheduled_tasks set next_run_at = now(), lease_owner = null, lease_until = null
    where name in ('refunds', 'payout-transfers')`)
}

describe.skipIf(!url)('SIGKILL between the provider’s money-out and our commit (needs DATABASE_URL)', () => {
  it('a refund made at the provider but not recorded is adopted after the restart: exactly one', async () => {
    const { contractId, paymentId } = await fundedHire()
    const { victim, killed } = killOn((req) => req.method === 'POST' && req.path.endsWith('/refund'))
    const refunded = call('POST', '/api/v1/payments/refund', client.token, { contractId }).catch(() => 'lost')
    await killed
    await refunded
    expect(victim.signalCode).toBe('SIGKILL')
    // The provider made it; we never heard: the row is still pending without the provider's id.
    expect(rzp.refunds.filter((r) => r.payment_id === paymentId)).toHaveLength(1)
    const [before] = await q(`select * from $S.refunds where contract_id = $1`, [contractId])
    expect(before).toMatchObject({ status: 'pending', provider_refund_id: null })

    await leasesExpired()
    await start()
    const row = await until('the refund to be processed', async () => {
      const [r] = await q(`select * from $S.refunds where contract_id = $1`, [contractId])
      return r?.status === 'processed' && r
    })
    const ours = rzp.refunds.filter((r) => r.payment_id === paymentId)
    expect(ours).toHaveLength(1)
    expect(ours[0]).toMatchObject({ id: row.provider_refund_id, receipt: row.reference, amount: 200_000 })
    // Only the one request before the crash made a refund; the retry adopted it from the provider's list.
    const made = rzp.calls.filter((c) => c.method === 'POST' && c.path === `/v1/payments/${paymentId}/refund`)
    expect(made).toHaveLength(1)
    const settled = await q(
      `select count(*)::int as n from $S.ledger_transactions where idempotency_key = $1`,
      [`refund_settled:${row.id}`],
    )
    expect(settled[0].n).toBe(1)
    expect(await ledgerHealth()).toEqual({ unbalanced: 0, negativeEscrow: 0 })
    expect(await reconcile()).toEqual([])
  }, 120_000)

  it('a transfer made at the provider but not recorded is adopted after the restart: exactly one', async () => {
    const { contractId, paymentId } = await fundedHire()
    const { victim, killed } = killOn(
      (req) => req.method === 'POST' && req.path === `/v1/payments/${paymentId}/transfers`,
    )
    const released = call('POST', '/api/v1/payments/release', client.token, { contractId }).catch(
      () => 'lost',
    )
    await killed
    await released
    expect(victim.signalCode).toBe('SIGKILL')
    expect(held.filter((t) => t.source === paymentId)).toHaveLength(1)
    const [before] = await q(`select * from $S.transfers where provider_payment_id = $1`, [paymentId])
    expect(before).toMatchObject({ status: 'pending', provider_transfer_id: null })

    await leasesExpired()
    await start()
    const row = await until('the transfer to be processed', async () => {
      const [t] = await q(`select * from $S.transfers where provider_payment_id = $1`, [paymentId])
      return t?.status === 'processed' && t
    })
    const ours = held.filter((t) => t.source === paymentId)
    expect(ours).toHaveLength(1)
    expect(ours[0]).toMatchObject({ id: row.provider_transfer_id, amount: Number(row.amount_paise) })
    expect(ours[0].notes.reference).toBe(row.reference)
    const made = rzp.calls.filter(
      (c) => c.method === 'POST' && c.path === `/v1/payments/${paymentId}/transfers`,
    )
    expect(made).toHaveLength(1)
    const booked = await q(
      `select count(*)::int as n from $S.ledger_transactions where idempotency_key = $1`,
      [`payout:${row.id}`],
    )
    expect(booked[0].n).toBe(1)
    const [payout] = await q(`select status from $S.payouts where id = $1`, [row.payout_id])
    expect(payout.status).toBe('paid')
    expect(await ledgerHealth()).toEqual({ unbalanced: 0, negativeEscrow: 0 })
    expect(await reconcile()).toEqual([])
  }, 120_000)
})
