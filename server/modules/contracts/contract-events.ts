import { asc, eq } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { contractEvents, type ContractEventKind, type ContractEventRow } from '../../db/schema'
import { appNow } from '../../lib/clock'

/**
 * The contract's timeline (ADR 055): every module records what it did to a contract here, in the same transaction as
 * the change, stamped with the shared clock. Append-only; read in order by the contract's page.
 */
export async function recordContractEvent(
  tx: Executor,
  e: { contractId: string; kind: ContractEventKind; actorId?: string | null; data?: Record<string, unknown> },
): Promise<ContractEventRow> {
  const [row] = await tx
    .insert(contractEvents)
    .values({
      contractId: e.contractId,
      kind: e.kind,
      actorId: e.actorId ?? null,
      data: e.data ?? {},
      createdAt: appNow,
    })
    .returning()
  return row!
}

/** A contract's timeline, oldest first. */
export async function listContractEvents(db: Executor, contractId: string): Promise<ContractEventRow[]> {
  return db
    .select()
    .from(contractEvents)
    .where(eq(contractEvents.contractId, contractId))
    .orderBy(asc(contractEvents.createdAt), asc(contractEvents.id))
}
