import { isOperator } from '@common/roles'
import type { UserRow } from '../../db/schema'
import { notFound } from '../../errors'

/**
 * Who may read a money document (ADR 051): its owner — the freelancer for invoices, advices and their statement, the
 * payer for receipts — and operators. Anyone else gets the same 404 as for a document that does not exist, so ids
 * cannot be probed.
 */
export function canRead(viewer: UserRow, ownerId: string): boolean {
  return viewer.id === ownerId || isOperator(viewer)
}

export const documentNotFound = () => notFound('Document not found', 'document_not_found')

export function authorizeRead<T>(
  viewer: UserRow,
  doc: T | null,
  ownerOf: (d: T) => string,
): asserts doc is T {
  if (doc === null || !canRead(viewer, ownerOf(doc))) throw documentNotFound()
}
