import { TAX_RULES_2026 } from '@common/tax'
import { gstStateCode, UTGST_TERRITORIES } from '@common/tax-ids'
import type { Region } from '@common/locations'
import type { InvoiceRow, PayoutRow, RefundRow, TransferRow } from '../../db/schema'
import type { FundingRow } from './documents.repo'
import { amountInWords, dateText, inr, rupeesText } from './documents.format'
import type { Layout } from './documents.pdf'
import type { Statement } from './documents.statement'

/**
 * What each money document says (ADR 051), as layouts for `renderPdf`. Figures come from the rows exactly as the
 * release booked them; nothing is recomputed here except sums of those rows.
 */

/** The supplier on every document: the platform as it is registered for GST. */
export interface Platform {
  legalName: string
  address: string
  gstin: string
  state: Region
  tan: string
  /** True while GSTIN or TAN is the sandbox placeholder: every document says it is not a tax document. */
  sandbox: boolean
}

/** Support services n.e.c. (Heading 9985, Group 99859) in the GST Scheme of Classification of Services. */
export const SAC_PLATFORM_FEE = '998599'

export interface Person {
  name: string
  email?: string
  /** Masked (XXXXXX234F): enough to match Form 26AS, not enough to misuse. */
  pan?: string | null
  gstin?: string | null
  state?: string | null
}

const pct = (bps: number) => `${bps / 100}%`
const stateWithCode = (state: string) => {
  const code = gstStateCode(state)
  return code ? `${state} (${code})` : state
}
const sandboxNote = (p: Platform) =>
  p.sandbox
    ? [
        "SANDBOX: the platform's GSTIN and TAN are placeholders (PLATFORM_GSTIN, PLATFORM_TAN unset). " +
          'This document is not valid for tax purposes.',
      ]
    : []
const supplier = (p: Platform, heading = 'Supplier') => ({
  heading,
  lines: [p.legalName, p.address, `GSTIN: ${p.gstin}`, `State: ${stateWithCode(p.state)}`],
})
const personLines = (p: Person) => [
  p.name,
  ...(p.email ? [p.email] : []),
  ...(p.pan ? [`PAN: ${p.pan}`] : []),
]
const short = (id: string) => id.slice(0, 8).toUpperCase()

/** Receipt and advice numbers are derived from the row's id: stable, unique, and meaning nothing else. */
export const receiptNumber = (paymentId: string) => `RCPT-${short(paymentId)}`
export const adviceNumber = (payoutId: string) => `ADV-${short(payoutId)}`

export const gstOf = (p: PayoutRow) => p.gstCgstPaise + p.gstSgstPaise + p.gstIgstPaise
export const tcsOf = (p: PayoutRow) => p.tcsCgstPaise + p.tcsSgstPaise + p.tcsIgstPaise
export const invoiceTotal = (i: InvoiceRow) => i.taxablePaise + i.cgstPaise + i.sgstPaise + i.igstPaise

/** The GST tax invoice for the platform's fee on one release (CGST rules, rule 46). */
export function invoiceLayout(v: {
  invoice: InvoiceRow
  payout: PayoutRow
  platform: Platform
  recipient: Person
  jobTitle: string | null
}): Layout {
  const { invoice: inv, payout, platform } = v
  const rates = TAX_RULES_2026.gstOnFee
  const stateTax = UTGST_TERRITORIES.has(platform.state) ? 'UTGST' : 'SGST'
  const intra = inv.igstPaise === 0 && inv.cgstPaise + inv.sgstPaise > 0
  const taxRows: [string, string][] = intra
    ? [
        [`CGST @ ${pct(rates.cgstBps)}`, inr(inv.cgstPaise)],
        [`${stateTax} @ ${pct(rates.sgstBps)}`, inr(inv.sgstPaise)],
      ]
    : [[`IGST @ ${pct(rates.igstBps)}`, inr(inv.igstPaise)]]
  const total = invoiceTotal(inv)
  return {
    title: 'Tax invoice',
    subtitle: 'Original for recipient',
    meta: [
      ['Invoice number', inv.number],
      ['Invoice date', dateText(inv.issuedAt)],
      ['Financial year', inv.financialYear],
    ],
    parties: [
      supplier(platform),
      {
        heading: 'Recipient',
        lines: [
          v.recipient.name,
          ...(v.recipient.email ? [v.recipient.email] : []),
          `GSTIN: ${v.recipient.gstin ?? 'Unregistered'}`,
          `Place of supply: ${stateWithCode(inv.placeOfSupply)}`,
        ],
      },
    ],
    sections: [
      {
        kind: 'table',
        columns: [
          { label: 'Description of service', width: 5 },
          { label: 'SAC', width: 1.2 },
          { label: 'Taxable value (INR)', width: 2, align: 'right' },
        ],
        rows: [
          [
            `Platform fee (marketplace services) on a release of ${inr(payout.grossPaise)}` +
              (v.jobTitle ? ` for "${v.jobTitle}"` : '') +
              ` (contract ${short(payout.contractId)})`,
            SAC_PLATFORM_FEE,
            rupeesText(inv.taxablePaise),
          ],
        ],
      },
      {
        kind: 'pairs',
        rows: [
          ['Taxable value', inr(inv.taxablePaise)],
          ...taxRows,
          ['Total invoice value', inr(total)],
          ['Amount in words', amountInWords(total)],
        ],
        strong: ['Total invoice value'],
      },
      {
        kind: 'text',
        lines: [
          `Place of supply: ${stateWithCode(inv.placeOfSupply)} (${intra ? 'intra-state' : 'inter-state'} supply).`,
          'Tax payable on reverse charge: No.',
          `The fee and its GST were deducted from the release (payment advice ${adviceNumber(payout.id)}).`,
        ],
      },
    ],
    footer: ['This is a computer-generated invoice.', ...sandboxNote(platform)],
  }
}

/** The payer's receipt for one captured payment into escrow. */
export function receiptLayout(v: {
  funding: FundingRow
  platform: Platform
  payer: Person
  freelancerName: string | null
}): Layout {
  const f = v.funding
  return {
    title: 'Payment receipt',
    subtitle: 'Money received into escrow',
    meta: [
      ['Receipt number', receiptNumber(f.id)],
      ['Date', dateText(f.paidAt)],
    ],
    parties: [
      supplier(v.platform, 'Received by'),
      { heading: 'Received from', lines: [v.payer.name, ...(v.payer.email ? [v.payer.email] : [])] },
    ],
    sections: [
      {
        kind: 'pairs',
        rows: [
          ['Job', f.jobTitle ?? 'A job no longer listed'],
          ...(f.contractId ? [['Contract', short(f.contractId)] as [string, string]] : []),
          ...(v.freelancerName ? [['Freelancer', v.freelancerName] as [string, string]] : []),
          ...(f.units > 1 ? [['Units funded', String(f.units)] as [string, string]] : []),
          ['Payment id', f.providerPaymentId],
          ['Paid through', f.provider === 'razorpay' ? 'Razorpay' : 'Sandbox checkout (test money)'],
          ['Amount received', inr(f.amountPaise)],
          ['Amount in words', amountInWords(f.amountPaise)],
        ],
        strong: ['Amount received'],
      },
      {
        kind: 'text',
        lines: [
          'The amount is held in escrow for the contract and is released to the freelancer or refunded to you; ' +
            'it is not a payment for a supply by Microlance, so no GST is charged on it.',
        ],
      },
    ],
    footer: ['This is a computer-generated receipt.', ...sandboxNote(v.platform)],
  }
}

const TRANSFER_STATUS: Record<TransferRow['status'], string> = {
  pending: 'Pending',
  processed: 'Transferred',
  failed: 'Failed',
  reversed: 'Reversed',
}
const PAYOUT_STATUS: Record<PayoutRow['status'], string> = {
  waiting_account: 'Pending payout (no active payout account yet)',
  queued: 'Queued for transfer',
  transferring: 'In transit',
  paid: 'Paid',
  failed: 'Transfer failed; being retried',
}

/** The freelancer's advice for one release: the split, then where the net went. */
export function adviceLayout(v: {
  payout: PayoutRow
  transfers: TransferRow[]
  platform: Platform
  payee: Person
  jobTitle: string | null
  invoiceNumber: string | null
}): Layout {
  const p = v.payout
  const tcs = tcsOf(p)
  return {
    title: 'Payment advice',
    subtitle: 'Release of escrow and payout',
    meta: [
      ['Advice number', adviceNumber(p.id)],
      ['Date', dateText(p.createdAt)],
      ['Financial year', p.financialYear],
    ],
    parties: [supplier(v.platform), { heading: 'Payee', lines: personLines(v.payee) }],
    sections: [
      {
        kind: 'pairs',
        heading: 'Release',
        rows: [
          ['Job', v.jobTitle ?? 'A job no longer listed'],
          ['Contract', short(p.contractId)],
          ['Gross released', inr(p.grossPaise)],
          ['Platform fee', `- ${inr(p.feePaise)}`],
          [`GST on the fee${v.invoiceNumber ? ` (invoice ${v.invoiceNumber})` : ''}`, `- ${inr(gstOf(p))}`],
          [
            `TDS @ ${pct(p.tdsRateBps)} (Income-tax Act section 194-O` +
              (p.tdsRateBps === TAX_RULES_2026.tds194O.noPanRateBps ? '; no PAN, section 206AA)' : ')'),
            `- ${inr(p.tdsPaise)}`,
          ],
          [`GST TCS (CGST Act section 52)`, `- ${inr(tcs)}`],
          ['Net payout', inr(p.netPaise)],
        ],
        strong: ['Net payout'],
      },
      {
        kind: 'table',
        heading: 'Transfers to your bank',
        columns: [
          { label: 'Transfer', width: 2.2 },
          { label: 'Status', width: 1.4 },
          { label: 'UTR', width: 2.2 },
          { label: 'Settled', width: 1.4 },
          { label: 'Amount (INR)', width: 1.6, align: 'right' },
        ],
        rows: v.transfers.map((t) => [
          t.providerTransferId ?? t.reference,
          TRANSFER_STATUS[t.status],
          t.utr ?? '-',
          t.settledAt ? dateText(t.settledAt) : '-',
          rupeesText(t.amountPaise),
        ]),
      },
      {
        kind: 'text',
        lines: [
          `Payout status: ${PAYOUT_STATUS[p.status]}.`,
          ...(p.tdsPaise > 0
            ? [
                `The TDS is deposited under the platform's TAN ${v.platform.tan} and appears in your Form 26AS.`,
              ]
            : []),
        ],
      },
    ],
    footer: ['This is a computer-generated advice.', ...sandboxNote(v.platform)],
  }
}

/** The yearly statement: every release of the year with its split, the payouts with their UTRs, and fundings. */
export function statementLayout(v: { statement: Statement; platform: Platform; owner: Person }): Layout {
  const s = v.statement
  const t = s.totals
  const money = (paise: number) => rupeesText(paise)
  const sections: Layout['sections'] = [
    {
      kind: 'pairs',
      heading: 'Summary',
      rows: [
        ['Gross released to you', inr(t.gross)],
        ['Platform fees', inr(t.fee)],
        ['GST on the fees', inr(t.gst)],
        ['TDS (section 194-O)', inr(t.tds)],
        ['GST TCS (section 52)', inr(t.tcs)],
        ['Net payouts', inr(t.net)],
      ],
      strong: ['Net payouts'],
    },
    {
      kind: 'text',
      heading: 'Form 26AS',
      lines: [
        `The TDS above (${inr(t.tds)}) is deposited under the platform's TAN ${v.platform.tan} ` +
          `(${v.platform.legalName}) and appears in your Form 26AS / Annual Information Statement for ` +
          `financial year ${s.year}, under section 194-O, against the gross of ${inr(t.gross)}.`,
        'GST TCS under section 52 appears in your GST portal (Form GSTR-2X) when you have a GSTIN.',
        'Amounts in INR. Dates are in India Standard Time.',
      ],
    },
    {
      kind: 'table',
      heading: 'Releases',
      columns: [
        { label: 'Date', width: 1.35 },
        { label: 'Job / invoice', width: 2.6 },
        { label: 'Gross', width: 1.3, align: 'right' },
        { label: 'Fee', width: 1.1, align: 'right' },
        { label: 'GST', width: 1.0, align: 'right' },
        { label: 'TDS', width: 1.0, align: 'right' },
        { label: 'TCS', width: 1.0, align: 'right' },
        { label: 'Net', width: 1.3, align: 'right' },
      ],
      rows: s.releases.map((r) => [
        r.date,
        `${r.job}${r.invoice ? ` (${r.invoice})` : ''}`,
        money(r.gross),
        money(r.fee),
        money(r.gst),
        money(r.tds),
        money(r.tcs),
        money(r.net),
      ]),
      total: [
        'Total',
        '',
        money(t.gross),
        money(t.fee),
        money(t.gst),
        money(t.tds),
        money(t.tcs),
        money(t.net),
      ],
    },
    {
      kind: 'table',
      heading: 'Payouts to your bank',
      columns: [
        { label: 'Date', width: 1.35 },
        { label: 'Transfer', width: 2.4 },
        { label: 'Status', width: 1.3 },
        { label: 'UTR', width: 2.2 },
        { label: 'Amount (INR)', width: 1.4, align: 'right' },
      ],
      rows: s.payouts.map((p) => [
        p.date,
        p.transfer,
        TRANSFER_STATUS[p.status],
        p.utr ?? '-',
        money(p.amount),
      ]),
    },
  ]
  if (s.fundings.length > 0 || s.refunds.length > 0)
    sections.push(
      {
        kind: 'table',
        heading: 'Money you paid into escrow',
        columns: [
          { label: 'Date', width: 1.35 },
          { label: 'Receipt', width: 1.6 },
          { label: 'Job', width: 3.6 },
          { label: 'Amount (INR)', width: 1.4, align: 'right' },
        ],
        rows: s.fundings.map((f) => [f.date, f.receipt, f.job, money(f.amount)]),
        total: ['Total', '', '', money(s.fundings.reduce((a, f) => a + f.amount, 0))],
      },
      {
        kind: 'table',
        heading: 'Refunds to you',
        columns: [
          { label: 'Date', width: 1.35 },
          { label: 'Status', width: 1.6 },
          { label: 'Bank reference', width: 3.6 },
          { label: 'Amount (INR)', width: 1.4, align: 'right' },
        ],
        rows: s.refunds.map((r: RefundRow) => [
          dateText(r.createdAt),
          r.status,
          r.bankReference ?? '-',
          money(r.amountPaise),
        ]),
      },
    )
  return {
    title: 'Yearly statement',
    subtitle: `Financial year ${s.year} (1 April – 31 March)`,
    meta: [
      ['Financial year', s.year],
      ['Generated', dateText(s.generatedAt)],
    ],
    parties: [supplier(v.platform), { heading: 'Statement for', lines: personLines(v.owner) }],
    sections,
    footer: ['This is a computer-generated statement.', ...sandboxNote(v.platform)],
  }
}
