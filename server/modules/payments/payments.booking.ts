import {
  clampUnits,
  costsNothing,
  isFullyFunded,
  netFundedUnits,
  priceOfUnits,
  totalUnitsOf,
  unitsLeft,
  unitsNoun,
  type PricedJob,
} from '@common/escrow'
import { paiseToRupees, rupeesToPaise } from '@common/money'
import type { CreateOrderInput, VerifyInput } from '@common/schemas/payment'
import type { Tx } from '../../db/client'
import type { ContractRow, JobRow, PaymentOrderRow, UserRow } from '../../db/schema'
import { AppError, badRequest, conflict, notFound, said } from '../../errors'
import { recordContractEvent } from '../contracts/contract-events'
import { contractsRepo } from '../contracts/contracts.repo'
import { notificationsService } from '../notifications/notifications.service'
import { accountKey, ledgerRepo, type JobLedger } from './ledger.repo'
import { hireOf, jobClosed, mismatch, tellBothSides, type PaymentsContext } from './payments.context'
import { razorpayId } from './payments.provider'
import { paymentsRepo } from './payments.repo'
import type { PaymentSummaries } from './payments.summaries'
import { refundFlow, refundWebhook } from './refunds'
import { answerMessage, money } from '../../i18n'

/**
 * Money in: provider orders for what a job still needs, the browser's verify, the sandbox checkout and webhooks,
 * each booked into the ledger exactly once.
 */
export function paymentBooking(ctx: PaymentsContext, { summaryOf }: Pick<PaymentSummaries, 'summaryOf'>) {
  const { db, jobs, provider, lockJob, syncJob, loadHire } = ctx
  const refunds = refundFlow(ctx)

  /**
   * Whether an order still fits the terms it pays for: the contract's (frozen) or, before a hire, the job's. A
   * checkout priced on other terms is refused, never booked at a price nobody agreed to (ADR 048).
   */
  function termsMatch(order: PaymentOrderRow, priced: PricedJob) {
    return (
      order.paymentType === priced.paymentType &&
      order.units <= totalUnitsOf(priced) &&
      order.amountPaise === priceOfUnits(priced, priced.paymentType === 'one-time' ? 1 : order.units)
    )
  }
  const termsMismatch = () =>
    conflict(
      'This payment was priced on terms that no longer match the hire. Reload the page and pay again.',
      'terms_mismatch',
    )

  /** Units to charge for: the requested count clamped to 1..left; a bad value is refused by the schema. */
  function unitsToFund(job: PricedJob, l: JobLedger, requested: number | undefined) {
    const left = unitsLeft(job, netFundedUnits(l))
    if (isFullyFunded(job, netFundedUnits(l)))
      throw conflict('This job is already fully funded', 'fully_funded')
    if (requested !== undefined && requested < 1)
      throw badRequest(
        said('errors.money.chooseUnits', { max: left, kind: unitsNoun(job) }),
        'validation_failed',
        {
          units: said('errors.money.chooseUnits', { max: left, kind: unitsNoun(job) }),
        },
      )
    return job.paymentType === 'one-time' ? 1 : clampUnits(requested ?? left, left)
  }

  /**
   * Books a captured payment for an order exactly once (the order row lock and the ledger key `fund:<payment>`
   * make a second verify, a webhook and a verify, or 50 at once, all book one movement).
   */
  async function book(
    tx: Tx,
    providerOrderId: string,
    paymentId: string,
    amountPaise: number | null,
    source: 'verify' | 'webhook',
    expectJobId?: string,
  ): Promise<{ job: JobRow; booked: boolean; order: PaymentOrderRow; contract: ContractRow | null }> {
    const peek = await paymentsRepo.orderByProviderId(tx, providerOrderId)
    if (!peek) throw notFound('Payment order not found', 'order_not_found')
    if (expectJobId !== undefined && peek.jobId !== expectJobId)
      throw badRequest('This payment belongs to another job', 'order_job_mismatch')
    // Lock order: job, then order — the same order every money path uses, so they cannot deadlock.
    const job = await lockJob(tx, peek.jobId)
    if (!job) throw conflict('This job no longer exists', 'job_gone')
    const order = (await paymentsRepo.orderByProviderId(tx, providerOrderId, true))!
    if (order.status === 'paid') {
      if (order.providerPaymentId !== paymentId)
        throw conflict('This order was already paid by another payment', 'order_already_paid')
      const paidContract = order.contractId ? await contractsRepo.byId(tx, order.contractId) : null
      return { job, booked: false, order, contract: paidContract }
    }
    if (amountPaise !== null && amountPaise !== order.amountPaise) throw mismatch()
    const contract = order.contractId ? await contractsRepo.byId(tx, order.contractId) : null
    if (order.contractId && !contract) throw conflict('This hire no longer exists', 'contract_gone')
    const priced: PricedJob = contract ?? job
    if (!termsMatch(order, priced)) throw termsMismatch()
    const hire = hireOf(job, contract)
    await paymentsRepo.recordPayment(tx, {
      providerPaymentId: paymentId,
      orderId: order.id,
      status: 'captured',
      amountPaise: order.amountPaise,
      source,
    })
    await paymentsRepo.markPaid(tx, order.id, paymentId)
    const before = await ledgerRepo.forScope(tx, hire.scope)
    await ledgerRepo.post(tx, {
      kind: 'fund',
      jobId: job.id,
      contractId: contract?.id ?? null,
      idempotencyKey: `fund:${paymentId}`,
      units: order.units,
      actorId: order.payerId,
      legs: [
        {
          kind: 'client',
          key: accountKey.client(order.payerId),
          ownerId: order.payerId,
          amountPaise: -order.amountPaise,
        },
        { kind: 'escrow', key: hire.escrowKey, amountPaise: order.amountPaise },
      ],
    })
    // Money already taken beyond what the hire still needs (two checkouts at once, or the job closed or the
    // contract ended meanwhile) goes straight back to the client as its own movement.
    const ended = jobClosed(job) || (!!contract && contract.status !== 'active')
    const left = ended ? 0 : unitsLeft(priced, netFundedUnits(before))
    const keepUnits = priced.paymentType === 'one-time' ? Math.min(left, 1) : Math.min(order.units, left)
    const keep = Math.min(order.amountPaise, keepUnits === 0 ? 0 : priceOfUnits(priced, keepUnits))
    // It is refunded at the provider from this very payment (ADR 050).
    if (keep < order.amountPaise)
      await refunds.start(tx, {
        job,
        hire,
        amount: order.amountPaise - keep,
        idempotencyKey: `refund:excess:${paymentId}`,
        units: order.units - keepUnits,
        actorId: null,
        paymentId,
      })
    await syncJob(tx, job)
    if (contract && keep > 0)
      await recordContractEvent(tx, {
        contractId: contract.id,
        kind: 'funded',
        actorId: order.payerId,
        data: { amountPaise: keep, units: keepUnits },
      })
    const amount = money(keep)
    if (keep > 0)
      await tellBothSides(
        tx,
        job,
        'payment_funded',
        {
          client: { key: 'notifications.escrow.heldClient', params: { amount, title: job.title } },
          freelancer: { key: 'notifications.escrow.heldFreelancer', params: { amount, title: job.title } },
        },
        contract,
      )
    if (keep < order.amountPaise)
      await notificationsService.record(tx, {
        userId: order.payerId,
        type: 'payment_refunded',
        key: 'notifications.payment.unneeded',
        params: { amount: money(order.amountPaise - keep), title: job.title },
        metadata: { jobId: job.id },
      })
    return { job, booked: true, order, contract }
  }

  return {
    /** A provider order for what the job still needs; the amount is the server's, never the browser's. */
    async createOrder(tx: Tx, user: UserRow, input: CreateOrderInput) {
      const { job, hire } = await loadHire(tx, user, 'fund', input)
      if (jobClosed(job)) throw conflict('This job is closed and cannot be funded', 'job_closed')
      if (hire.contract && hire.contract.status !== 'active')
        throw conflict('This hire has ended and cannot be funded', 'contract_ended')
      // What is paid for: the contract's frozen terms, or the job's before anyone is hired.
      const priced: PricedJob = hire.contract ?? job
      // A free job (or one priced at ₹0) has nothing to hold: no order, not a ₹0 checkout.
      if (costsNothing(priced))
        throw conflict('This job is free, so there is nothing to pay into escrow', 'free_job')
      if (input.paymentType && input.paymentType !== priced.paymentType)
        throw badRequest('The payment type does not match this job', 'payment_type_mismatch')
      const l = await ledgerRepo.forScope(tx, hire.scope)
      const units = unitsToFund(
        priced,
        l,
        priced.paymentType === 'recurring' ? (input.cycles ?? input.units) : input.units,
      )
      const amountPaise = priceOfUnits(priced, units)
      if (input.amount !== undefined && rupeesToPaise(input.amount) !== amountPaise) throw mismatch()
      const order = await provider.createOrder({
        amountPaise,
        receipt: `job_${job.id.slice(0, 8)}_${Date.now().toString(36)}`,
        notes: {
          jobId: job.id,
          ...(hire.contract ? { contractId: hire.contract.id } : {}),
          units: String(units),
        },
      })
      await paymentsRepo.insertOrder(tx, {
        provider: provider.name,
        providerOrderId: order.id,
        jobId: job.id,
        contractId: hire.contract?.id ?? null,
        payerId: user.id,
        paymentType: priced.paymentType,
        units,
        amountPaise,
      })
      return {
        success: true as const,
        orderId: order.id,
        amount: paiseToRupees(amountPaise),
        currency: 'INR' as const,
        keyId: provider.keyId,
        provider: provider.name,
        units,
        contractId: hire.contract?.id ?? null,
        name: 'Microlance',
        description: job.title,
      }
    },

    /** The browser's checkout result: signature checked against the order we stored, then booked once. */
    async verify(tx: Tx, user: UserRow, input: VerifyInput) {
      const order = await paymentsRepo.orderByProviderId(tx, input.razorpay_order_id)
      if (!order) throw notFound('Payment order not found', 'order_not_found')
      if (input.contractId && order.contractId !== input.contractId)
        throw badRequest('This payment belongs to another hire', 'order_contract_mismatch')
      // The order names its contract; the job is authorized as for any funding.
      await ctx.loadAs(tx, user, 'fund', input.jobId ?? order.jobId)
      if (order.payerId !== user.id)
        throw new AppError(403, 'not_order_payer', 'This payment order is not yours')
      if (input.jobId && order.jobId !== input.jobId)
        throw badRequest('This payment belongs to another job', 'order_job_mismatch')
      if (
        !provider.verifyPayment(input.razorpay_order_id, input.razorpay_payment_id, input.razorpay_signature)
      )
        throw badRequest('Payment verification failed', 'bad_signature')
      if (input.amount !== undefined && rupeesToPaise(input.amount) !== order.amountPaise) throw mismatch()
      const { job, booked, contract } = await book(
        tx,
        input.razorpay_order_id,
        input.razorpay_payment_id,
        null,
        'verify',
        order.jobId,
      )
      const summary = await summaryOf(tx, { ...job, id: job.id })
      return {
        success: true as const,
        ...answerMessage('answers.payments.funded', { amount: money(order.amountPaise) }),
        booked,
        contractId: contract?.id ?? null,
        data: summary,
      }
    },

    /** The sandbox checkout: answers what Razorpay's checkout hands the browser, for the chosen outcome. */
    async sandboxPay(user: UserRow, input: { orderId: string; outcome: 'success' | 'failure' | 'cancel' }) {
      if (provider.name !== 'sandbox') throw notFound('The sandbox checkout is off', 'not_found')
      const order = await paymentsRepo.orderByProviderId(db, input.orderId)
      if (!order) throw notFound('Payment order not found', 'order_not_found')
      if (order.payerId !== user.id)
        throw new AppError(403, 'not_order_payer', 'This payment order is not yours')
      if (input.outcome === 'cancel') return { success: true as const, outcome: 'cancel' as const }
      if (order.status === 'paid') throw conflict('This order is already paid', 'order_already_paid')
      const paymentId = razorpayId('pay')
      if (input.outcome === 'failure') {
        const description = 'Your payment could not be completed. The card was declined by the bank.'
        await db.transaction(async (tx) => {
          await paymentsRepo.recordPayment(tx, {
            providerPaymentId: paymentId,
            orderId: order.id,
            status: 'failed',
            amountPaise: order.amountPaise,
            source: 'sandbox',
            errorDescription: description,
          })
          const job = await jobs.peek(order.jobId, tx)
          await notificationsService.record(tx, {
            userId: order.payerId,
            type: 'payment_failed',
            key: 'notifications.payment.failedFor',
            params: { amount: money(order.amountPaise), title: job?.title ?? 'a job' },
            metadata: { jobId: order.jobId },
          })
        })
        return {
          success: true as const,
          outcome: 'failure' as const,
          error: {
            code: 'BAD_REQUEST_ERROR',
            description,
            source: 'bank',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: order.providerOrderId, payment_id: paymentId },
          },
        }
      }
      return {
        success: true as const,
        outcome: 'success' as const,
        razorpay_payment_id: paymentId,
        razorpay_order_id: order.providerOrderId,
        razorpay_signature: provider.sign(order.providerOrderId, paymentId),
      }
    },

    /** A verified webhook (signature checked by the route); only moves state forward. */
    async webhook(eventId: string, body: any): Promise<{ duplicate: boolean; handled: string }> {
      const event = String(body?.event ?? '')
      return db.transaction(async (tx) => {
        if (!(await paymentsRepo.firstDelivery(tx, eventId, event)))
          return { duplicate: true, handled: event }
        const payment = body?.payload?.payment?.entity
        const orderEntity = body?.payload?.order?.entity
        const orderId: string | undefined = payment?.order_id ?? orderEntity?.id
        if ((event === 'payment.captured' || event === 'order.paid') && orderId && payment?.id) {
          const order = await paymentsRepo.orderByProviderId(tx, orderId)
          if (!order) return { duplicate: false, handled: 'ignored' }
          await book(tx, orderId, String(payment.id), Number(payment.amount), 'webhook').catch((e) => {
            // Another payment already paid this order, or the amount differs: keep the event, change nothing.
            if (e instanceof AppError && e.statusCode < 500) return null
            throw e
          })
          return { duplicate: false, handled: event }
        }
        if (event === 'payment.failed' && orderId && payment?.id) {
          const order = await paymentsRepo.orderByProviderId(tx, orderId)
          if (!order) return { duplicate: false, handled: 'ignored' }
          await paymentsRepo.recordPayment(tx, {
            providerPaymentId: String(payment.id),
            orderId: order.id,
            status: 'failed',
            amountPaise: Number(payment.amount) || 0,
            source: 'webhook',
            errorDescription:
              typeof payment.error_description === 'string' ? payment.error_description : null,
          })
          if (order.status !== 'paid')
            await notificationsService.record(tx, {
              userId: order.payerId,
              type: 'payment_failed',
              key: 'notifications.payment.failed',
              params: { amount: money(order.amountPaise) },
              metadata: { jobId: order.jobId },
            })
          return { duplicate: false, handled: event }
        }
        // Our refunds move forward (ADR 050); a refund.processed books refund_settled once.
        if (event.startsWith('refund.'))
          return { duplicate: false, handled: await refundWebhook(tx, event, body?.payload?.refund?.entity) }
        // Others: recorded (deduplicated) only.
        return { duplicate: false, handled: event || 'ignored' }
      })
    },
  }
}
