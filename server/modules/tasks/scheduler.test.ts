import fs from 'node:fs'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import pino from 'pino'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import type { Db } from '../../db/client'
import { createMailer } from '../../mail/mailer'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { media, multipartFiles } from '../uploads/test-media'
import { startScheduler, type PeriodicTask } from './scheduler'
import { tasksRepo } from './tasks.repo'

/**
 * Two app instances on one database and one uploads directory, as behind a load balancer. On PostgreSQL the second
 * has a connection pool of its own (real concurrency); PGlite is one process's database, so there both apps share it.
 */
async function secondInstance(a: TestCtx): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (a.schemaName) {
    const b = await createTestApp({ DATA_DIR: a.dataDir }, { schemaName: a.schemaName, migrate: false })
    return { app: b.app, close: b.close }
  }
  const log = pino({ level: 'silent' })
  const config = loadConfig({ DATA_DIR: a.dataDir, LOG_LEVEL: 'silent' })
  const app = await buildApp({
    config,
    database: a.database,
    mailer: createMailer({ transport: 'console', from: config.MAIL_FROM }, log),
    logger: log,
  })
  await app.ready()
  return { app, close: () => app.close() }
}

let a: TestCtx
let b: Awaited<ReturnType<typeof secondInstance>>
let ravi: Session
beforeAll(async () => {
  a = await createTestApp()
  b = await secondInstance(a)
  ravi = await signUp(a, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
})
afterAll(async () => {
  await b?.close()
  await a?.close()
})

const row = (name: string) => tasksRepo.get(a.database.db, name)
const uploadsLeft = async () =>
  Number(((await a.database.db.execute(sql`select count(*)::int as n from uploads`)).rows[0] as any).n)

describe('periodic work across two instances on one database', () => {
  it('the due media sweep runs on exactly one instance; stale media go once; the next run is a period later', async () => {
    const up = await injectAs(a.app, ravi, {
      method: 'POST',
      url: '/api/v1/uploads',
      ...multipartFiles([
        { name: 'a.png', type: 'image/png', data: await media.png() },
        { name: 'b.png', type: 'image/png', data: await media.png(80, 60) },
      ]),
    })
    expect(up.statusCode).toBe(201)
    const urls = (up.json().media as { url: string }[]).map((m) => m.url)
    await a.database.db.execute(sql`update uploads set created_at = now() - interval '2 days'`)
    expect(await uploadsLeft()).toBeGreaterThanOrEqual(2)

    const outcomes = await Promise.all([a.app.tasks.runDue('media-sweep'), b.app.tasks.runDue('media-sweep')])
    expect([...outcomes].sort()).toEqual(['not_due', 'ran'])
    const r = await row('media-sweep')
    expect(r).toMatchObject({ runs: 1, leaseOwner: null, leaseUntil: null, lastError: null })
    expect(r!.nextRunAt.getTime() - r!.lastStartedAt!.getTime()).toBe(60 * 60 * 1000)
    expect(await uploadsLeft()).toBe(0)
    await new Promise((res) => setImmediate(res))
    for (const url of urls) {
      expect(fs.existsSync(path.join(a.dataDir, 'uploads', url.split('/').pop()!))).toBe(false)
      expect((await b.app.inject({ method: 'GET', url })).statusCode).toBe(404)
    }

    // Within the period neither instance runs it again.
    expect(await Promise.all([a.app.tasks.runDue('media-sweep'), b.app.tasks.runDue('media-sweep')])).toEqual(
      ['not_due', 'not_due'],
    )
    expect((await row('media-sweep'))!.runs).toBe(1)
  })

  it('a run whose instance died keeps its period until the lease runs out; then another instance takes it over', async () => {
    await a.database.db.execute(sql`update scheduled_tasks set next_run_at = now() - interval '1 minute',
      lease_owner = gen_random_uuid(), lease_until = now() + interval '1 hour' where name = 'media-sweep'`)
    expect(await Promise.all([a.app.tasks.runDue('media-sweep'), b.app.tasks.runDue('media-sweep')])).toEqual(
      ['not_due', 'not_due'],
    )
    await a.database.db.execute(
      sql`update scheduled_tasks set lease_until = now() - interval '1 second' where name = 'media-sweep'`,
    )
    expect(await b.app.tasks.runDue('media-sweep')).toBe('ran')
    expect(await row('media-sweep')).toMatchObject({ runs: 2, leaseOwner: null })
  })

  it('many concurrent tries from both instances run a task once per period; a failure is recorded, not counted', async () => {
    let calls = 0
    let fail = false
    const task: PeriodicTask = {
      name: 'counting',
      everyMs: 60 * 60 * 1000,
      async run() {
        calls++
        await new Promise((r) => setTimeout(r, 20))
        if (fail) throw new Error('disk full')
      },
    }
    const hosts = [Fastify(), Fastify()]
    const schedulers = [
      startScheduler(hosts[0], a.database.db, [task]),
      startScheduler(hosts[1], b.app.db as Db, [task]),
    ]
    const tryAll = () =>
      Promise.all(Array.from({ length: 10 }, (_, i) => schedulers[i % 2].runDue('counting')))
    try {
      const first = await tryAll()
      expect(calls).toBe(1)
      expect(first.filter((o) => o === 'ran').length).toBeGreaterThanOrEqual(1)
      expect(first.every((o) => o === 'ran' || o === 'not_due')).toBe(true)
      expect((await row('counting'))!.runs).toBe(1)
      await tryAll()
      expect(calls).toBe(1)

      // The next period: due again, run once more, and this time it fails.
      fail = true
      await a.database.db.execute(sql`update scheduled_tasks set next_run_at = now() where name = 'counting'`)
      const second = await tryAll()
      expect(calls).toBe(2)
      expect(second).toContain('failed')
      expect(await row('counting')).toMatchObject({ runs: 1, lastError: 'disk full', leaseOwner: null })
      await tryAll()
      expect(calls).toBe(2)
    } finally {
      await Promise.all(hosts.map((h) => h.close()))
    }
  })
})
