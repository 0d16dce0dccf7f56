import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { DocumentDtoType, DocumentKind } from '@common/schemas/document'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type { DocumentKind }

/** One money document (ADR 050): `url` is its PDF, served only to its owner and operators. Rupees. */
export type MoneyDocument = DocumentDtoType

export interface DocumentsAnswer {
  year: string
  /** Financial years with documents, newest first. */
  years: string[]
  documents: MoneyDocument[]
}

/** GET /documents?year= — the caller's invoices, receipts, payment advices and statement of one financial year. */
export async function getDocuments(year: string, signal?: AbortSignal): Promise<DocumentsAnswer> {
  const res = await api.get<{ success: true } & DocumentsAnswer>('/documents', { params: { year }, signal })
  return { year: res.data.year ?? year, years: res.data.years ?? [], documents: res.data.documents ?? [] }
}

export function useDocuments(year: string) {
  return useQuery({
    queryKey: queryKeys.documents.year(year),
    queryFn: ({ signal }) => getDocuments(year, signal),
    placeholderData: keepPreviousData,
  })
}
