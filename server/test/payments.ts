import type { FastifyInstance } from 'fastify'
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { injectAs, type Session } from './helpers'
import { applyTo, postJob } from './jobs'

/** Posts a job as `client`, has `freelancer` apply and be accepted; returns the job. */
export async function hiredJob(
  app: FastifyInstance,
  client: Session,
  freelancer: Session | null,
  overrides: Record<string, unknown> = {},
) {
  const job = await postJob(app, client, overrides)
  if (freelancer) {
    const application = await applyTo(app, freelancer, job._id)
    const res = await injectAs(app, client, {
      method: 'PATCH',
      url: `/api/v1/application/applications/${application._id}/status`,
      payload: { status: 'accepted' },
    })
    if (res.statusCode !== 200) throw new Error(`accept ${res.statusCode} ${res.body}`)
  }
  return job
}

/** A per-unit job: ₹500 a unit, `units` units. */
export const perUnit = (units = 5, rate = '500') => ({
  paymentType: 'per-unit',
  amount: '',
  rate,
  units: String(units),
})

/** Runs the sandbox checkout the way the browser does: create-order → sandbox/pay (success) → the signed result. */
export async function checkout(
  app: FastifyInstance,
  s: Session,
  jobId: string,
  body: Record<string, unknown> = {},
) {
  const order = await injectAs(app, s, {
    method: 'POST',
    url: '/api/payments/create-order',
    payload: { jobId, ...body },
  })
  if (order.statusCode !== 200) throw new Error(`create-order ${order.statusCode} ${order.body}`)
  const paid = await injectAs(app, s, {
    method: 'POST',
    url: '/api/payments/sandbox/pay',
    payload: { orderId: order.json().orderId, outcome: 'success' },
  })
  if (paid.statusCode !== 200) throw new Error(`sandbox/pay ${paid.statusCode} ${paid.body}`)
  const { razorpay_payment_id, razorpay_order_id, razorpay_signature } = paid.json()
  return { order: order.json(), result: { razorpay_payment_id, razorpay_order_id, razorpay_signature } }
}

/** checkout + verify; returns the verify answer. */
export async function fund(
  app: FastifyInstance,
  s: Session,
  jobId: string,
  body: Record<string, unknown> = {},
) {
  const { result } = await checkout(app, s, jobId, body)
  const res = await injectAs(app, s, {
    method: 'POST',
    url: '/api/payments/verify',
    payload: { jobId, ...result },
  })
  if (res.statusCode !== 200) throw new Error(`verify ${res.statusCode} ${res.body}`)
  return res.json()
}

/** Every ledger transaction balances, and no escrow account is below zero. */
export async function ledgerHealth(database: Database) {
  const unbalanced = await database.db.execute(
    sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_paise) <> 0`,
  )
  const negative = await database.db.execute(sql`select a.key from ledger_accounts a join ledger_entries e
    on e.account_id = a.id where a.kind = 'escrow' group by a.key having sum(e.amount_paise) < 0`)
  return { unbalanced: unbalanced.rows.length, negativeEscrow: negative.rows.length }
}
