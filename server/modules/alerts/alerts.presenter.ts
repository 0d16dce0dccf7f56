import type { AlertDtoType } from '@common/schemas/alerts'
import { labelOf } from './alerts.service'
import type { SavedSearchRow } from './alerts.tables'

/** A saved search as the API answers it: money in rupees, never the matching internals. */
export function presentAlert(r: SavedSearchRow): AlertDtoType {
  return {
    _id: r.id,
    q: r.q,
    category: r.category,
    state: r.state,
    paymentType: r.paymentType,
    minBudget: r.minBudgetPaise === null ? null : r.minBudgetPaise / 100,
    frequency: r.frequency,
    label: labelOf(r),
    lastSentAt: r.lastSentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }
}
