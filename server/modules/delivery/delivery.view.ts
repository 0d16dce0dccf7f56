import { inArray } from 'drizzle-orm'
import { paiseToRupees } from '@common/money'
import type { TimelineEventDtoType } from '@common/schemas/contract'
import type { Executor } from '../../db/client'
import { users } from '../../db/schema'
import { listContractEvents } from '../contracts/contract-events'
import { deliveryRepo } from './delivery.repo'

/** What GET /api/v1/contracts/:id adds for delivery: the open window (only while money is held) and its counts. */
export async function deliveryView(db: Executor, contractId: string, inEscrow: number) {
  const r = await deliveryRepo.byContract(db, contractId)
  return {
    reviewDueAt: r?.dueAt && inEscrow > 0 ? r.dueAt.toISOString() : null,
    delivery: {
      submissions: r?.submissions ?? 0,
      changesRequested: r?.changesRequested ?? 0,
      units: r?.units ?? null,
    },
  }
}

/** Paise facts of an event in rupees, as the API speaks (`amountPaise` → `amount`, `…Paise` → `…`). */
function presentData(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(data)) {
    if (k.endsWith('Paise') && typeof v === 'number') out[k.slice(0, -5)] = paiseToRupees(v)
    else out[k] = v
  }
  return out
}

/** The contract's timeline (ADR 055), oldest first, each entry with who did it (absent: the system). */
export async function timelineOf(db: Executor, contractId: string): Promise<TimelineEventDtoType[]> {
  const events = await listContractEvents(db, contractId)
  const ids = [...new Set(events.map((e) => e.actorId).filter((x): x is string => !!x))]
  const people = ids.length
    ? await db.select({ id: users.id, fullname: users.fullname }).from(users).where(inArray(users.id, ids))
    : []
  const byId = new Map(people.map((p) => [p.id, p]))
  return events.map((e) => {
    const actor = e.actorId ? byId.get(e.actorId) : undefined
    return {
      kind: e.kind,
      at: e.createdAt.toISOString(),
      actor: actor ? { _id: actor.id, fullname: actor.fullname } : null,
      data: presentData(e.data),
    }
  })
}
