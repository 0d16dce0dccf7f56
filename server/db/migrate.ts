import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { Database } from './client'

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
const LOCK_KEY = 7_404_001

/** Applies every committed migration not yet applied, in name order, each in its own transaction. */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
  return database.withLock(LOCK_KEY, async () => {
    await database.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    )
    const applied = new Set(
      (await database.db.execute(sql.raw('select name from schema_migrations'))).rows.map(
        (r: any) => r.name as string,
      ),
    )
    const done: string[] = []
    for (const f of files) {
      if (applied.has(f)) continue
      const text = fs.readFileSync(path.join(dir, f), 'utf8')
      const name = f.replace(/'/g, "''")
      await database.exec(
        `begin;\n${text}\ninsert into schema_migrations (name) values ('${name}');\ncommit;`,
      )
      done.push(f)
    }
    return done
  })
}
