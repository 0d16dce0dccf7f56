import {
  inEscrowPaise,
  priceOfUnits,
  releaseAmountOf,
  unitsInEscrow,
  unitsNoun,
  type PricedJob,
} from '@common/escrow'
import { financialYearOf, invoiceNumber } from '@common/financial-year'
import { paiseToRupees } from '@common/money'
import { splitRelease, type ReleaseAccount, type ReleaseSplit } from '@common/tax'
import { panEntityOf } from '@common/tax-ids'
import { afterCommit } from '../../db/after-commit'
import type { Executor, Tx } from '../../db/client'
import type { ContractEventKind, ContractRow, JobRow, UserRow } from '../../db/schema'
import { badRequest, conflict, notFound, said } from '../../errors'
import { recordContractEvent } from '../contracts/contract-events'
import { contractsRepo } from '../contracts/contracts.repo'
import { deliveryRepo } from '../delivery/delivery.repo'
import { notificationsService } from '../notifications/notifications.service'
import { payoutsRepo } from '../payouts/payouts.repo'
import { aad } from '../payouts/payouts.service'
import type { Sealer } from '../payouts/sealer'
import { accountKey, ledgerRepo, type AccountKind, type JobLedger } from './ledger.repo'
import { hireOf, type Hire, type PaymentsContext } from './payments.context'
import { paymentsRepo } from './payments.repo'
import type { PaymentSummaries } from './payments.summaries'
import { releaseRepo } from './release.repo'
import { answerMessage, money } from '../../i18n'

/** What a release needs besides the payments context: the tax inputs of ADR 045 and the payout executor's kick. */
export interface ReleaseDeps {
  /** `PLATFORM_STATE`: intra-state GST on the fee for freelancers there. */
  platformState: string
  /** `INVOICE_PREFIX` of the fee's GST invoice numbers. */
  invoicePrefix: string
  /** Opens the freelancer's sealed PAN, to read its holder type (ADR 049). */
  sealer: Sealer
  /** Called once a release has committed, so the transfer is tried at once rather than at the next sweep. */
  onReleased?: () => void
}

/** The ledger account of each release line (ADR 050: one account per tax, kind 'tax'). */
const LINE_ACCOUNT: Record<Exclude<ReleaseAccount, 'freelancer'>, { kind: AccountKind; key: string }> = {
  'platform:fees': { kind: 'platform', key: accountKey.platform() },
  'tax:gst:cgst': { kind: 'tax', key: 'tax:gst_cgst' },
  'tax:gst:sgst': { kind: 'tax', key: 'tax:gst_sgst' },
  'tax:gst:utgst': { kind: 'tax', key: 'tax:gst_utgst' },
  'tax:gst:igst': { kind: 'tax', key: 'tax:gst_igst' },
  'tax:tds:194-o': { kind: 'tax', key: 'tax:tds_194o' },
  'tax:tcs:cgst': { kind: 'tax', key: 'tax:tcs_cgst' },
  'tax:tcs:sgst': { kind: 'tax', key: 'tax:tcs_sgst' },
  'tax:tcs:utgst': { kind: 'tax', key: 'tax:tcs_utgst' },
  'tax:tcs:igst': { kind: 'tax', key: 'tax:tcs_igst' },
}

/** The figures of a release split, as its payouts row keeps them. */
export function payoutFigures(split: ReleaseSplit) {
  return {
    grossPaise: split.grossPaise,
    feePaise: split.feePaise,
    gstCgstPaise: split.gst.cgstPaise,
    gstSgstPaise: split.gst.sgstPaise,
    gstIgstPaise: split.gst.igstPaise,
    tdsPaise: split.tds.paise,
    tdsRateBps: split.tds.rateBps,
    tcsCgstPaise: split.tcs.cgstPaise,
    tcsSgstPaise: split.tcs.sgstPaise,
    tcsIgstPaise: split.tcs.igstPaise,
    netPaise: split.netPaise,
  }
}

/** Issues the GST invoice of a payout's fee with the next number of its financial year (ADR 050). */
export async function issueFeeInvoice(
  tx: Executor,
  v: {
    prefix: string
    financialYear: string
    payoutId: string
    freelancerId: string
    placeOfSupply: string
    recipientGstinSealed: string | null
    split: ReleaseSplit
    issuedAt: Date
  },
) {
  const seq = await releaseRepo.nextInvoiceSeq(tx, v.financialYear)
  return releaseRepo.insertInvoice(tx, {
    number: invoiceNumber(v.prefix, v.financialYear, seq),
    financialYear: v.financialYear,
    seq,
    payoutId: v.payoutId,
    freelancerId: v.freelancerId,
    placeOfSupply: v.placeOfSupply,
    recipientGstinSealed: v.recipientGstinSealed,
    taxablePaise: v.split.feePaise,
    cgstPaise: v.split.gst.cgstPaise,
    sgstPaise: v.split.gst.sgstPaise,
    igstPaise: v.split.gst.igstPaise,
    issuedAt: v.issuedAt,
  })
}

/** A split in rupees, as the release preview answers it. */
export function presentSplit(units: number, s: ReleaseSplit) {
  const r = paiseToRupees
  return {
    units,
    gross: r(s.grossPaise),
    fee: r(s.feePaise),
    gst: { cgst: r(s.gst.cgstPaise), sgst: r(s.gst.sgstPaise), igst: r(s.gst.igstPaise) },
    tds: r(s.tds.paise),
    tdsRatePercent: s.tds.rateBps / 100,
    tcs: { cgst: r(s.tcs.cgstPaise), sgst: r(s.tcs.sgstPaise), igst: r(s.tcs.igstPaise) },
    net: r(s.netPaise),
  }
}

/**
 * The whole units `amountPaise` pays for at the contract's price, at most `heldUnits` (ADR 057): a one-time contract
 * has one unit, paid for only by its whole price.
 */
export function unitsPaidBy(
  c: Pick<PricedJob, 'paymentType' | 'ratePaise' | 'totalPaise'>,
  amountPaise: number,
  heldUnits: number,
): number {
  const one = priceOfUnits(c, 1)
  if (one <= 0) return 0
  return Math.min(heldUnits, Math.floor(amountPaise / one))
}

/**
 * Release (ADR 045, 050): the gross leaves escrow split into the fee, GST on it, TDS, TCS and the freelancer's net;
 * a payouts row records the split and what is owed, and the fee's GST invoice takes the next number of its year —
 * all in the release's transaction. The preview runs the same computation without writing.
 */
export function paymentRelease(
  ctx: PaymentsContext,
  { summaryOf }: Pick<PaymentSummaries, 'summaryOf'>,
  deps: ReleaseDeps,
) {
  const { feeBps, syncJob, loadHire, lockJob } = ctx

  /** The split of `grossPaise` for this freelancer now (their payout details, the year so far, the client's state). */
  async function splitFor(
    ex: Executor,
    v: { freelancerId: string; clientId: string; grossPaise: number; at: Date; lock: boolean },
  ) {
    const account = await payoutsRepo.byUser(ex, v.freelancerId)
    const client = await payoutsRepo.byUser(ex, v.clientId)
    const fy = financialYearOf(v.at)
    const before = await releaseRepo.fyGross(ex, v.freelancerId, fy, v.lock)
    const pan = account ? deps.sealer.open(account.panSealed, aad(v.freelancerId, 'pan')) : null
    // Without payout details: no PAN (5 % TDS) and, as the profile has no state, the platform's own.
    const state = account?.state ?? deps.platformState
    let split: ReleaseSplit
    try {
      split = splitRelease({
        grossPaise: v.grossPaise,
        feeBps,
        platformState: deps.platformState,
        freelancer: {
          state,
          hasPan: pan !== null,
          panEntity: pan ? panEntityOf(pan) : undefined,
          hasGstin: !!account?.gstinSealed,
        },
        clientState: client?.state,
        fyGrossBeforePaise: before,
      })
    } catch (e) {
      if (e instanceof RangeError) throw conflict(e.message, 'split_impossible')
      throw e
    }
    return { split, account, fy, state }
  }

  /** Loads the contract and works out how much `units` (or all that is held) releases. */
  async function releasable(
    tx: Tx,
    user: UserRow,
    input: { jobId?: string; contractId?: string; units?: number },
  ) {
    const { job, hire } = await loadHire(tx, user, 'release', input)
    const contract = hire.contract
    if (!contract || contract.status !== 'active')
      throw conflict('Accept a freelancer for this job before releasing payment', 'no_freelancer')
    const l = await ledgerRepo.forScope(tx, hire.scope)
    const held = inEscrowPaise(l)
    const heldUnits = unitsInEscrow(l)
    if (held <= 0) throw conflict('There is no money in escrow to release', 'nothing_in_escrow')
    let units = heldUnits
    let amount = held
    if (contract.paymentType !== 'one-time' && input.units !== undefined) {
      if (input.units < 1)
        throw badRequest(
          said('errors.money.chooseUnits', { max: heldUnits, kind: unitsNoun(contract) }),
          'validation_failed',
          { units: said('errors.money.chooseUnits', { max: heldUnits, kind: unitsNoun(contract) }) },
        )
      units = Math.min(input.units, heldUnits)
      amount = releaseAmountOf(contract, { paise: held, units: heldUnits }, units)
    }
    return { job, hire, contract, l, units, amount }
  }

  /**
   * Books a release of `amount` (`units` of the contract) from the hire's escrow: the ledger movement, its payout and
   * fee invoice, the job's and contract's mirrors, the timeline event and the freelancer's notification. The job is
   * locked by the caller.
   */
  async function book(
    tx: Tx,
    r: {
      job: JobRow
      hire: Hire
      contract: ContractRow
      l: JobLedger
      units: number
      amount: number
      actorId: string | null
      event: Extract<ContractEventKind, 'released' | 'auto_released'>
      reason?: string
    },
  ) {
    const { job, hire, contract, l, units, amount } = r
    const freelancer = (await paymentsRepo.person(tx, contract.freelancerId))!
    const at = new Date()
    const { split, account, fy, state } = await splitFor(tx, {
      freelancerId: freelancer.id,
      clientId: job.createdBy,
      grossPaise: amount,
      at,
      lock: true,
    })
    const idempotencyKey = `release:${hire.scopeKey}:${l.released}:${l.releasedUnits}`
    const legs = split.lines.map((line) =>
      line.account === 'freelancer'
        ? {
            kind: 'freelancer' as const,
            key: accountKey.freelancer(freelancer.id),
            ownerId: freelancer.id,
            amountPaise: line.paise,
          }
        : { ...LINE_ACCOUNT[line.account], amountPaise: line.paise },
    )
    const posted = await ledgerRepo.post(tx, {
      kind: 'release',
      jobId: job.id,
      contractId: contract.id,
      idempotencyKey,
      units,
      actorId: r.actorId,
      legs: [{ kind: 'escrow', key: hire.escrowKey, amountPaise: -amount }, ...legs],
    })
    const waiting = account?.status !== 'activated'
    if (posted) {
      const payout = await releaseRepo.insertPayout(tx, {
        releaseTransactionId: await releaseRepo.transactionId(tx, idempotencyKey),
        jobId: job.id,
        contractId: contract.id,
        freelancerId: freelancer.id,
        clientId: job.createdBy,
        financialYear: fy,
        ...payoutFigures(split),
        status: waiting ? 'waiting_account' : 'queued',
      })
      if (split.feePaise > 0) {
        await issueFeeInvoice(tx, {
          prefix: deps.invoicePrefix,
          financialYear: fy,
          payoutId: payout.id,
          freelancerId: freelancer.id,
          placeOfSupply: state,
          // Sealed as in payout_accounts (associated data payout:<freelancer>:gstin), so it opens the same way.
          recipientGstinSealed: account?.gstinSealed ?? null,
          split,
          issuedAt: at,
        })
      }
      if (!waiting && deps.onReleased) afterCommit(tx, deps.onReleased)
      await recordContractEvent(tx, {
        contractId: contract.id,
        kind: r.event,
        actorId: r.actorId,
        data: {
          amountPaise: amount,
          units,
          netPaise: split.netPaise,
          ...(r.reason ? { reason: r.reason } : {}),
        },
      })
    }
    await syncJob(tx, job)
    const net = money(split.netPaise)
    // Waiting for a payout account: the notification says what happens next (ADR 069 keys, English as before).
    const key = !waiting ? 'released' : account ? 'releasedWaiting' : 'releasedNoAccount'
    await notificationsService.record(tx, {
      userId: freelancer.id,
      type: 'payment_released',
      key: `notifications.payment.${key}`,
      params: { amount: net, title: job.title },
      metadata: { jobId: job.id, contractId: contract.id, ...(r.actorId ? { senderId: r.actorId } : {}) },
    })
    return { amountPaise: amount, netPaise: split.netPaise, freelancerName: freelancer.fullname }
  }

  return {
    /** The split a release of `units` would book now: the contract's client only. */
    async preview(tx: Tx, user: UserRow, contractId: string, units?: number) {
      const r = await releasable(tx, user, { contractId, units })
      const { split } = await splitFor(tx, {
        freelancerId: r.contract.freelancerId,
        clientId: r.job.createdBy,
        grossPaise: r.amount,
        at: new Date(),
        lock: false,
      })
      return presentSplit(r.units, split)
    },

    /** Pays the hired freelancer from escrow: `units` of it (clamped) or all, split as the preview shows. */
    async release(tx: Tx, user: UserRow, input: { jobId?: string; contractId?: string; units?: number }) {
      const r = await releasable(tx, user, input)
      const booked = await book(tx, { ...r, actorId: user.id, event: 'released' })
      // The client answered: no review window stays open on the contract (ADR 057).
      await deliveryRepo.close(tx, r.contract.id)
      return {
        success: true as const,
        ...answerMessage('answers.payments.released', {
          amount: money(booked.amountPaise),
          name: booked.freelancerName,
        }),
        contractId: r.contract.id,
        data: await summaryOf(tx, r.job),
      }
    },

    /**
     * A release the system makes, not a client: the review window's auto-release and an operator's dispute
     * decision. It books exactly what a client's release books (split, payout, invoice, ledger, timeline), without a
     * user check and without looking at `contracts.frozen_at` — the caller decides whether a frozen contract may move.
     * `units` releases that many of the units held (clamped, as a client's release); `amountPaise` releases that much
     * money instead, and counts as released the whole units it pays for (all held units when it empties the escrow;
     * ADR 057). Neither: all that is held. 409 nothing_in_escrow when nothing is held, 409 amount_exceeds_escrow when
     * `amountPaise` is more than is held. Runs under the job's lock, taken here.
     */
    async releaseBySystem(
      tx: Tx,
      input: {
        contractId: string
        units?: number
        amountPaise?: number
        actorId?: string | null
        reason: string
        event?: Extract<ContractEventKind, 'released' | 'auto_released'>
      },
    ) {
      const found = await contractsRepo.byId(tx, input.contractId)
      if (!found) throw notFound('Contract not found', 'contract_not_found')
      const job = await lockJob(tx, found.jobId)
      if (!job) throw notFound('Job not found', 'job_not_found')
      const contract = (await contractsRepo.byId(tx, found.id))!
      const hire = hireOf(job, contract)
      const l = await ledgerRepo.forScope(tx, hire.scope)
      const held = inEscrowPaise(l)
      const heldUnits = Math.max(0, unitsInEscrow(l))
      if (held <= 0) throw conflict('There is no money in escrow to release', 'nothing_in_escrow')
      let units = heldUnits
      let amount = held
      if (input.amountPaise !== undefined) {
        if (!Number.isInteger(input.amountPaise) || input.amountPaise < 1)
          throw badRequest('The amount to release must be at least ₹0.01', 'validation_failed')
        if (input.amountPaise > held)
          throw conflict(
            said('errors.money.releaseTooMuch', { held: money(held), amount: money(input.amountPaise) }),
            'amount_exceeds_escrow',
          )
        amount = input.amountPaise
        units = amount === held ? heldUnits : unitsPaidBy(contract, amount, heldUnits)
      } else if (contract.paymentType !== 'one-time' && input.units !== undefined) {
        units = Math.min(Math.max(1, Math.trunc(input.units)), heldUnits)
        amount = releaseAmountOf(contract, { paise: held, units: heldUnits }, units)
      }
      const booked = await book(tx, {
        job,
        hire,
        contract,
        l,
        units,
        amount,
        actorId: input.actorId ?? null,
        event: input.event ?? 'released',
        reason: input.reason,
      })
      return { contractId: contract.id, amountPaise: amount, units, netPaise: booked.netPaise }
    },
  }
}
export type PaymentRelease = ReturnType<typeof paymentRelease>
