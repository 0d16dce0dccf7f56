import { paiseToRupees } from '@common/money'
import type { MismatchDto, MoneyOutDto, ReconciliationRunDto } from '@common/schemas/operator-money'
import type { reconciliationMismatches, reconciliationRuns } from '../../db/schema'
import type { MoneyOutRow } from './reconciliation.repo'

type ReconciliationRunRow = typeof reconciliationRuns.$inferSelect
type ReconciliationMismatchRow = typeof reconciliationMismatches.$inferSelect

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export const presentRun = (r: ReconciliationRunRow): ReconciliationRunDto => ({
  _id: r.id,
  startedAt: r.startedAt.toISOString(),
  finishedAt: iso(r.finishedAt),
  checked: r.checked,
  mismatches: r.mismatches,
  error: r.error,
})

export const presentMismatch = (m: ReconciliationMismatchRow): MismatchDto => ({
  _id: m.id,
  kind: m.kind,
  subject: m.subject,
  expected: m.expected,
  actual: m.actual,
  detail: m.detail,
})

export const presentMoneyOut = (type: MoneyOutDto['type'], r: MoneyOutRow): MoneyOutDto => ({
  _id: r.id,
  type,
  paymentId: r.paymentId,
  amount: paiseToRupees(r.amountPaise),
  status: r.status,
  failureReason: r.failureReason,
  attempts: r.attempts,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  nextAttemptAt: iso(r.nextAttemptAt),
  jobId: r.jobId,
  contractId: r.contractId,
  payoutId: r.payoutId,
  userId: r.userId,
})
