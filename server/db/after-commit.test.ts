import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { afterCommit } from './after-commit'
import { openDatabase, type Database } from './client'

let database: Database
beforeAll(async () => {
  const url = process.env.DATABASE_URL
  database = await openDatabase({
    databaseUrl: url,
    schemaName: url ? `t_ac_${process.pid}_${crypto.randomBytes(3).toString('hex')}` : undefined,
  })
  await database.exec('create table ac_probe (n int)')
}, 60_000)
afterAll(async () => {
  await database.exec('drop table ac_probe')
  await database.close()
})

describe('afterCommit', () => {
  it('runs hooks only after the transaction commits, in order', async () => {
    const seen: string[] = []
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ac_probe values (1)`)
      afterCommit(tx, async () => {
        // The row is visible from outside the transaction by the time the hook runs.
        const r = await database.db.execute(sql`select count(*)::int as c from ac_probe`)
        seen.push(`first:${(r.rows[0] as any).c}`)
      })
      afterCommit(tx, () => void seen.push('second'))
      seen.push('body')
    })
    expect(seen).toEqual(['body', 'first:1', 'second'])
  })

  it('never runs hooks of a rolled-back transaction', async () => {
    const seen: string[] = []
    await expect(
      database.db.transaction(async (tx) => {
        afterCommit(tx, () => void seen.push('hook'))
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(seen).toEqual([])
  })

  it('a failing hook does not fail the committed transaction', async () => {
    const result = await database.db.transaction(async (tx) => {
      afterCommit(tx, () => {
        throw new Error('side effect failed')
      })
      return 'ok'
    })
    expect(result).toBe('ok')
  })

  it('runs at once (asynchronously) outside a transaction and refuses unknown executors', async () => {
    const done = new Promise<string>((resolve) => afterCommit(database.db, () => resolve('ran')))
    await expect(done).resolves.toBe('ran')
    expect(() => afterCommit({} as any, () => {})).toThrow(/not a tracked/)
  })
})
