import {
  clampUnits,
  costsNothing,
  fundStatusOf,
  inEscrowPaise,
  isFullyFunded,
  netFundedUnits,
  priceOfUnits,
  releaseAmountOf,
  totalUnitsOf,
  unitsInEscrow,
  unitsLeft,
  unitsNoun,
} from '../../../common/escrow'
import { formatPaise, paiseToRupees, rupeesToPaise } from '../../../common/money'
import type { CreateOrderInput, EscrowSummaryType, VerifyInput } from '../../../common/schemas/payment'
import type { Db, Executor, Tx } from '../../db/client'
import type { JobRow, PaymentOrderRow, UserRow } from '../../db/schema'
import { AppError, badRequest, conflict, notFound } from '../../errors'
import { isUuid } from '../../lib/ids'
import type { JobsService } from '../jobs/jobs.service'
import { notificationsService } from '../notifications/notifications.service'
import { accountKey, ledgerRepo, type JobLedger } from './ledger.repo'
import { authorize } from './payments.policy'
import { razorpayId, type PaymentProvider } from './payments.provider'
import { paymentsRepo } from './payments.repo'

const jobClosed = (job: JobRow) => job.status === 'closed' || !!job.archivedAt
const mismatch = () =>
  badRequest('The amount does not match this job’s price. Reload the page and try again.', 'amount_mismatch')

export interface PaymentsDeps {
  db: Db
  jobs: JobsService
  provider: PaymentProvider
  feeBps: number
}

/** Escrow: orders, verified payments, the ledger, release and refund (ADR 011, 012). */
export function paymentsService(deps: PaymentsDeps) {
  const { db, jobs, provider, feeBps } = deps

  const lockJob = async (tx: Executor, id: string) => (isUuid(id) ? jobs.lock(id, tx) : null)

  /** Re-derives the job's fund columns from the ledger (net funded after refunds). */
  async function syncJob(tx: Tx, job: JobRow): Promise<JobLedger> {
    const l = await ledgerRepo.forJob(tx, job.id)
    await jobs.setFunding(tx, job.id, {
      fundedPaise: l.funded - l.refunded,
      fundedUnits: netFundedUnits(l),
      fundStatus: fundStatusOf(l),
    })
    return l
  }

  /** Units to charge for: the requested count clamped to 1..left; a bad value is refused by the schema. */
  function unitsToFund(job: JobRow, l: JobLedger, requested: number | undefined) {
    const left = unitsLeft(job, netFundedUnits(l))
    if (isFullyFunded(job, netFundedUnits(l)))
      throw conflict('This job is already fully funded', 'fully_funded')
    if (requested !== undefined && requested < 1)
      throw badRequest(`Choose from 1 to ${left} ${unitsNoun(job)}`, 'validation_failed', {
        units: `Choose from 1 to ${left} ${unitsNoun(job)}`,
      })
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
  ): Promise<{ job: JobRow; booked: boolean; order: PaymentOrderRow }> {
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
      return { job, booked: false, order }
    }
    if (amountPaise !== null && amountPaise !== order.amountPaise) throw mismatch()
    await paymentsRepo.recordPayment(tx, {
      providerPaymentId: paymentId,
      orderId: order.id,
      status: 'captured',
      amountPaise: order.amountPaise,
      source,
    })
    await paymentsRepo.markPaid(tx, order.id, paymentId)
    const before = await ledgerRepo.forJob(tx, job.id)
    await ledgerRepo.post(tx, {
      kind: 'fund',
      jobId: job.id,
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
        { kind: 'escrow', key: accountKey.escrow(job.id), amountPaise: order.amountPaise },
      ],
    })
    // Money already taken beyond what the job still needs (two checkouts at once, or the job closed meanwhile)
    // goes straight back to the client as its own movement.
    const left = jobClosed(job) ? 0 : unitsLeft(job, netFundedUnits(before))
    const keepUnits = job.paymentType === 'one-time' ? Math.min(left, 1) : Math.min(order.units, left)
    const keep = Math.min(order.amountPaise, keepUnits === 0 ? 0 : priceOfUnits(job, keepUnits))
    if (keep < order.amountPaise)
      await ledgerRepo.post(tx, {
        kind: 'refund',
        jobId: job.id,
        idempotencyKey: `refund:excess:${paymentId}`,
        units: order.units - keepUnits,
        actorId: null,
        legs: [
          { kind: 'escrow', key: accountKey.escrow(job.id), amountPaise: -(order.amountPaise - keep) },
          {
            kind: 'client',
            key: accountKey.client(order.payerId),
            ownerId: order.payerId,
            amountPaise: order.amountPaise - keep,
          },
        ],
      })
    await syncJob(tx, job)
    const amount = formatPaise(keep)
    if (keep > 0) {
      await notificationsService.record(tx, {
        userId: job.createdBy,
        type: 'payment_funded',
        message: `${amount} is now held in escrow for “${job.title}”`,
        metadata: { jobId: job.id },
      })
      const freelancer = await paymentsRepo.acceptedFreelancer(tx, job.id)
      if (freelancer)
        await notificationsService.record(tx, {
          userId: freelancer.id,
          type: 'payment_funded',
          message: `The client put ${amount} in escrow for “${job.title}”`,
          metadata: { jobId: job.id, senderId: job.createdBy },
        })
    }
    if (keep < order.amountPaise)
      await notificationsService.record(tx, {
        userId: order.payerId,
        type: 'payment_refunded',
        message: `${formatPaise(order.amountPaise - keep)} was refunded: “${job.title}” did not need it`,
        metadata: { jobId: job.id },
      })
    return { job, booked: true, order }
  }

  /** Returns all unreleased escrow of a job to its client (job closed, archived, deleted or refund asked). */
  async function refundUnreleased(tx: Tx, job: JobRow, actorId: string | null): Promise<number> {
    const l = await ledgerRepo.forJob(tx, job.id)
    const amount = inEscrowPaise(l)
    if (amount <= 0) return 0
    const n = await ledgerRepo.post(tx, {
      kind: 'refund',
      jobId: job.id,
      idempotencyKey: `refund:${job.id}:${l.funded}:${l.refunded}:${l.released}`,
      units: Math.max(0, unitsInEscrow(l)),
      actorId,
      legs: [
        { kind: 'escrow', key: accountKey.escrow(job.id), amountPaise: -amount },
        {
          kind: 'client',
          key: accountKey.client(job.createdBy),
          ownerId: job.createdBy,
          amountPaise: amount,
        },
      ],
    })
    if (!n) return 0
    await syncJob(tx, job)
    await notificationsService.record(tx, {
      userId: job.createdBy,
      type: 'payment_refunded',
      message: `${formatPaise(amount)} in escrow for “${job.title}” was refunded to you`,
      metadata: { jobId: job.id },
    })
    // The hired freelancer was counting on that money: they hear of it too, not only the client.
    const freelancer = await paymentsRepo.acceptedFreelancer(tx, job.id)
    if (freelancer)
      await notificationsService.record(tx, {
        userId: freelancer.id,
        type: 'payment_refunded',
        message: `${formatPaise(amount)} held in escrow for “${job.title}” went back to the client`,
        metadata: { jobId: job.id, senderId: job.createdBy },
      })
    return amount
  }

  async function summaryOf(ex: Executor, job: JobRow): Promise<EscrowSummaryType> {
    const l = await ledgerRepo.forJob(ex, job.id)
    const freelancer = await paymentsRepo.acceptedFreelancer(ex, job.id)
    const events = freelancer ? await paymentsRepo.workEvents(ex, job.id, freelancer.id) : []
    return {
      jobId: job.id,
      title: job.title,
      paymentType: job.paymentType,
      fundStatus: fundStatusOf(l),
      total: paiseToRupees(job.totalPaise),
      funded: paiseToRupees(l.funded),
      released: paiseToRupees(l.released),
      refunded: paiseToRupees(l.refunded),
      inEscrow: paiseToRupees(inEscrowPaise(l)),
      fees: paiseToRupees(l.fees),
      fundedUnits: netFundedUnits(l),
      releasedUnits: l.releasedUnits,
      totalUnits: totalUnitsOf(job),
      freelancer: freelancer
        ? { _id: freelancer.id, fullname: freelancer.fullname, userId: freelancer.userId }
        : null,
      workSubmitted: events.some((e) => e.kind === 'submit_work'),
      paymentRequested: events.some((e) => e.kind === 'request_payment'),
    }
  }

  const loadAs = async (
    tx: Executor,
    user: UserRow,
    action: Parameters<typeof authorize>[1],
    jobId: string,
  ) => {
    const job = tx === db ? (isUuid(jobId) ? await jobs.peek(jobId) : null) : await lockJob(tx, jobId)
    const freelancer = job ? await paymentsRepo.acceptedFreelancer(tx, job.id) : null
    const s = { job, freelancerId: freelancer?.id ?? null }
    authorize(user, action, s)
    return { job: s.job!, freelancer }
  }

  return {
    refundUnreleased,

    /** A provider order for what the job still needs; the amount is the server's, never the browser's. */
    async createOrder(tx: Tx, user: UserRow, input: CreateOrderInput) {
      const { job } = await loadAs(tx, user, 'fund', input.jobId)
      if (jobClosed(job)) throw conflict('This job is closed and cannot be funded', 'job_closed')
      // A free job (or one priced at ₹0) has nothing to hold: no order, not a ₹0 checkout.
      if (costsNothing(job))
        throw conflict('This job is free, so there is nothing to pay into escrow', 'free_job')
      if (input.paymentType && input.paymentType !== job.paymentType)
        throw badRequest('The payment type does not match this job', 'payment_type_mismatch')
      const l = await ledgerRepo.forJob(tx, job.id)
      const units = unitsToFund(
        job,
        l,
        job.paymentType === 'recurring' ? (input.cycles ?? input.units) : input.units,
      )
      const amountPaise = priceOfUnits(job, units)
      if (input.amount !== undefined && rupeesToPaise(input.amount) !== amountPaise) throw mismatch()
      const order = await provider.createOrder({
        amountPaise,
        receipt: `job_${job.id.slice(0, 8)}_${Date.now().toString(36)}`,
        notes: { jobId: job.id, units: String(units) },
      })
      await paymentsRepo.insertOrder(tx, {
        provider: provider.name,
        providerOrderId: order.id,
        jobId: job.id,
        payerId: user.id,
        paymentType: job.paymentType,
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
        name: 'Microlance',
        description: job.title,
      }
    },

    /** The browser's checkout result: signature checked against the order we stored, then booked once. */
    async verify(tx: Tx, user: UserRow, input: VerifyInput) {
      const order = await paymentsRepo.orderByProviderId(tx, input.razorpay_order_id)
      if (!order) throw notFound('Payment order not found', 'order_not_found')
      await loadAs(tx, user, 'fund', input.jobId)
      if (order.payerId !== user.id)
        throw new AppError(403, 'not_order_payer', 'This payment order is not yours')
      if (order.jobId !== input.jobId)
        throw badRequest('This payment belongs to another job', 'order_job_mismatch')
      if (
        !provider.verifyPayment(input.razorpay_order_id, input.razorpay_payment_id, input.razorpay_signature)
      )
        throw badRequest('Payment verification failed', 'bad_signature')
      if (input.amount !== undefined && rupeesToPaise(input.amount) !== order.amountPaise) throw mismatch()
      const { job, booked } = await book(
        tx,
        input.razorpay_order_id,
        input.razorpay_payment_id,
        null,
        'verify',
        input.jobId,
      )
      const summary = await summaryOf(tx, { ...job, id: job.id })
      return {
        success: true as const,
        message: `Payment successful! ${formatPaise(order.amountPaise)} is now held in escrow.`,
        booked,
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
            message: `Your payment of ${formatPaise(order.amountPaise)} for “${job?.title ?? 'a job'}” failed`,
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
              message: `Your payment of ${formatPaise(order.amountPaise)} failed`,
              metadata: { jobId: order.jobId },
            })
          return { duplicate: false, handled: event }
        }
        // refund.processed and others: recorded (deduplicated) only; our refunds are booked when we make them.
        return { duplicate: false, handled: event || 'ignored' }
      })
    },

    /** Pays the hired freelancer from escrow: `units` of it (clamped) or all; the platform keeps its fee. */
    async release(tx: Tx, user: UserRow, input: { jobId: string; units?: number }) {
      const { job, freelancer } = await loadAs(tx, user, 'release', input.jobId)
      if (!freelancer)
        throw conflict('Accept a freelancer for this job before releasing payment', 'no_freelancer')
      const l = await ledgerRepo.forJob(tx, job.id)
      const held = inEscrowPaise(l)
      const heldUnits = unitsInEscrow(l)
      if (held <= 0) throw conflict('There is no money in escrow to release', 'nothing_in_escrow')
      let units = heldUnits
      let amount = held
      if (job.paymentType !== 'one-time' && input.units !== undefined) {
        if (input.units < 1)
          throw badRequest(`Choose from 1 to ${heldUnits} ${unitsNoun(job)}`, 'validation_failed', {
            units: `Choose from 1 to ${heldUnits} ${unitsNoun(job)}`,
          })
        units = Math.min(input.units, heldUnits)
        amount = releaseAmountOf(job, { paise: held, units: heldUnits }, units)
      }
      const fee = Math.floor((amount * feeBps) / 10_000)
      await ledgerRepo.post(tx, {
        kind: 'release',
        jobId: job.id,
        idempotencyKey: `release:${job.id}:${l.released}:${l.releasedUnits}`,
        units,
        actorId: user.id,
        legs: [
          { kind: 'escrow', key: accountKey.escrow(job.id), amountPaise: -amount },
          {
            kind: 'freelancer',
            key: accountKey.freelancer(freelancer.id),
            ownerId: freelancer.id,
            amountPaise: amount - fee,
          },
          { kind: 'platform', key: accountKey.platform(), amountPaise: fee },
        ],
      })
      await syncJob(tx, job)
      await notificationsService.record(tx, {
        userId: freelancer.id,
        type: 'payment_released',
        message: `${formatPaise(amount - fee)} was released to you for “${job.title}”`,
        metadata: { jobId: job.id, senderId: user.id },
      })
      return {
        success: true as const,
        message: `Released ${formatPaise(amount)} to ${freelancer.fullname}`,
        data: await summaryOf(tx, job),
      }
    },

    async refund(tx: Tx, user: UserRow, input: { jobId: string }) {
      const { job } = await loadAs(tx, user, 'refund', input.jobId)
      const amount = await refundUnreleased(tx, job, user.id)
      if (!amount) throw conflict('There is no money in escrow to refund', 'nothing_in_escrow')
      return {
        success: true as const,
        message: `Refunded ${formatPaise(amount)} from escrow`,
        data: await summaryOf(tx, job),
      }
    },

    async summary(user: UserRow, jobId: string) {
      const { job } = await loadAs(db, user, 'viewEscrow', jobId)
      return summaryOf(db, job)
    },

    async earnings(user: UserRow) {
      const rows = await ledgerRepo.earningsOf(db, user.id)
      const jobsFunded = await ledgerRepo.fundingOf(db, user.id)
      const total = (k: 'funded' | 'released' | 'refunded' | 'inEscrow') =>
        paiseToRupees(jobsFunded.reduce((s, j) => s + j[k], 0))
      const rupees = (j: (typeof jobsFunded)[number]) => ({
        jobId: j.jobId,
        title: j.title,
        funded: paiseToRupees(j.funded),
        released: paiseToRupees(j.released),
        refunded: paiseToRupees(j.refunded),
        inEscrow: paiseToRupees(j.inEscrow),
      })
      return {
        earned: paiseToRupees(rows.reduce((s, r) => s + r.earned, 0)),
        jobs: rows.map((r) => ({
          jobId: r.jobId,
          title: r.title,
          earned: paiseToRupees(r.earned),
          fees: paiseToRupees(r.fees),
        })),
        funding: {
          funded: total('funded'),
          released: total('released'),
          refunded: total('refunded'),
          inEscrow: total('inEscrow'),
          jobs: jobsFunded.map(rupees),
        },
      }
    },

    /** The hired freelancer hands in work or asks to be paid; the creator is told in the same transaction. */
    async workEvent(
      user: UserRow,
      jobId: string,
      kind: 'submit_work' | 'request_payment',
      body: { message?: string | null; attachments?: string[]; units?: number },
    ) {
      return db.transaction(async (tx) => {
        const { job } = await loadAs(
          tx,
          user,
          kind === 'submit_work' ? 'submitWork' : 'requestPayment',
          jobId,
        )
        await paymentsRepo.insertWorkEvent(tx, {
          jobId: job.id,
          freelancerId: user.id,
          kind,
          message: body.message ?? '',
          attachments: body.attachments ?? [],
          units: body.units ?? null,
        })
        const what =
          kind === 'submit_work'
            ? `${user.fullname} submitted work for “${job.title}”`
            : `${user.fullname} requested payment${body.units ? ` for ${body.units} ${unitsNoun(job)}` : ''} for “${job.title}”`
        await notificationsService.record(tx, {
          userId: job.createdBy,
          type: kind === 'submit_work' ? 'work_submitted' : 'payment_requested',
          message: what,
          metadata: { jobId: job.id, senderId: user.id },
        })
        return {
          success: true as const,
          message: kind === 'submit_work' ? 'Work submitted' : 'Payment requested',
        }
      })
    },
  }
}
export type PaymentsService = ReturnType<typeof paymentsService>
