import type { UserRow } from '../../db/schema'
import { forbidden } from '../../errors'

/** Payout details are their owner's; operators (admins) may read anyone's, masked, and change nothing (ADR 049). */
export const payoutsPolicy = {
  assertCanRead(viewer: UserRow, ownerId: string) {
    if (viewer.id !== ownerId && viewer.role !== 'admin')
      throw forbidden('Only the owner and operators can see payout details', 'not_owner')
  },
}
