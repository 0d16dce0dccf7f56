import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from './client'
import { migrate } from './migrate'

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

// A database as it was before hires were contracts: migrations up to 0010, data written through SQL the way the
// payments code of that time wrote it, then 0011 (ADR 048).
let database: Database
let dir: string
const schemaName = process.env.DATABASE_URL
  ? `t_m11_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  : undefined
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'microlance-migrations-'))
  for (const f of fs.readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f < '0011'))
    fs.copyFileSync(path.join(MIGRATIONS, f), path.join(dir, f))
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, schemaName })
  await migrate(database, dir)
})
afterAll(async () => {
  if (schemaName) await database?.exec(`drop schema if exists ${schemaName} cascade`)
  await database?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const q = async (query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as any[]

describe('migration 0011_contracts', () => {
  it('turns each accepted application into a contract; the job’s escrow is its earliest contract’s', async () => {
    const [client, ravi, meera, kiran] = [
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
    ]
    for (const [id, name] of [
      [client, 'Asha'],
      [ravi, 'Ravi'],
      [meera, 'Meera'],
      [kiran, 'Kiran'],
    ])
      await database.db.execute(sql`insert into users (id, user_id, username, fullname, email, role)
        values (${id}::uuid, ${`u_${name}`}, ${name.toLowerCase()}, ${name}, ${`${name}@example.in`}, 'freelancer')`)
    const job = crypto.randomUUID()
    await database.db.execute(sql`insert into jobs (id, title, description, payment_type, rate_paise, units,
        total_paise, funded_paise, funded_units, fund_status, status, created_by)
      values (${job}::uuid, 'Logo set', 'Three logos', 'per-unit', 50000, 4, 200000, 150000, 3, 'In Escrow',
        'active', ${client}::uuid)`)
    // Ravi was accepted first, Meera later (both accepted: payments paid the first); Kiran is pending.
    const [appRavi, appMeera] = [crypto.randomUUID(), crypto.randomUUID()]
    await database.db
      .execute(sql`insert into applications (id, job_id, applicant_id, status, created_at, updated_at)
      values (${appRavi}::uuid, ${job}::uuid, ${ravi}::uuid, 'accepted', now() - interval '3 days', now() - interval '2 days'),
             (${appMeera}::uuid, ${job}::uuid, ${meera}::uuid, 'accepted', now() - interval '3 days', now() - interval '1 day'),
             (gen_random_uuid(), ${job}::uuid, ${kiran}::uuid, 'pending', now(), now())`)
    // 3 units funded (₹1,500), 1 released (₹500: ₹450 to Ravi, ₹50 fee); an unpaid order too.
    await database.db.execute(sql`insert into payment_orders (provider, provider_order_id, job_id, payer_id,
        payment_type, units, amount_paise, status, provider_payment_id)
      values ('sandbox', 'order_M11paid', ${job}::uuid, ${client}::uuid, 'per-unit', 3, 150000, 'paid', 'pay_M11'),
             ('sandbox', 'order_M11open', ${job}::uuid, ${client}::uuid, 'per-unit', 1, 50000, 'created', null)`)
    await database.db.execute(sql`insert into ledger_accounts (key, kind, owner_id, job_id) values
      (${`client:${client}`}, 'client', ${client}::uuid, null),
      (${`escrow:${job}`}, 'escrow', null, ${job}::uuid),
      (${`freelancer:${ravi}`}, 'freelancer', ${ravi}::uuid, null),
      ('platform:fees', 'platform', null, null)`)
    const acct = async (key: string) =>
      (await q(sql`select id from ledger_accounts where key = ${key}`))[0].id
    const [fundTx, releaseTx] = [crypto.randomUUID(), crypto.randomUUID()]
    await database.exec(`begin;
      insert into ledger_transactions (id, kind, job_id, idempotency_key, units, amount_paise, actor_id)
        values ('${fundTx}', 'fund', '${job}', 'fund:pay_M11', 3, 150000, '${client}'),
               ('${releaseTx}', 'release', '${job}', 'release:${job}:0:0', 1, 50000, '${client}');
      insert into ledger_entries (transaction_id, account_id, amount_paise) values
        ('${fundTx}', '${await acct(`client:${client}`)}', -150000),
        ('${fundTx}', '${await acct(`escrow:${job}`)}', 150000),
        ('${releaseTx}', '${await acct(`escrow:${job}`)}', -50000),
        ('${releaseTx}', '${await acct(`freelancer:${ravi}`)}', 45000),
        ('${releaseTx}', '${await acct('platform:fees')}', 5000);
      commit;`)

    fs.copyFileSync(path.join(MIGRATIONS, '0011_contracts.sql'), path.join(dir, '0011_contracts.sql'))
    expect(await migrate(database, dir)).toEqual(['0011_contracts.sql'])

    const contracts = await q(sql`select * from contracts where job_id = ${job}::uuid order by created_at`)
    expect(contracts).toHaveLength(2)
    const [first, second] = contracts
    expect(first).toMatchObject({
      application_id: appRavi,
      client_id: client,
      freelancer_id: ravi,
      status: 'active',
      payment_type: 'per-unit',
      units: 4,
      holds_job_escrow: true,
      escrow_account_key: `escrow:${job}`,
      fund_status: 'In Escrow',
      funded_units: 3,
      released_units: 1,
    })
    expect(Number(first.rate_paise)).toBe(50000)
    expect(Number(first.total_paise)).toBe(200000)
    expect(Number(first.funded_paise)).toBe(150000)
    expect(Number(first.released_paise)).toBe(50000)
    expect(Number(first.refunded_paise)).toBe(0)
    expect(second).toMatchObject({
      application_id: appMeera,
      freelancer_id: meera,
      holds_job_escrow: false,
      fund_status: 'Not Initiated',
    })
    expect(Number(second.funded_paise)).toBe(0)
    expect(second.escrow_account_key).toBe(`escrow:contract:${second.id}`)
    // The job kept its aggregate columns and now has as many openings as it had hires.
    const [j] = await q(sql`select openings, funded_paise, fund_status from jobs where id = ${job}::uuid`)
    expect(j).toMatchObject({ openings: 2, fund_status: 'In Escrow' })
    expect(Number(j.funded_paise)).toBe(150000)
    // Orders and the escrow account name their contract; ledger transactions stay as they were.
    const orders = await q(sql`select contract_id from payment_orders where job_id = ${job}::uuid`)
    expect(orders.map((o) => o.contract_id)).toEqual([first.id, first.id])
    const [account] = await q(sql`select contract_id from ledger_accounts where key = ${`escrow:${job}`}`)
    expect(account.contract_id).toBe(first.id)
    const txs = await q(sql`select contract_id from ledger_transactions where job_id = ${job}::uuid`)
    expect(txs.every((t) => t.contract_id === null)).toBe(true)
  })
})
