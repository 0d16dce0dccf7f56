import fs from 'node:fs'
import path from 'node:path'
import type { PgDatabase } from 'drizzle-orm/pg-core'
import { trackCommits } from './after-commit'
import * as schema from './schema'

export type Schema = typeof schema
export type Db = PgDatabase<any, Schema>
/** A transaction handle; repos take `Db | Tx` so they work inside and outside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type Executor = Db | Tx

export interface Database {
  kind: 'pglite' | 'postgres'
  db: Db
  /** Runs several statements at once (migrations); not for user input. */
  exec(sqlText: string): Promise<void>
  /** Runs fn while holding a database-wide lock on `key` (migrations, one-time jobs across instances). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>
  ping(): Promise<void>
  close(): Promise<void>
}

export interface DbOptions {
  databaseUrl?: string
  /** PGlite data directory, or undefined for an in-memory database. */
  dataDir?: string
  /** PostgreSQL schema to create and use (test isolation). */
  schemaName?: string
}

/** Opens PostgreSQL through node-postgres when a URL is given, otherwise the embedded PGlite. */
export async function openDatabase(opts: DbOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.schemaName) : openPglite(opts.dataDir)
}

async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { drizzle } = await import('drizzle-orm/pglite')
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true })
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } })
  const db = trackCommits(drizzle(client, { schema }) as unknown as Db)
  return {
    kind: 'pglite',
    db,
    exec: async (text) => {
      await client.exec(text)
    },
    // PGlite is one connection inside this process: its own mutex already serialises everything.
    withLock: (_key, fn) => fn(),
    ping: async () => {
      await client.query('select 1')
    },
    close: () => client.close(),
  }
}

async function openPostgres(url: string, schemaName?: string): Promise<Database> {
  const pg = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  if (schemaName) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`bad schema name ${schemaName}`)
    const admin = new pg.default.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create schema if not exists ${schemaName}`)
    await admin.end()
  }
  const pool = new pg.default.Pool({
    connectionString: url,
    max: 10,
    // PostgreSQL's own plan choice (plan_cache_mode = auto): a search or filter is planned for the values it is
    // given, and a statement prepared by name settles on one plan after a few calls when that plan costs no more
    // (ADR 039; ADR 028 had forced generic plans on every statement, which made search 2-3x dearer).
    ...(schemaName ? { options: `-c search_path=${schemaName},public` } : {}),
  })
  pool.on('error', () => {}) // idle client errors surface on the next query instead of crashing the process
  const db = trackCommits(drizzle(pool, { schema }) as unknown as Db)
  return {
    kind: 'postgres',
    db,
    exec: async (text) => {
      await pool.query(text)
    },
    withLock: async (key, fn) => {
      const c = await pool.connect()
      try {
        await c.query('select pg_advisory_lock($1)', [key])
        try {
          return await fn()
        } finally {
          await c.query('select pg_advisory_unlock($1)', [key])
        }
      } finally {
        c.release()
      }
    },
    ping: async () => {
      await pool.query('select 1')
    },
    close: () => pool.end(),
  }
}
