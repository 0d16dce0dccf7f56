import type { FastifyBaseLogger } from 'fastify'
import { financialYearBounds, financialYearOf, isFinancialYear } from '@common/financial-year'
import type { Region } from '@common/locations'
import type { DocumentDtoType, DocumentKind } from '@common/schemas/document'
import { paiseToRupees } from '@common/money'
import { maskTail } from '@common/schemas/payout'
import { gstStateCode, gstinCheckChar, gstinRegion } from '@common/tax-ids'
import type { Db } from '../../db/client'
import type { UserRow } from '../../db/schema'
import { badRequest } from '../../errors'
import { isUuid } from '../../lib/ids'
import type { Sealer } from '../payouts/sealer'
import { authorizeRead, canRead, documentNotFound } from './documents.policy'
import { renderPdf } from './documents.pdf'
import { documentsRepo } from './documents.repo'
import { buildStatement, statementCsv, type Statement } from './documents.statement'
import {
  adviceLayout,
  adviceNumber,
  invoiceLayout,
  invoiceTotal,
  receiptLayout,
  receiptNumber,
  statementLayout,
  type Person,
  type Platform,
} from './documents.templates'

type DocumentEntry = DocumentDtoType

export interface FileAnswer {
  filename: string
  body: Buffer
}

/** The platform's own settings (server/config.ts); each has a default fit for a sandbox. */
export interface PlatformSettings {
  PLATFORM_STATE?: string
  PLATFORM_GSTIN?: string
  PLATFORM_LEGAL_NAME?: string
  PLATFORM_ADDRESS?: string
  PLATFORM_TAN?: string
}

/** The platform's state when nothing says otherwise (PLATFORM_STATE's own default). */
const DEFAULT_PLATFORM_STATE: Region = 'Karnataka'

/**
 * The platform as its documents name it. Without PLATFORM_GSTIN / PLATFORM_TAN (a sandbox or a developer's machine)
 * placeholders that cannot be mistaken for real ones are used — a GSTIN of PAN ZZZCZ9999Z in the platform's state,
 * TAN XXXX99999X — and every document says it is not valid for tax. A real GSTIN decides the supplier's state.
 */
export function platformFrom(c: PlatformSettings): Platform {
  const configured = c.PLATFORM_STATE && gstStateCode(c.PLATFORM_STATE) ? (c.PLATFORM_STATE as Region) : null
  const state: Region =
    (c.PLATFORM_GSTIN ? gstinRegion(c.PLATFORM_GSTIN) : undefined) ?? configured ?? DEFAULT_PLATFORM_STATE
  const first14 = `${gstStateCode(state)}ZZZCZ9999Z1Z`
  return {
    legalName: c.PLATFORM_LEGAL_NAME ?? 'Microlance (sandbox)',
    address: c.PLATFORM_ADDRESS ?? 'Registered address not configured (PLATFORM_ADDRESS)',
    gstin: c.PLATFORM_GSTIN ?? first14 + gstinCheckChar(first14),
    state,
    tan: c.PLATFORM_TAN ?? 'XXXX99999X',
    sandbox: !c.PLATFORM_GSTIN || !c.PLATFORM_TAN,
  }
}

/** Money documents (ADR 051): GST invoices, receipts, payment advices and the yearly statement, as PDF and CSV. */
export function documentsService(deps: {
  db: Db
  sealer: Sealer
  platform: Platform
  log: FastifyBaseLogger
  now?: () => Date
}) {
  const { db, sealer, platform, log } = deps
  const now = deps.now ?? (() => new Date())

  function yearOf(year: string | undefined): string {
    if (year === undefined) return financialYearOf(now())
    if (!isFinancialYear(year))
      throw badRequest('The year must be a financial year such as 2026-27', 'bad_year')
    return year
  }

  /** Whose documents: the caller's own, or — for operators only — the user `userId` names. */
  async function subjectOf(viewer: UserRow, userId: string | undefined): Promise<UserRow> {
    if (userId === undefined || userId === viewer.id) return viewer
    if (!isUuid(userId) || !canRead(viewer, userId)) throw documentNotFound()
    const user = await documentsRepo.user(db, userId)
    if (!user) throw documentNotFound()
    return user
  }

  /** Opens a sealed payout detail (ADR 049); a value that does not open is left out, and logged without itself. */
  function unseal(sealed: string | null | undefined, userId: string, field: 'pan' | 'gstin'): string | null {
    if (!sealed) return null
    try {
      return sealer.open(sealed, `payout:${userId}:${field}`)
    } catch {
      log.warn({ userId, field }, 'documents: a sealed payout detail does not open')
      return null
    }
  }

  /** A user as a document names them: the legal name of their payout details, else their profile name. */
  async function person(userId: string): Promise<Person> {
    const [user, account] = await Promise.all([
      documentsRepo.user(db, userId),
      documentsRepo.payoutAccount(db, userId),
    ])
    const pan = unseal(account?.panSealed, userId, 'pan')
    return {
      name: account?.legalName ?? user?.fullname ?? 'Unknown user',
      email: user?.email,
      pan: pan ? maskTail(pan) : null,
      state: account?.state,
    }
  }

  async function statementOf(user: UserRow, year: string): Promise<Statement> {
    const { start, end } = financialYearBounds(year)
    const releases = await documentsRepo.releasesOf(db, user.id, year)
    const [transfers, fundings, refunds] = await Promise.all([
      documentsRepo.transfersOf(
        db,
        releases.map((r) => r.payout.id),
      ),
      documentsRepo.fundingsOf(db, user.id, start, end),
      documentsRepo.refundsOf(db, user.id, start, end),
    ])
    return buildStatement({ year, releases, transfers, fundings, refunds, now: now() })
  }

  const url = (kind: DocumentKind, id: string) => `/api/v1/documents/${kind}/${id}.pdf`

  return {
    /** The documents of one financial year (the current one by default), newest first, the statement on top. */
    async list(viewer: UserRow, q: { year?: string; userId?: string }) {
      const year = yearOf(q.year)
      const user = await subjectOf(viewer, q.userId)
      const { end } = financialYearBounds(year)
      const [invoices, statement, activity] = await Promise.all([
        documentsRepo.invoicesOf(db, user.id, year),
        statementOf(user, year),
        documentsRepo.activity(db, user.id),
      ])
      const docs: (DocumentEntry & { at: number })[] = [
        ...invoices.map((i) => ({
          _id: i.id,
          kind: 'invoice' as const,
          number: i.number,
          title: `GST tax invoice ${i.number}`,
          date: i.issuedAt.toISOString(),
          at: i.issuedAt.getTime(),
          amount: paiseToRupees(invoiceTotal(i)),
          url: url('invoice', i.id),
        })),
        ...statement.releases.map((r) => ({
          _id: r.id,
          kind: 'advice' as const,
          number: adviceNumber(r.id),
          title: `Payment advice: ${r.job}`,
          date: r.at.toISOString(),
          at: r.at.getTime(),
          amount: paiseToRupees(r.net),
          url: url('advice', r.id),
        })),
        ...statement.fundings.map((f) => ({
          _id: f.id,
          kind: 'receipt' as const,
          number: f.receipt,
          title: `Receipt: ${f.job}`,
          date: f.at.toISOString(),
          at: f.at.getTime(),
          amount: paiseToRupees(f.amount),
          url: url('receipt', f.id),
        })),
      ]
      docs.sort((a, b) => b.at - a.at)
      const last = new Date(Math.min(now().getTime(), end.getTime() - 1))
      const funded = statement.fundings.reduce((s, f) => s + f.amount, 0)
      const documents: DocumentEntry[] = [
        {
          _id: year,
          kind: 'statement',
          title: `Yearly statement ${year}`,
          date: last.toISOString(),
          // The figure Form 26AS shows for a freelancer (the year's gross); for a client, what they paid in.
          amount: paiseToRupees(statement.totals.gross > 0 ? statement.totals.gross : funded),
          url: url('statement', year),
        },
        ...docs.map(({ at: _at, ...d }) => d),
      ]
      const years = new Set([
        financialYearOf(now()),
        ...activity.years,
        ...activity.paidAt.map((d) => financialYearOf(d)),
      ])
      return { year, years: [...years].sort().reverse(), documents }
    },

    /** The year's statement as CSV. */
    async csv(viewer: UserRow, q: { year?: string; userId?: string }): Promise<FileAnswer> {
      const year = yearOf(q.year)
      const user = await subjectOf(viewer, q.userId)
      return {
        filename: `microlance-statement-${year}.csv`,
        body: Buffer.from(statementCsv(await statementOf(user, year)), 'utf8'),
      }
    },

    /** One document as PDF; 404 for an unknown kind or id and for someone else's document. */
    async pdf(viewer: UserRow, kind: string, id: string, q: { userId?: string } = {}): Promise<FileAnswer> {
      if (kind === 'statement') {
        const year = yearOf(id)
        const user = await subjectOf(viewer, q.userId)
        const statement = await statementOf(user, year)
        const owner = await person(user.id)
        return {
          filename: `microlance-statement-${year}.pdf`,
          body: await renderPdf(statementLayout({ statement, platform, owner })),
        }
      }
      if (!isUuid(id)) throw documentNotFound()
      if (kind === 'invoice') {
        const row = await documentsRepo.invoice(db, id)
        authorizeRead(viewer, row, (r) => r.invoice.freelancerId)
        const { invoice, payout } = row
        const recipient = await person(invoice.freelancerId)
        // Sealed as payout details are, bound to the freelancer (the release copies the account's sealed GSTIN).
        const gstin = invoice.recipientGstinSealed
          ? (unseal(invoice.recipientGstinSealed, invoice.freelancerId, 'gstin') ??
            'Registered (GSTIN unavailable)')
          : null
        return {
          filename: `${invoice.number.replace(/\//g, '-')}.pdf`,
          body: await renderPdf(
            invoiceLayout({
              invoice,
              payout,
              platform,
              recipient: { ...recipient, gstin },
              jobTitle: await documentsRepo.jobTitle(db, payout.jobId),
            }),
          ),
        }
      }
      if (kind === 'receipt') {
        const funding = await documentsRepo.funding(db, id)
        authorizeRead(viewer, funding, (f) => f.payerId)
        const parties = funding.contractId
          ? await documentsRepo.contractParties(db, funding.contractId)
          : null
        const freelancer = parties ? await documentsRepo.user(db, parties.freelancerId) : null
        return {
          filename: `${receiptNumber(funding.id)}.pdf`,
          body: await renderPdf(
            receiptLayout({
              funding,
              platform,
              payer: await person(funding.payerId),
              freelancerName: freelancer?.fullname ?? null,
            }),
          ),
        }
      }
      if (kind === 'advice') {
        const payout = await documentsRepo.payout(db, id)
        authorizeRead(viewer, payout, (p) => p.freelancerId)
        const [transfers, jobTitle, invoiceNumber, payee] = await Promise.all([
          documentsRepo.transfersOf(db, [payout.id]),
          documentsRepo.jobTitle(db, payout.jobId),
          documentsRepo.invoiceNumberOf(db, payout.id),
          person(payout.freelancerId),
        ])
        return {
          filename: `${adviceNumber(payout.id)}.pdf`,
          body: await renderPdf(
            adviceLayout({ payout, transfers, platform, payee, jobTitle, invoiceNumber }),
          ),
        }
      }
      throw documentNotFound()
    },
  }
}
export type DocumentsService = ReturnType<typeof documentsService>
