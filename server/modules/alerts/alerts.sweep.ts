import { sql, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client'
import { dbNow } from '../../lib/clock'
import type { Outbox } from '../../mail/outbox'
import { notificationsService } from '../notifications/notifications.service'
import type { PeriodicTask } from '../tasks/scheduler'
import { applicantsMail, jobsMail } from './alerts.mail'
import { alertsRepo, uuidArray, type ApplicantRow, type MatchRow } from './alerts.repo'
import { labelOf, newToken } from './alerts.service'
import {
  isQuiet,
  lastDailyDigest,
  lastWeeklyDigest,
  parseQuietHours,
  startOfIndiaDay,
  type QuietHours,
} from './alerts.time'

export interface SweepOptions {
  /** Base of the links in the mail (PUBLIC_URL). */
  baseUrl: string
  quietHours: string
  maxPerDay: number
  /**
   * Jobs are considered once they are this old, so a job whose insert was still in flight when a sweep read the
   * window is never skipped by the cursor moving past it. Tests use 0.
   */
  settleMs?: number
}

export interface SweepResult {
  quiet: boolean
  /** Alert mails sent (jobs and applicants). */
  mails: number
}

const PRUNE_DAYS = 30

/**
 * The alert sweep (ADR 064, matching by ADR 070): matches new jobs to due saved searches by index, and per person sends one
 * notification and one mail with the jobs they were not yet alerted to; then the applicant mail of clients. Each
 * person's send is one transaction that claims their searches by their cursors, so a second run (another instance,
 * or after a restart) finds nothing left to send.
 */
export function alertsSweep(deps: { db: Db; outbox: Outbox; log?: FastifyBaseLogger }, opts: SweepOptions) {
  const { db } = deps
  const quiet: QuietHours | null = parseQuietHours(opts.quietHours)

  async function run(): Promise<SweepResult> {
    const now = await dbNow(db)
    if (isQuiet(now, quiet)) return { quiet: true, mails: 0 }
    const res = await db.execute(
      sql`select (now() - ${opts.settleMs ?? 3000} * interval '1 millisecond')::text as bound`,
    )
    const bound = String((res.rows[0] as { bound: string }).bound)
    const capped = alertsRepo.cappedUsers(startOfIndiaDay(now), opts.maxPerDay)
    const daily = lastDailyDigest(now).toISOString()
    const weekly = lastWeeklyDigest(now).toISOString()
    const dueSearches = sql`s.cursor_at < ${bound}::timestamptz
      and (s.frequency = 'instant'
        or (s.frequency = 'daily' and s.digest_at < ${daily}::timestamptz)
        or (s.frequency = 'weekly' and s.digest_at < ${weekly}::timestamptz))
      and s.user_id not in ${capped}`
    let mails = 0
    const matches = await alertsRepo.match(db, dueSearches, bound)
    const byUser = new Map<string, MatchRow[]>()
    for (const m of matches) {
      const rows = byUser.get(m.userId)
      if (rows) rows.push(m)
      else byUser.set(m.userId, [m])
    }
    for (const [userId, rows] of byUser) if (await sendJobs(userId, rows, bound)) mails++
    // Due searches nothing matched: their window is done (and a digest's turn handled), no mail.
    const matched = matches.map((m) => m.searchId)
    await alertsRepo.advance(
      db,
      sql`${dueSearches} and not (s.id = any(${uuidArray(matched)}))`,
      bound,
      false,
    )

    const dueApplicants = sql`p.applicants_cursor_at < ${bound}::timestamptz
      and (p.applicants = 'instant' or (p.applicants = 'daily' and p.applicants_digest_at < ${daily}::timestamptz))
      and p.user_id not in ${capped}`
    const applicants = await alertsRepo.newApplicants(db, dueApplicants, bound)
    const byClient = new Map<string, ApplicantRow[]>()
    for (const a of applicants) byClient.set(a.userId, [...(byClient.get(a.userId) ?? []), a])
    for (const [userId, rows] of byClient) if (await sendApplicants(userId, rows, bound)) mails++
    const clients = [...byClient.keys()]
    await alertsRepo.advanceApplicants(
      db,
      sql`${dueApplicants} and not (p.user_id = any(${uuidArray(clients)}))`,
      bound,
    )
    await alertsRepo.prune(db, PRUNE_DAYS)
    return { quiet: false, mails }
  }

  /** One person's job alert: claims their matched searches, keeps the jobs new to them, records and mails. */
  async function sendJobs(userId: string, rows: MatchRow[], bound: string): Promise<boolean> {
    const cursors = new Map(rows.map((r) => [r.searchId, r.cursorAt]))
    const mail = await db.transaction(async (tx) => {
      if (!(await alertsRepo.claim(tx, cursors))) return null
      const ids = [...cursors.keys()]
      const fresh = await alertsRepo.firstTimeJobs(tx, userId, [...new Set(rows.flatMap((r) => r.jobIds))])
      const sent = fresh.length > 0
      await alertsRepo.advance(tx, sql`s.id = any(${uuidArray(ids)})`, bound, sent)
      if (!sent) return null
      const [jobs, searches, who] = await Promise.all([
        alertsRepo.jobsForMail(tx, fresh),
        alertsRepo.ofUser(tx, userId),
        alertsRepo.userContact(tx, userId),
      ])
      // Only the searches that found a job this time are named, and stopped by this mail's link.
      const freshIds = new Set(fresh)
      const withJobs = new Set(
        rows.filter((r) => r.jobIds.some((j) => freshIds.has(j))).map((r) => r.searchId),
      )
      const named = searches.filter((s) => withJobs.has(s.id))
      const labels = named.map(labelOf)
      const { token, tokenHash } = newToken()
      await alertsRepo.insertToken(tx, {
        tokenHash,
        userId,
        searchIds: named.map((s) => s.id),
        label: labels.join('; '),
      })
      await alertsRepo.recordDelivery(tx, userId, 'jobs', jobs.length)
      await notificationsService.record(tx, {
        userId,
        type: 'system',
        ...(jobs.length === 1
          ? { key: 'notifications.alert.one', params: { title: jobs[0].title } }
          : {
              key: 'notifications.alert.many',
              params: { count: String(jobs.length), title: jobs[0].title },
            }),
        metadata: { kind: 'job_alert', jobId: jobs[0].id, count: String(jobs.length) },
      })
      return jobsMail({
        to: who!.email,
        name: who!.fullname,
        language: who!.language,
        base: opts.baseUrl,
        token,
        labels,
        jobs,
      })
    })
    // After the commit: the mail never tells of an alert that was rolled back.
    if (mail) deps.outbox.enqueue(mail)
    return !!mail
  }

  /** One client's applicant mail: claims their window by its cursor, records and mails. */
  async function sendApplicants(userId: string, rows: ApplicantRow[], bound: string): Promise<boolean> {
    const mail = await db.transaction(async (tx) => {
      const where: SQL = sql`p.user_id = ${userId}::uuid and p.applicants_cursor_at = ${rows[0].cursorAt}::timestamptz`
      if (!(await alertsRepo.advanceApplicants(tx, where, bound))) return null
      const who = await alertsRepo.userContact(tx, userId)
      const { token, tokenHash } = newToken()
      await alertsRepo.insertToken(tx, { tokenHash, userId, applicants: true, label: 'new applicants' })
      await alertsRepo.recordDelivery(tx, userId, 'applicants', rows.length)
      // The in-app notification of each applicant is the application's own (applications module): mail only.
      return applicantsMail({
        to: who!.email,
        name: who!.fullname,
        language: who!.language,
        base: opts.baseUrl,
        token,
        applicants: rows,
      })
    })
    if (mail) deps.outbox.enqueue(mail)
    return !!mail
  }

  return { run }
}
export type AlertsSweep = ReturnType<typeof alertsSweep>

/** The sweep as a scheduled task: once per period across instances (ADR 018). */
export function alertsTask(sweep: AlertsSweep, everyMs: number): PeriodicTask {
  return { name: 'job-alerts', everyMs, leaseMs: 5 * 60_000, run: () => sweep.run() }
}
