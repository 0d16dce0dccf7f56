import { sql, type SQL } from 'drizzle-orm'

/**
 * A timestamp as JavaScript's `toISOString()` writes it (milliseconds, UTC, a Z), for answers whose JSON the
 * database writes (ADR 080, 081, 082).
 */
export const isoSql = (col: unknown): SQL =>
  sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
