/** The operators' money page (ADR 053): the latest reconciliation and the money out that needs a hand. Rupees. */

export interface ReconciliationRunDto {
  _id: string
  startedAt: string
  finishedAt: string | null
  /** Rows, accounts and transactions the run looked at. */
  checked: number
  mismatches: number
  error: string | null
}

export interface MismatchDto {
  _id: string
  kind: string
  subject: string
  expected: string | null
  actual: string | null
  detail: string
}

export interface MoneyOutDto {
  _id: string
  type: 'refund' | 'transfer'
  paymentId: string
  amount: number
  status: string
  failureReason: string | null
  attempts: number
  createdAt: string
  updatedAt: string
  nextAttemptAt: string | null
  /** A refund's job and contract, a transfer's payout. */
  jobId: string | null
  contractId: string | null
  payoutId: string | null
  /** The client a refund goes to, or the freelancer a transfer pays. */
  userId: string
}

export interface OperatorMoneyDto {
  success: true
  lastRun: ReconciliationRunDto | null
  mismatches: MismatchDto[]
  failedRefunds: MoneyOutDto[]
  failedTransfers: MoneyOutDto[]
  /** Refunds and transfers pending for more than an hour. */
  stuck: MoneyOutDto[]
  /** Whether this server has the retry routes (POST /refunds/:id/retry, /transfers/:id/retry). */
  retry: { refunds: boolean; transfers: boolean }
}

export interface ReconciliationRunAnswerDto {
  success: true
  run: ReconciliationRunDto
  mismatches: MismatchDto[]
}
