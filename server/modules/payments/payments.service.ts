import { unitsNoun } from '@common/escrow'
import type { Tx } from '../../db/client'
import type { JobRow, UserRow } from '../../db/schema'
import { notificationsService } from '../notifications/notifications.service'
import { paymentBooking } from './payments.booking'
import { paymentsContext, type PaymentsDeps } from './payments.context'
import { paymentsRepo } from './payments.repo'
import { paymentRelease, type ReleaseDeps } from './payments.release'
import { paymentSettlement } from './payments.settlement'
import { paymentSummaries } from './payments.summaries'

export type { PaymentsDeps } from './payments.context'

/** Escrow: orders, verified payments, the ledger, release and refund (ADR 011, 012). */
export function paymentsService(deps: PaymentsDeps & { release: ReleaseDeps }) {
  const ctx = paymentsContext(deps)
  const { db, loadAs } = ctx
  const summaries = paymentSummaries(ctx)
  const booking = paymentBooking(ctx, summaries)
  const releaser = paymentRelease(ctx, summaries, deps.release)
  const settlement = paymentSettlement(ctx, summaries, releaser)

  return {
    refundUnreleased: settlement.refundUnreleased,
    refunds: settlement.refunds,
    createOrder: booking.createOrder,
    verify: booking.verify,
    sandboxPay: booking.sandboxPay,
    webhook: booking.webhook,
    release: settlement.release,
    releasePreview: releaser.preview,
    /** A release by the system (auto-release, a dispute's decision): payments.release.ts `releaseBySystem`. */
    releaseBySystem: releaser.releaseBySystem,
    refund: settlement.refund,
    /** A refund by the system (a dispute's split): payments.settlement.ts `refundBySystem`. */
    refundBySystem: settlement.refundBySystem,
    summary: summaries.summary,
    earnings: summaries.earnings,

    /** The hired freelancer hands in work or asks to be paid; the creator is told in the same transaction. */
    async workEvent(
      user: UserRow,
      jobId: string,
      kind: 'submit_work' | 'request_payment',
      body: { message?: string | null; attachments?: string[]; units?: number },
      /** More work in the same transaction (delivery opens the contract's review window, ADR 057). */
      after?: (tx: Tx, job: JobRow) => Promise<void>,
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
        if (after) await after(tx, job)
        const params = { name: user.fullname, title: job.title }
        await notificationsService.record(tx, {
          userId: job.createdBy,
          type: kind === 'submit_work' ? 'work_submitted' : 'payment_requested',
          ...(kind === 'submit_work'
            ? { key: 'notifications.work.submitted', params }
            : body.units
              ? {
                  key: 'notifications.payment.requestedUnits',
                  params: { ...params, units: body.units, kind: unitsNoun(job) },
                }
              : { key: 'notifications.payment.requested', params }),
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
