import { and, eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db, Tx } from '../../db/client'
import { idempotencyKeys } from '../../db/schema'
import { AppError, badRequest } from '../../errors'
import { sha256 } from '../../lib/crypto'

const KEY = /^[\w.:-]{8,128}$/

/** Canonical JSON (sorted keys), so the same parameters in another order are the same request. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as any)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as any)[k])}`)
      .join(',')}}`
  return JSON.stringify(v ?? null)
}

/**
 * Runs a money-moving change in one transaction, honouring an `Idempotency-Key` header (ADR 012): the key row is
 * inserted in the same transaction as the change, so a concurrent duplicate waits on its unique index and then
 * reads the committed first answer; a rolled-back attempt leaves no key behind and may be retried.
 */
export async function idempotent<T extends object>(
  db: Db,
  req: FastifyRequest,
  params: unknown,
  fn: (tx: Tx) => Promise<T>,
): Promise<{ status: number; body: T }> {
  const header = req.headers['idempotency-key']
  if (header === undefined) return { status: 200, body: await db.transaction(fn) }
  const key = Array.isArray(header) ? header[0] : header
  if (!KEY.test(key))
    throw badRequest(
      'Idempotency-Key must be 8 to 128 letters, digits or -_.: characters',
      'bad_idempotency_key',
    )
  const userId = req.user!.id
  const route = req.routeOptions.url ?? req.url
  const hash = sha256(canonical({ route: route.replace(/^\/api(\/v1)?/, ''), params }))
  for (;;) {
    const result = await db.transaction(async (tx) => {
      // Keys are kept at least 24 h (product.md §8); older ones are cleared as new ones arrive.
      await tx.execute(
        sql`delete from idempotency_keys where user_id = ${userId}::uuid and key = ${key} and created_at < now() - interval '48 hours'`,
      )
      const mine = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, route, requestHash: hash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      if (!mine.length) {
        const [first] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
        if (!first) return null // the first holder rolled back between our insert and read: try again
        if (first.requestHash !== hash)
          throw new AppError(
            422,
            'idempotency_key_reused',
            'This Idempotency-Key was already used with different parameters',
          )
        return { status: first.statusCode ?? 200, body: first.response as T, replayed: true }
      }
      const body = await fn(tx)
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: 200, response: body })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      return { status: 200, body, replayed: false }
    })
    if (result) return result
  }
}
