import type { FastifyBaseLogger } from 'fastify'
import type { Db, Executor, Tx } from '../../db/client'
import type { ContractRow, JobRow, UserRow } from '../../db/schema'
import { badRequest, conflict, notFound, said } from '../../errors'
import { contractsRepo } from '../contracts/contracts.repo'
import { isUuid } from '../../lib/ids'
import { notificationsService } from '../notifications/notifications.service'
import type { Params } from '../../i18n'
import type { JobsService } from '../jobs/jobs.service'
import { fundStatusOf, netFundedUnits } from '@common/escrow'
import { accountKey, ledgerRepo, type EscrowScope, type JobLedger } from './ledger.repo'
import { authorize } from './payments.policy'
import type { PaymentProvider } from './payments.provider'
import { paymentsRepo } from './payments.repo'

export const jobClosed = (job: JobRow) => job.status === 'closed' || !!job.archivedAt
/** A dispute froze the contract's escrow (ADR 058): release, refund and auto-release wait for its outcome. */
export const disputed = () =>
  conflict(
    'This contract is in dispute: its escrow is frozen until the dispute is settled or an operator decides it.',
    'disputed',
  )

export const mismatch = () =>
  badRequest('The amount does not match this job’s price. Reload the page and try again.', 'amount_mismatch')

type NotificationType = Parameters<typeof notificationsService.record>[1]['type']
/** A catalogue key and its arguments (ADR 069, 078). */
type Said = { key: string; params: Params }

/**
 * Tells the job's client of a money movement and, when someone is hired, its freelancer too (who was counting on the
 * money), each in their own words.
 */
export async function tellBothSides(
  tx: Tx,
  job: JobRow,
  type: NotificationType,
  words: { client: Said; freelancer: Said },
  contract?: ContractRow | null,
) {
  await notificationsService.record(tx, {
    userId: job.createdBy,
    type,
    ...words.client,
    metadata: { jobId: job.id },
  })
  const freelancer = contract
    ? { id: contract.freelancerId }
    : await paymentsRepo.acceptedFreelancer(tx, job.id)
  if (freelancer)
    await notificationsService.record(tx, {
      userId: freelancer.id,
      type,
      ...words.freelancer,
      metadata: { jobId: job.id, senderId: job.createdBy },
    })
}

export interface PaymentsDeps {
  db: Db
  jobs: JobsService
  provider: PaymentProvider
  feeBps: number
  log?: FastifyBaseLogger
}

/**
 * Whose escrow a money request acts on (ADR 048): a contract, or — before anyone is hired — the job's own escrow.
 */
export interface Hire {
  contract: ContractRow | null
  scope: EscrowScope
  /** The escrow ledger account the money sits in. */
  escrowKey: string
  /** Part of idempotency keys; the job's id for the contract holding the job's escrow, as before contracts. */
  scopeKey: string
}

export const hireOf = (job: JobRow, contract: ContractRow | null): Hire =>
  contract
    ? {
        contract,
        scope: { jobId: job.id, contractId: contract.id, holdsJobEscrow: contract.holdsJobEscrow },
        escrowKey: contract.escrowAccountKey,
        scopeKey: contract.holdsJobEscrow ? job.id : contract.id,
      }
    : {
        contract: null,
        scope: { jobId: job.id, contractId: null, holdsJobEscrow: false },
        escrowKey: accountKey.escrow(job.id),
        scopeKey: job.id,
      }

const VERBS: Record<string, string> = { fund: 'fund', release: 'release', refund: 'refund' }

/** What every part of the payments service shares: its dependencies, the job lock, the load-and-authorize step. */
export function paymentsContext(deps: PaymentsDeps) {
  const { db, jobs } = deps

  const lockJob = async (tx: Executor, id: string) => (isUuid(id) ? jobs.lock(id, tx) : null)

  /**
   * Re-derives the job's fund columns (the sum over its contracts, net funded after refunds) and each of its
   * contracts' escrow mirror from the ledger.
   */
  async function syncJob(tx: Tx, job: JobRow): Promise<JobLedger> {
    const l = await ledgerRepo.forJob(tx, job.id)
    await jobs.setFunding(tx, job.id, {
      fundedPaise: l.funded - l.refunded,
      fundedUnits: netFundedUnits(l),
      fundStatus: fundStatusOf(l),
    })
    for (const c of await contractsRepo.ofJob(tx, job.id, true)) {
      const cl = await ledgerRepo.forScope(tx, hireOf(job, c).scope)
      await contractsRepo.setEscrow(tx, c.id, {
        fundedPaise: cl.funded,
        releasedPaise: cl.released,
        refundedPaise: cl.refunded,
        fundedUnits: cl.fundedUnits,
        releasedUnits: cl.releasedUnits,
        refundedUnits: cl.refundedUnits,
        fundStatus: fundStatusOf(cl),
      })
    }
    return l
  }

  const loadAs = async (
    tx: Executor,
    user: UserRow,
    action: Parameters<typeof authorize>[1],
    jobId: string,
  ) => {
    const job = tx === db ? (isUuid(jobId) ? await jobs.peek(jobId) : null) : await lockJob(tx, jobId)
    const freelancer = job ? await paymentsRepo.acceptedFreelancer(tx, job.id) : null
    // Any hired freelancer of the job is a party to it, not only the first.
    const mine = job ? (await contractsRepo.ofJob(tx, job.id)).find((c) => c.freelancerId === user.id) : null
    const s = { job, freelancerId: mine ? user.id : (freelancer?.id ?? null) }
    authorize(user, action, s)
    return { job: s.job!, freelancer }
  }

  /**
   * Loads and authorizes a money request's job and contract: `contractId` names one; `jobId` alone means the job's
   * only active contract (409 choose_contract when it has several), or the job's own escrow before anyone is hired.
   */
  const loadHire = async (
    tx: Executor,
    user: UserRow,
    action: 'fund' | 'release' | 'refund',
    input: { jobId?: string; contractId?: string },
  ) => {
    let contract: ContractRow | null = null
    let jobId = input.jobId
    if (input.contractId) {
      contract = await contractsRepo.byId(tx, input.contractId)
      if (!contract) throw notFound('Contract not found', 'contract_not_found')
      if (jobId && jobId !== contract.jobId)
        throw badRequest('This contract belongs to another job', 'contract_job_mismatch')
      jobId = contract.jobId
    }
    if (!jobId) throw badRequest('Send the jobId or the contractId', 'validation_failed')
    const job = await lockJob(tx, jobId)
    if (contract) {
      authorize(user, action, { job, freelancerId: contract.freelancerId })
      // Read again under the job's lock: a dispute opened since froze it.
      contract = (await contractsRepo.byId(tx, contract.id)) ?? contract
      if (action !== 'fund' && contract.frozenAt) throw disputed()
      return { job: job!, hire: hireOf(job!, contract) }
    }
    const all = job ? await contractsRepo.ofJob(tx, job.id, true) : []
    const active = all.filter((c) => c.status === 'active')
    authorize(user, action, { job, freelancerId: active[0]?.freelancerId ?? null })
    if (active.length > 1)
      throw conflict(
        said('errors.money.chooseContract', { count: active.length, action: VERBS[action] }),
        'choose_contract',
      )
    contract = active[0] ?? all.find((c) => c.holdsJobEscrow) ?? null
    if (action !== 'fund' && contract?.frozenAt) throw disputed()
    if (action === 'fund' && contract && contract.status !== 'active')
      throw conflict('Accept someone for this job before funding it again', 'no_contract')
    return { job: job!, hire: hireOf(job!, contract) }
  }

  return { ...deps, lockJob, syncJob, loadAs, loadHire }
}
export type PaymentsContext = ReturnType<typeof paymentsContext>
