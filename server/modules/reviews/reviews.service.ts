import type { ReviewBodyType } from '@common/schemas/review'
import type { Db } from '../../db/client'
import type { UserRow } from '../../db/schema'
import { conflict, notFound } from '../../errors'
import { afterCommit } from '../../db/after-commit'
import { contractsRepo } from '../contracts/contracts.repo'
import { recordContractEvent } from '../contracts/contract-events'
import { notificationsService } from '../notifications/notifications.service'
import { usersRepo } from '../users/users.repo'
import { reputationOf } from './reputation'
import { authorizeParty } from './reviews.policy'
import { presentReview, presentState } from './reviews.presenter'
import { reviewsRepo } from './reviews.repo'

export interface ReviewsDeps {
  db: Db
  /** REVIEW_DAYS: how long after a contract ends each side may review (ADR 060). */
  days: number
  /** After a commit that made reviews visible: the people whose ratings changed (drops their cached answers). */
  onVisible?: (userIds: string[]) => void
}

/** Double-blind reviews (ADR 060). */
export function reviewsService(deps: ReviewsDeps) {
  const { db, days } = deps
  const visibleAfterCommit = (tx: Parameters<typeof afterCommit>[0], ids: string[]) => {
    if (deps.onVisible && ids.length) afterCommit(tx, () => deps.onVisible!([...new Set(ids)]))
  }

  return {
    /** The caller's side of a contract's reviews: theirs, the other's once visible, the window. */
    async state(user: UserRow, contractId: string) {
      const c = await contractsRepo.byId(db, contractId)
      authorizeParty(user, c)
      const [window, rows] = await Promise.all([
        reviewsRepo.window(db, c.id, days),
        reviewsRepo.ofContract(db, c.id),
      ])
      return presentState(user.id, window, rows)
    },

    /** Writes the caller's review, once per side, while the window is open; reveals both when it is the second. */
    async write(user: UserRow, contractId: string, body: ReviewBodyType) {
      return db.transaction(async (tx) => {
        const c = await contractsRepo.byId(tx, contractId)
        authorizeParty(user, c)
        // Locks the window row: the two sides' writes take turns, so the second always sees the first.
        const window = await reviewsRepo.window(tx, c.id, days, true)
        if (!window) throw conflict('You can review once the contract has ended', 'contract_not_ended')
        if (!window.open)
          throw conflict('The time to review this contract has passed', 'review_window_closed')
        const asClient = c.clientId === user.id
        const otherId = asClient ? c.freelancerId : c.clientId
        const row = await reviewsRepo.insert(tx, {
          contractId: c.id,
          authorId: user.id,
          subjectId: otherId,
          authorRole: asClient ? 'client' : 'freelancer',
          rating: body.rating,
          text: body.text,
        })
        if (!row) throw conflict('You have already reviewed this contract', 'already_reviewed')
        // The timeline says who reviewed, never what they wrote (double-blind).
        await recordContractEvent(tx, {
          contractId: c.id,
          kind: 'reviewed',
          actorId: user.id,
          data: { role: row.authorRole },
        })
        const [{ jobTitle }] = await contractsRepo.list(tx, { userId: null, id: c.id })
        const rows = await reviewsRepo.ofContract(tx, c.id)
        if (rows.length === 2) {
          await reviewsRepo.reveal(tx, c.id)
          for (const id of [user.id, otherId])
            await notificationsService.record(tx, {
              userId: id,
              type: 'system',
              key: 'notifications.review.visible',
              params: { title: jobTitle },
              metadata: { kind: 'reviews_visible', contractId: c.id },
            })
          visibleAfterCommit(tx, [user.id, otherId])
        } else {
          await notificationsService.record(tx, {
            userId: otherId,
            type: 'system',
            key: 'notifications.review.received',
            params: { name: user.fullname, title: jobTitle },
            metadata: { kind: 'review_received', contractId: c.id },
          })
        }
        const now = await reviewsRepo.ofContract(tx, c.id)
        return presentState(user.id, window, now)
      })
    },

    /** The reviews anyone may read about a person (by id or handle), newest first. */
    async about(idOrHandle: string) {
      const u = await usersRepo.byIdOrHandle(db, idOrHandle)
      if (!u) throw notFound('User not found', 'user_not_found')
      return (await reviewsRepo.visibleAbout(db, u.id, days)).map(presentReview)
    },

    /** A profile's facts: rating, jobs completed, on-time deliveries, badges. */
    async reputation(userId: string) {
      return reputationOf(db, userId, days)
    },

    /** The scheduled task: reveals reviews whose window closed and tells both sides; how many it revealed. */
    async revealDue(): Promise<number> {
      return db.transaction(async (tx) => {
        const revealed = await reviewsRepo.revealDue(tx, days)
        const contracts = new Map<string, Set<string>>()
        for (const r of revealed) {
          const people = contracts.get(r.contractId) ?? new Set<string>()
          people.add(r.authorId).add(r.subjectId)
          contracts.set(r.contractId, people)
        }
        for (const [contractId, people] of contracts) {
          const [row] = await contractsRepo.list(tx, { userId: null, id: contractId })
          for (const id of people)
            await notificationsService.record(tx, {
              userId: id,
              type: 'system',
              key: 'notifications.review.visibleBoth',
              params: { title: row?.jobTitle ?? 'your contract' },
              metadata: { kind: 'reviews_visible', contractId },
            })
        }
        visibleAfterCommit(
          tx,
          revealed.flatMap((r) => [r.authorId, r.subjectId]),
        )
        return revealed.length
      })
    },
  }
}
export type ReviewsService = ReturnType<typeof reviewsService>
