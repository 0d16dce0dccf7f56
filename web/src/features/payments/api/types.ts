import type { EarningsType, EscrowSummaryType } from '@common/schemas/payment'

/** What the payment actions need of a job: the detail page, the chat side panel and the manage list all have it. */
export interface PaymentJob {
  _id: string
  title: string
  paymentType: 'one-time' | 'per-unit' | 'recurring'
  units: number | null
  cycles: number | null
  rate: number | null
  amount: number | null
  total: number
  fundStatus: 'Not Initiated' | 'In Escrow' | 'Released'
  fundedAmount: number
  fundedUnits: number
  status: 'draft' | 'active' | 'closed'
  /** How many people the job hires (ADR 048); with more than one, money moves per hire, not per job. */
  openings?: number
  archived?: boolean
  created_by: { _id: string }
  /** When known (the job detail has the viewer's own application): skips asking a non-hired viewer's escrow. */
  applications?: { applicant: string; status: string }[]
}

export interface PaymentViewer {
  _id: string
}

export type EscrowSummary = EscrowSummaryType
export type Earnings = EarningsType

/** A fresh key per user action, so a double click or a retried request moves money once. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
