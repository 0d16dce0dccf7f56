import type { FastifyBaseLogger } from 'fastify'
import { inEscrowPaise, unitsInEscrow, unitsNoun } from '@common/escrow'
import type { RequestChangesInput, SubmitDeliveryInput } from '@common/schemas/contract'
import type { Db, Tx } from '../../db/client'
import type { ContractRow, JobRow, UserRow } from '../../db/schema'
import { badRequest, conflict, forbidden, notFound, said } from '../../errors'
import { isUuid } from '../../lib/ids'
import type { Mail } from '../../mail/mailer'
import type { Outbox } from '../../mail/outbox'
import { recordContractEvent } from '../contracts/contract-events'
import { contractsRepo } from '../contracts/contracts.repo'
import type { JobsService } from '../jobs/jobs.service'
import { notificationsService } from '../notifications/notifications.service'
import { ledgerRepo } from '../payments/ledger.repo'
import { disputed, hireOf } from '../payments/payments.context'
import type { PaymentsService } from '../payments/payments.service'
import { deliveryRepo } from './delivery.repo'
import { autoReleasedMail, reminderMail } from './delivery.mail'
import { money, moment } from '../../i18n'

export interface DeliveryDeps {
  db: Db
  jobs: JobsService
  payments: Pick<PaymentsService, 'releaseBySystem'>
  outbox: Outbox
  /** `REVIEW_WINDOW_DAYS` in milliseconds. */
  windowMs: number
  /** The site's address, for links in mail. */
  baseUrl: string
  log?: FastifyBaseLogger
}

const fileNameOf = (url: string) => url.slice(url.lastIndexOf('/') + 1)
const countsOf = (r: { submissions: number; changesRequested: number; units: number | null } | null) => ({
  submissions: r?.submissions ?? 0,
  changesRequested: r?.changesRequested ?? 0,
  units: r?.units ?? null,
})

/**
 * Delivery (ADR 057): the freelancer submits work, which opens a review window on the contract while money is in
 * escrow; the client releases, asks for changes or disputes; with no answer the task releases the submitted units
 * through the same release path as the client's, once.
 */
export function deliveryService(deps: DeliveryDeps) {
  const { db, jobs } = deps

  /** The contract and its job, the job locked first (the order every money path takes), then the contract row. */
  async function lockContract(tx: Tx, contractId: string): Promise<{ job: JobRow; contract: ContractRow }> {
    const found = isUuid(contractId) ? await contractsRepo.byId(tx, contractId) : null
    if (!found) throw notFound('Contract not found', 'contract_not_found')
    const job = await jobs.lock(found.jobId, tx)
    if (!job) throw notFound('Contract not found', 'contract_not_found')
    const contract = (await deliveryRepo.lockContract(tx, found.id))!
    return { job, contract }
  }

  /** Keeps the submitter's own uploads (the media sweep leaves them); 400 for a file that is not theirs or gone. */
  async function keepAttachments(tx: Tx, user: UserRow, urls: string[]) {
    const names = [...new Set(urls.map(fileNameOf))]
    const rows = await deliveryRepo.lockUploads(tx, names)
    for (const name of names) {
      const row = rows.find((u) => u.fileName === name)
      if (!row)
        throw badRequest('A file is no longer available; upload it again', 'attachment_unknown', {
          attachments: 'A file is no longer available; upload it again',
        })
      if (row.ownerId !== user.id)
        throw badRequest('Attach only files you uploaded', 'attachment_not_yours', {
          attachments: 'Attach only files you uploaded',
        })
    }
    await deliveryRepo.claimUploads(
      tx,
      rows.filter((r) => !r.claimedAt).map((r) => r.id),
    )
    return names.map((n) => `/uploads/${n}`)
  }

  /**
   * Records a submission on a locked contract and opens (or restarts) its review window when money is in escrow.
   * `notify`: tell the client (the job's Submit Work tells them itself).
   */
  async function submitOn(
    tx: Tx,
    user: UserRow,
    job: JobRow,
    contract: ContractRow,
    body: { message?: string | null; units?: number; attachments?: string[] },
    notify: boolean,
  ) {
    if (contract.status !== 'active')
      throw conflict('This contract has ended; work can no longer be submitted', 'contract_ended')
    if (contract.frozenAt) throw disputed()
    const l = await ledgerRepo.forScope(tx, hireOf(job, contract).scope)
    const held = inEscrowPaise(l)
    const heldUnits = Math.max(0, unitsInEscrow(l))
    let units: number | null = null
    if (contract.paymentType !== 'one-time' && body.units !== undefined && held > 0) {
      if (body.units > heldUnits) {
        const m = said('errors.money.chooseUnitsHeld', { max: heldUnits, kind: unitsNoun(contract) })
        throw badRequest(m, 'validation_failed', { units: m })
      }
      units = body.units < heldUnits ? body.units : null
    }
    const attachments = await keepAttachments(tx, user, body.attachments ?? [])
    const review = await deliveryRepo.submitted(tx, {
      contractId: contract.id,
      units,
      windowMs: deps.windowMs,
      open: held > 0,
    })
    await recordContractEvent(tx, {
      contractId: contract.id,
      kind: 'submitted',
      actorId: user.id,
      data: {
        message: body.message ?? '',
        attachments,
        ...(units !== null ? { units } : {}),
        ...(review.dueAt ? { dueAt: review.dueAt.toISOString() } : {}),
      },
    })
    if (notify)
      await notificationsService.record(tx, {
        userId: contract.clientId,
        type: 'work_submitted',
        key: 'notifications.work.submitted',
        params: { name: user.fullname, title: job.title },
        metadata: { jobId: job.id, contractId: contract.id, senderId: user.id },
      })
    return review
  }

  /** The contract's window and counts as the API answers them. */
  const answerOf = (
    message: string,
    r: { dueAt: Date | null; submissions: number; changesRequested: number; units: number | null },
  ) => ({
    success: true as const,
    message,
    reviewDueAt: r.dueAt ? r.dueAt.toISOString() : null,
    delivery: countsOf(r),
  })

  /** Releases one contract's ended window, exactly once; the mails to send after the commit. */
  async function autoRelease(contractId: string): Promise<Mail[]> {
    return db.transaction(async (tx) => {
      const { job, contract } = await lockContract(tx, contractId)
      // A dispute froze the escrow: the window waits (and is ended below if the dispute came after it opened).
      if (contract.frozenAt) return []
      const claimed = await deliveryRepo.claimDue(tx, contract.id)
      if (!claimed) return []
      // The client answered with a dispute during the window: no automatic release after it.
      if (await deliveryRepo.disputedSince(tx, contract.id, claimed.startedAt)) return []
      const l = await ledgerRepo.forScope(tx, hireOf(job, contract).scope)
      if (inEscrowPaise(l) <= 0 || contract.status !== 'active') return []
      const released = await deps.payments.releaseBySystem(tx, {
        contractId: contract.id,
        units: claimed.units ?? undefined,
        reason: 'review_window_ended',
        event: 'auto_released',
      })
      const client = await deliveryRepo.contact(tx, contract.clientId)
      const freelancer = await deliveryRepo.contact(tx, contract.freelancerId)
      const amount = money(released.amountPaise)
      const meta = { jobId: job.id, contractId: contract.id }
      await notificationsService.record(tx, {
        userId: contract.clientId,
        type: 'payment_auto_released',
        key: 'notifications.work.autoReleasedClient',
        params: { title: job.title, amount, name: freelancer?.fullname ?? 'the freelancer' },
        metadata: meta,
      })
      await notificationsService.record(tx, {
        userId: contract.freelancerId,
        type: 'payment_auto_released',
        key: 'notifications.work.autoReleasedFreelancer',
        params: { amount, title: job.title },
        metadata: meta,
      })
      const url = `${deps.baseUrl}/contracts/${contract.id}`
      return [client, freelancer]
        .filter((p): p is NonNullable<typeof p> => !!p)
        .map((p) =>
          autoReleasedMail({
            to: p.email,
            name: p.fullname,
            language: p.language,
            title: job.title,
            amount,
            asClient: p.id === contract.clientId,
            url,
          }),
        )
    })
  }

  /** Reminds the client of one window ending soon, exactly once; the mail to send after the commit. */
  async function remind(contractId: string): Promise<Mail[]> {
    return db.transaction(async (tx) => {
      const { job, contract } = await lockContract(tx, contractId)
      if (contract.frozenAt) return []
      const dueAt = await deliveryRepo.claimReminder(tx, contract.id)
      if (!dueAt) return []
      await recordContractEvent(tx, {
        contractId: contract.id,
        kind: 'reminder_sent',
        data: { dueAt: dueAt.toISOString() },
      })
      const client = await deliveryRepo.contact(tx, contract.clientId)
      const freelancer = await deliveryRepo.contact(tx, contract.freelancerId)
      const when = moment(dueAt)
      await notificationsService.record(tx, {
        userId: contract.clientId,
        type: 'review_reminder',
        key: 'notifications.work.reviewReminder',
        params: { name: freelancer?.fullname ?? 'the freelancer', title: job.title, when },
        metadata: { jobId: job.id, contractId: contract.id },
      })
      if (!client) return []
      return [
        reminderMail({
          to: client.email,
          name: client.fullname,
          language: client.language,
          title: job.title,
          freelancer: freelancer?.fullname ?? 'the freelancer',
          when,
          url: `${deps.baseUrl}/contracts/${contract.id}`,
        }),
      ]
    })
  }

  /** Runs `fn` for each id, sending its mails after its commit; one failure does not stop the others. */
  async function each(ids: string[], fn: (id: string) => Promise<Mail[]>): Promise<number> {
    let done = 0
    for (const id of ids) {
      try {
        const mails = await fn(id)
        for (const m of mails) deps.outbox.enqueue(m)
        if (mails.length) done++
      } catch (err) {
        deps.log?.warn({ err, contractId: id }, 'delivery: a contract could not be handled')
      }
    }
    return done
  }

  return {
    /** POST /api/v1/contracts/:id/submit: the contract's freelancer hands in work. */
    async submit(user: UserRow, contractId: string, body: SubmitDeliveryInput) {
      return db.transaction(async (tx) => {
        const { job, contract } = await lockContract(tx, contractId)
        if (contract.freelancerId !== user.id)
          throw forbidden('Only the freelancer of this contract can submit work', 'not_contract_freelancer')
        const review = await submitOn(tx, user, job, contract, body, true)
        return answerOf(
          review.dueAt ? 'Work submitted. The client has until the review window ends.' : 'Work submitted',
          review,
        )
      })
    },

    /**
     * The job page's Submit Work (POST /api/v1/job/:id/submit-work), in its transaction: opens the window on the
     * caller's own active contract of the job. 409 choose_contract if they somehow hold several.
     */
    async submitForJob(
      tx: Tx,
      user: UserRow,
      job: JobRow,
      body: { message?: string | null; attachments?: string[]; units?: number },
    ) {
      const mine = (await contractsRepo.ofJob(tx, job.id)).filter((c) => c.freelancerId === user.id)
      if (mine.length === 0) return
      if (mine.length > 1)
        throw conflict(said('errors.contract.chooseToSubmit', { count: mine.length }), 'choose_contract')
      const contract = (await deliveryRepo.lockContract(tx, mine[0].id))!
      // A frozen or unfunded contract still takes the job page's note; it just opens no window.
      if (contract.frozenAt) return
      await submitOn(tx, user, job, contract, body, false)
    },

    /** POST /api/v1/contracts/:id/request-changes: the client sends the work back; the window closes. */
    async requestChanges(user: UserRow, contractId: string, body: RequestChangesInput) {
      return db.transaction(async (tx) => {
        const { job, contract } = await lockContract(tx, contractId)
        if (contract.clientId !== user.id)
          throw forbidden('Only the client of this contract can ask for changes', 'not_contract_client')
        if (contract.frozenAt) throw disputed()
        const open = await deliveryRepo.byContract(tx, contract.id)
        if (!open?.dueAt)
          throw conflict('There is no submitted work waiting for your review', 'nothing_submitted')
        const review = (await deliveryRepo.changesRequested(tx, contract.id))!
        await recordContractEvent(tx, {
          contractId: contract.id,
          kind: 'changes_requested',
          actorId: user.id,
          data: { reason: body.reason },
        })
        await notificationsService.record(tx, {
          userId: contract.freelancerId,
          type: 'changes_requested',
          key: 'notifications.work.changesRequested',
          params: { name: user.fullname, title: job.title, reason: body.reason.slice(0, 200) },
          metadata: { jobId: job.id, contractId: contract.id, senderId: user.id },
        })
        return answerOf('Changes requested', review)
      })
    },

    /** The scheduled sweep: reminders due, then windows ended. */
    async sweep() {
      const reminded = await each(await deliveryRepo.remindersDue(db), remind)
      const released = await each(await deliveryRepo.due(db), autoRelease)
      return { reminded, released }
    },
  }
}
export type DeliveryService = ReturnType<typeof deliveryService>
