import type { RefundRow, TransferRow } from '../../db/schema'
import { csvRupees, isoDateIst } from './documents.format'
import type { FundingRow, ReleaseRow } from './documents.repo'
import { gstOf, receiptNumber, tcsOf } from './documents.templates'

/** One release on the yearly statement, in paise. */
export interface StatementRelease {
  id: string
  /** When it was released; `date` is its calendar day in India. */
  at: Date
  date: string
  job: string
  invoice: string | null
  gross: number
  fee: number
  gst: number
  tdsRateBps: number
  tds: number
  tcs: number
  net: number
  utrs: string[]
}

export interface Statement {
  year: string
  generatedAt: Date
  releases: StatementRelease[]
  payouts: {
    date: string
    transfer: string
    status: TransferRow['status']
    utr: string | null
    amount: number
  }[]
  fundings: { id: string; at: Date; date: string; receipt: string; job: string; amount: number }[]
  refunds: RefundRow[]
  totals: { gross: number; fee: number; gst: number; tds: number; tcs: number; net: number }
}

const JOB_GONE = 'A job no longer listed'

/** A user's financial year as the statement (PDF and CSV) shows it: releases, their transfers, fundings, refunds. */
export function buildStatement(v: {
  year: string
  releases: ReleaseRow[]
  transfers: TransferRow[]
  fundings: FundingRow[]
  refunds: RefundRow[]
  now: Date
}): Statement {
  const releases = v.releases.map(({ payout: p, jobTitle, invoiceNumber }) => ({
    id: p.id,
    at: p.createdAt,
    date: isoDateIst(p.createdAt),
    job: jobTitle ?? JOB_GONE,
    invoice: invoiceNumber,
    gross: p.grossPaise,
    fee: p.feePaise,
    gst: gstOf(p),
    tdsRateBps: p.tdsRateBps,
    tds: p.tdsPaise,
    tcs: tcsOf(p),
    net: p.netPaise,
    utrs: v.transfers.filter((t) => t.payoutId === p.id && t.utr).map((t) => t.utr!),
  }))
  const sum = (k: keyof Statement['totals']) => releases.reduce((s, r) => s + r[k], 0)
  return {
    year: v.year,
    generatedAt: v.now,
    releases,
    payouts: v.transfers.map((t) => ({
      date: isoDateIst(t.settledAt ?? t.processedAt ?? t.createdAt),
      transfer: t.providerTransferId ?? t.reference,
      status: t.status,
      utr: t.utr,
      amount: t.amountPaise,
    })),
    fundings: v.fundings.map((f) => ({
      id: f.id,
      at: f.paidAt,
      date: isoDateIst(f.paidAt),
      receipt: receiptNumber(f.id),
      job: f.jobTitle ?? JOB_GONE,
      amount: f.amountPaise,
    })),
    refunds: v.refunds,
    totals: {
      gross: sum('gross'),
      fee: sum('fee'),
      gst: sum('gst'),
      tds: sum('tds'),
      tcs: sum('tcs'),
      net: sum('net'),
    },
  }
}

export const CSV_HEADER = [
  'Date',
  'Job',
  'Invoice',
  'Gross',
  'Fee',
  'GST',
  'TDS rate %',
  'TDS',
  'TCS',
  'Net',
  'UTR',
] as const

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Text a spreadsheet
 * would run as a formula (=, +, -, @ first) gets a leading apostrophe, since job titles are anyone's text.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The statement's releases as CSV: a header row, one row per release, a totals row; rupees with 2 decimals. */
export function statementCsv(s: Statement): string {
  const rows: string[][] = [[...CSV_HEADER]]
  for (const r of s.releases)
    rows.push([
      r.date,
      csvField(r.job),
      csvField(r.invoice ?? ''),
      csvRupees(r.gross),
      csvRupees(r.fee),
      csvRupees(r.gst),
      String(r.tdsRateBps / 100),
      csvRupees(r.tds),
      csvRupees(r.tcs),
      csvRupees(r.net),
      csvField(r.utrs.join(' ')),
    ])
  const t = s.totals
  rows.push([
    'Total',
    '',
    '',
    csvRupees(t.gross),
    csvRupees(t.fee),
    csvRupees(t.gst),
    '',
    csvRupees(t.tds),
    csvRupees(t.tcs),
    csvRupees(t.net),
    '',
  ])
  return rows.map((r) => r.join(',')).join('\r\n') + '\r\n'
}
