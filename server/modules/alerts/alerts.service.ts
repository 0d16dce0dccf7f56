import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import { rupeesToPaise } from '@common/money'
import {
  alertLabel,
  MAX_SAVED_SEARCHES,
  type AlertBody,
  type AlertFrequency,
  type ApplicantAlertFrequency,
} from '@common/schemas/alerts'
import type { Db } from '../../db/client'
import type { UserRow } from '../../db/schema'
import { badRequest, conflict, forbidden, notFound, said } from '../../errors'
import { randomToken, sha256 } from '../../lib/crypto'
import { classify, tokenize, tsqueryText } from '../search/search.parse'
import { matchKeysOf } from './alerts.keys'
import { alertsRepo } from './alerts.repo'
import type { SavedSearchRow } from './alerts.tables'

const isUniqueViolation = (e: any) => e?.code === '23505' || e?.cause?.code === '23505'

/** The words a person reads for a stored search. */
export const labelOf = (r: SavedSearchRow) =>
  alertLabel({
    q: r.q,
    category: r.category,
    state: r.state,
    paymentType: r.paymentType,
    minBudget: r.minBudgetPaise === null ? null : r.minBudgetPaise / 100,
  })

/** A new unsubscribe token: the link carries it, the database only its hash. */
export function newToken() {
  const token = randomToken(24) // 192 bits
  return { token, tokenHash: sha256(token) }
}

/** Saved searches and the applicant-mail choice (routes under /api/v1/alerts). */
export function alertsService(deps: { db: Db }) {
  const { db } = deps

  const load = async (user: UserRow, id: string) => {
    const row = await alertsRepo.byId(db, id)
    if (!row) throw notFound('This alert does not exist', 'alert_not_found')
    if (row.userId !== user.id) throw forbidden('This alert is not yours', 'not_your_alert')
    return row
  }

  return {
    list: (user: UserRow) => alertsRepo.ofUser(db, user.id),
    applicantPreference: (user: UserRow) => alertsRepo.applicantPreference(db, user.id),

    /**
     * Saves a search. Its text becomes the job search's every-word query, so an alert carries only jobs that search
     * shows (it tries every word first); jobs posted from now on are alerted.
     */
    async create(user: UserRow, body: z.infer<typeof AlertBody>): Promise<SavedSearchRow> {
      let queryTs: string | null = null
      if (body.q) {
        // The search's own reading of the words (Hinglish, places, generic words), every word required. Unlike a
        // search, no word is "corrected" to one that jobs already contain: a search saved for a skill no job names
        // yet must match the first job that does.
        const groups = classify(tokenize(body.q))
        const required = groups.filter((g) => g.kind !== 'generic')
        const strict = tsqueryText(required.length ? required : groups, '&')
        const normal = strict ? await alertsRepo.normalize(db, strict) : null
        if (!normal?.lexemes.length)
          throw badRequest(
            'Add a word to look for: this search has none that jobs could match',
            'validation_failed',
            { q: 'Add a word to look for: this search has none that jobs could match' },
          )
        queryTs = normal.queryTs
      }
      const matchKeys = matchKeysOf(queryTs, {
        category: body.category ?? null,
        state: body.state ?? null,
        paymentType: body.paymentType ?? null,
      })
      try {
        return await db.transaction(async (tx) => {
          // The person's row lock keeps two saves at once from both passing the limit.
          await tx.execute(sql`select id from users where id = ${user.id}::uuid for update`)
          if ((await alertsRepo.countOf(tx, user.id)) >= MAX_SAVED_SEARCHES)
            throw conflict(said('errors.alert.tooMany', { max: MAX_SAVED_SEARCHES }), 'too_many_alerts')
          return alertsRepo.insert(tx, {
            userId: user.id,
            q: body.q,
            category: body.category ?? null,
            state: body.state ?? null,
            paymentType: body.paymentType ?? null,
            minBudgetPaise: body.minBudget === undefined ? null : rupeesToPaise(body.minBudget),
            frequency: body.frequency,
            queryTs,
            matchKeys,
          })
        })
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict('You already saved this search', 'alert_exists')
        throw e
      }
    },

    async setFrequency(user: UserRow, id: string, frequency: AlertFrequency) {
      await load(user, id)
      return (await alertsRepo.setFrequency(db, id, frequency))!
    },

    async remove(user: UserRow, id: string) {
      await load(user, id)
      await alertsRepo.remove(db, id)
    },

    async setApplicantPreference(user: UserRow, frequency: ApplicantAlertFrequency) {
      await alertsRepo.setApplicantPreference(db, user.id, frequency)
      return frequency
    },

    /** One-click unsubscribe: no sign-in, the token alone decides; using it again answers the same. */
    async unsubscribe(token: string): Promise<{ label: string }> {
      const t = await db.transaction((tx) => alertsRepo.useToken(tx, sha256(token)))
      if (!t) throw notFound('This unsubscribe link is not valid or has expired', 'unsubscribe_not_found')
      return { label: t.label }
    },
  }
}
export type AlertsService = ReturnType<typeof alertsService>
