import { z } from 'zod'

/** The kinds of money document (ADR 051): a GST invoice per fee, a receipt per funding, an advice per payout. */
export const DOCUMENT_KINDS = ['invoice', 'receipt', 'advice', 'statement'] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]

/** GET /api/v1/documents: `year` is a financial year ('2026-27', the current one when left out). */
export const DocumentsQuery = z.object({
  year: z.string().max(20).optional(),
  /** `csv`: the year's statement as CSV instead of the list. */
  format: z.enum(['json', 'csv']).optional(),
  /** Operators only: whose documents (anyone else naming another user gets 404). */
  userId: z.string().max(64).optional(),
})

/** One document in the list; `url` is its PDF (the statement's id is the year). Money in rupees. */
export const DocumentDto = z.object({
  _id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  number: z.string().optional(),
  title: z.string(),
  date: z.string(),
  amount: z.number(),
  url: z.string(),
})
export type DocumentDtoType = z.infer<typeof DocumentDto>

export const DocumentsAnswer = z.object({
  success: z.literal(true),
  year: z.string(),
  /** Financial years with documents, newest first; the current year is always there. */
  years: z.array(z.string()),
  documents: z.array(DocumentDto),
})
