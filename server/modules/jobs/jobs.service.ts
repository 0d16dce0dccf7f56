import { rupeesToPaise } from '@common/money'
import { jobMoney, type JobInput, type JobListQueryInput } from '@common/schemas/job'
import type { JobDtoType } from '@common/schemas/job-answer'
import type { Db, Executor, Tx } from '../../db/client'
import type { JobRow, UserRow } from '../../db/schema'
import { badRequest, conflict, said } from '../../errors'
import type { CompaniesService } from '../companies/companies.service'
import type { ParsedQuery, QueryParser } from '../search/search.query'
import { firstRelevantPage, type FeedFilters, type FeedText } from './jobs.feed'
import {
  collect,
  pageOf,
  decodeCursor,
  encodeCursor,
  fingerprint,
  RELEVANCE_SCAN,
  RELEVANCE_WINDOW,
  segmentsFor,
  type TextMode,
} from './jobs.listing'
import { moderationFor } from './jobs.moderation'
import { authorize, type JobAction } from './jobs.policy'
import type { RawJson } from '../../lib/raw-json'
import { presentJob, presentJobJson } from './jobs.presenter'
import { applicationCount, jobsRepo, preparedJobView } from './jobs.repo'
import { nextStatus, type StatusChange } from './jobs.status'
import { viewMemory, type ViewMemory } from './jobs.views'

/** The job's columns from a validated body; money from the payment model, never from the browser's total. */
function toColumns(i: JobInput) {
  const money = jobMoney(i)
  return {
    title: i.title,
    description: i.description,
    category: i.category,
    paymentType: i.paymentType,
    ...money,
    frequency: i.paymentType === 'recurring' ? (i.frequency ?? null) : null,
    // Blank keeps what the job has (1 for a new one).
    openings: i.openings,
    duration: i.duration ?? null,
    hours: i.hours ?? null,
    locationPreference: i.locationPreference,
    remote: i.remote,
    jobType: i.jobType,
    position: i.position,
    experienceLevel: i.experienceLevel,
    companyId: i.companyId,
    prizePaise: i.prize === undefined ? null : rupeesToPaise(i.prize),
    deadline: i.deadline,
    isFree: i.isFree,
    isDiscounted: i.isDiscounted,
    skills: i.skills,
  }
}

const MONEY_KEYS = ['paymentType', 'amountPaise', 'ratePaise', 'units', 'cycles', 'totalPaise'] as const
const pastDeadline = (d: Date | null) => !!d && d.getTime() < Date.now()
/** The calendar day in India (UTC+05:30, no daylight saving) of a moment, as YYYY-MM-DD. */
const dayInIndia = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 10)
const deadlineError = () =>
  badRequest('The deadline must be today or later', 'validation_failed', {
    deadline: 'The deadline must be today or later',
  })

/** Settles a job's escrow when it closes or goes away (the payments module refunds what is unreleased). */
export type EscrowSettle = (tx: Tx, job: JobRow, actorId: string) => Promise<unknown>

export interface JobList<J = JobDtoType> {
  jobs: J[]
  nextCursor: string | null
  correctedQuery: string | null
}

/** Posting, editing, status, deletion, reading and listing jobs. Each change is one transaction. */
export function jobsService(deps: {
  db: Db
  companies: CompaniesService
  parser: QueryParser
  views?: ViewMemory
}) {
  const { db } = deps
  const views = deps.views ?? viewMemory()
  const jobView = preparedJobView(db)
  let settleEscrow: EscrowSettle | null = null
  const present = async (id: string, viewer: UserRow | null, ex: Executor = db) =>
    presentJob((await jobsRepo.view(ex, id, viewer?.id ?? null))!, viewer?.id ?? null)
  const loadFor = async (user: UserRow | null, action: JobAction, id: string, ex: Executor = db) => {
    // Changes lock the row for the rest of their transaction; reads (and calls outside one) do not.
    const job =
      action === 'view' || action === 'apply' || ex === db
        ? await jobsRepo.byId(ex, id)
        : await jobsRepo.lock(ex, id)
    authorize(user, action, job)
    return job!
  }

  return {
    /** Loads a job and checks `user` may take `action` on it (row-locked inside a transaction). */
    loadFor,
    /** A job by id without any check, for rules that concern someone other than its viewers (withdrawal). */
    peek: (id: string, ex: Executor = db) => jobsRepo.byId(ex, id),
    /** Row-locks a job without any check (payments authorize with their own policy). */
    lock: (id: string, tx: Executor) => jobsRepo.lock(tx, id),
    /** Writes the fund columns the payments ledger derives. */
    setFunding: (tx: Executor, id: string, f: Pick<JobRow, 'fundedPaise' | 'fundedUnits' | 'fundStatus'>) =>
      jobsRepo.update(tx, id, f),
    /** Registers who settles escrow when a job is closed, archived or deleted. */
    onSettleEscrow(fn: EscrowSettle) {
      settleEscrow = fn
    },

    async create(user: UserRow, input: JobInput): Promise<JobDtoType> {
      authorize(user, 'create')
      if (input.companyId) await deps.companies.assertUsable(user, input.companyId)
      if (pastDeadline(input.deadline)) throw deadlineError()
      const cols = toColumns(input)
      const row = await jobsRepo.insert(db, {
        ...cols,
        // Held for an operator when it asks applicants to pay (ADR 056).
        ...moderationFor(cols),
        status: input.status ?? 'active',
        createdBy: user.id,
      })
      return present(row.id, user)
    },

    async update(user: UserRow, id: string, input: JobInput): Promise<JobDtoType> {
      if (input.companyId) await deps.companies.assertUsable(user, input.companyId)
      return db.transaction(async (tx) => {
        const job = await loadFor(user, 'update', id, tx)
        const cols = toColumns(input)
        const funded = job.fundedPaise > 0 || job.fundStatus !== 'Not Initiated'
        const termsChange = MONEY_KEYS.some((k) => cols[k] !== job[k])
        if (funded && termsChange)
          throw conflict('The payment terms cannot change once money is in escrow for this job', 'job_funded')
        // A hire's terms are frozen in its contract, and an open checkout was priced on these (ADR 048).
        const lock = await jobsRepo.termsLock(tx, id)
        if (termsChange && lock.unpaidOrders > 0)
          throw conflict(
            'The payment terms cannot change while a payment for this job is in progress.',
            'terms_locked',
          )
        if (termsChange && lock.activeContracts > 0)
          throw conflict(said('errors.job.termsHired', { count: lock.activeContracts }), 'terms_locked')
        if (cols.openings !== undefined && cols.openings < lock.activeContracts)
          throw conflict(
            said('errors.job.openingsBelowHires', { count: lock.activeContracts }),
            'openings_below_hires',
          )
        // A passed deadline may stay as it is. The form sends it back as a date, which reads as the end of that
        // day in India, while the stored one may be any time of it: the same day is the same deadline, kept as stored.
        if (pastDeadline(cols.deadline)) {
          if (!job.deadline || !cols.deadline || dayInIndia(cols.deadline) !== dayInIndia(job.deadline))
            throw deadlineError()
          cols.deadline = job.deadline
        }
        await jobsRepo.update(tx, id, { ...cols, ...moderationFor(cols, job) })
        return present(id, user, tx)
      })
    },

    async changeStatus(user: UserRow, id: string, change: StatusChange) {
      return db.transaction(async (tx) => {
        const job = await loadFor(user, 'changeStatus', id, tx)
        const { patch, message } = nextStatus(job, change, await applicationCount(tx, id))
        if (patch) await jobsRepo.update(tx, id, patch)
        // A closed or archived job needs no more work: unreleased escrow goes back to the client.
        if (patch && (patch.status === 'closed' || patch.archivedAt)) await settleEscrow?.(tx, job, user.id)
        return { job: await present(id, user, tx), message }
      })
    },

    async remove(user: UserRow, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        let job = await loadFor(user, 'delete', id, tx)
        if (settleEscrow && job.fundStatus === 'In Escrow') {
          await settleEscrow(tx, job, user.id)
          job = (await jobsRepo.byId(tx, id))!
        }
        if (job.fundStatus === 'In Escrow')
          throw conflict(
            'This job has money in escrow. Release or refund it before deleting the job.',
            'job_funded',
          )
        await jobsRepo.remove(tx, id)
      })
    },

    /** A job's detail; counts the view once per viewer per day (the creator's own views do not count). */
    async get(viewer: UserRow | null, id: string, viewerKey: string): Promise<JobDtoType> {
      // One statement reads the job with everything its page shows, the viewer's own application included.
      const found = await jobView(id, viewer?.id ?? null)
      // Only an archived job asks whether the viewer applied to it (the policy keeps it readable to them).
      const applied =
        !!viewer &&
        !!found?.job.archivedAt &&
        found.job.createdBy !== viewer.id &&
        found.applications.some((a) => a.applicant === viewer.id)
      authorize(viewer, 'view', found?.job ?? null, applied)
      const v = found!
      if (viewer?.id !== v.job.createdBy && !views.has(id, viewerKey)) {
        // Counted here: the page shows the count with this view in it, as a second read would.
        if (await jobsRepo.recordView(db, id, viewerKey)) v.job = { ...v.job, views: v.job.views + 1 }
        views.add(id, viewerKey)
      }
      return presentJob(v, viewer?.id ?? null)
    },

    /** True when this viewer's visit to the job is already counted today (a cached answer may be served). */
    viewCounted(id: string, viewerKey: string): boolean {
      return views.has(id, viewerKey)
    },

    /** The job browser: filters, sort, text search with typo and Hinglish handling, keyset pages. */
    /** The job browser's page (and search's jobs): each job the database's JSON text (ADR 081). */
    async list(
      viewer: UserRow | null,
      q: JobListQueryInput,
      preParsed?: ParsedQuery,
    ): Promise<JobList<RawJson>> {
      const text = (q.keyword || q.query || q.q || '').trim()
      const parsed = preParsed ?? (text ? await deps.parser.parse(text) : null)
      const toPaise = (r: number | undefined) => (r === undefined ? undefined : rupeesToPaise(r))
      const filters: FeedFilters = {
        viewerId: viewer?.id ?? null,
        category: q.category,
        free: q.free,
        discounted: q.discounted,
        location: q.location,
        paymentType: q.paymentType,
        minPaise: toPaise(q.minAmount),
        maxPaise: toPaise(q.maxAmount),
      }
      if (
        filters.minPaise !== undefined &&
        filters.maxPaise !== undefined &&
        filters.minPaise > filters.maxPaise
      )
        throw badRequest('The minimum amount is more than the maximum', 'validation_failed', {
          minAmount: 'The minimum amount is more than the maximum',
        })
      const state = q.state ?? (q.sort === 'closest' ? q.location : undefined)
      const fp = fingerprint({ ...filters, viewerId: undefined, sort: q.sort, text: parsed?.raw, state })
      const after = decodeCursor(q.cursor, fp)
      const textFor = (m: TextMode): FeedText | undefined => {
        if (!parsed || m === 'none') return undefined
        const tsquery = m === 'all' ? parsed.strict : m === 'any' ? parsed.loose : null
        return tsquery ? { mode: m as 'all', tsquery, raw: parsed.raw } : { mode: 'trgm', raw: parsed.raw }
      }
      const run = async (mode: TextMode) => {
        const text = textFor(mode)
        if (!after && text && text.mode !== 'trgm' && q.sort === 'relevant') {
          // A relevance search's first page: its window and segments in one statement.
          const first = await firstRelevantPage(db, {
            filters,
            text,
            k: RELEVANCE_WINDOW,
            scan: RELEVANCE_SCAN,
            limit: q.limit + 1,
          })
          return pageOf(first.rows, { limit: q.limit, mode, fp, window: first.window })
        }
        // Later pages have the window's edge in the cursor.
        const window = after?.w ?? null
        const segments = segmentsFor(q.sort, { state, hasText: !!text, skills: viewer?.skills ?? [], window })
        return collect(db, { filters, text, segments, window, after, limit: q.limit, mode, fp, json: true })
      }
      let modes: TextMode[] = ['none']
      if (after) modes = [after.m]
      else if (parsed)
        modes = [
          ...(parsed.strict ? (['all'] as const) : []),
          ...(parsed.loose ? (['any'] as const) : []),
          ...(parsed.raw ? (['trgm'] as const) : []),
        ]
      let result = { rows: [] as Awaited<ReturnType<typeof run>>['rows'], next: null as any }
      for (const mode of modes) {
        result = await run(mode)
        if (result.rows.length) break
      }
      return {
        jobs: result.rows.map(presentJobJson),
        nextCursor: result.next ? encodeCursor(result.next) : null,
        correctedQuery: parsed?.corrected ?? null,
      }
    },

    /** The caller's own jobs (manage page), archived ones too, newest first, with application counts. */
    async listPostedBy(user: UserRow, q: { limit: number; cursor?: string }): Promise<JobList> {
      // The key stays `admin`: it is part of the fingerprint in cursors already handed out.
      const fp = fingerprint({ admin: user.id })
      const after = decodeCursor(q.cursor, fp)
      const result = await collect(db, {
        filters: { viewerId: user.id, createdBy: user.id },
        segments: [{ ranked: false }],
        after,
        limit: q.limit,
        mode: 'none',
        fp,
      })
      return {
        jobs: result.rows.map((v) => presentJob(v, user.id)),
        nextCursor: result.next ? encodeCursor(result.next) : null,
        correctedQuery: null,
      }
    },
  }
}
export type JobsService = ReturnType<typeof jobsService>
