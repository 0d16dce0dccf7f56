import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { advanceClock } from '../../lib/clock'
import {
  anotherInstance,
  createTestApp,
  injectAs,
  signUp,
  type Session,
  type TestCtx,
} from '../../test/helpers'
import { fund, hiredJob, ledgerHealth } from '../../test/payments'

const DAY = 24 * 60 * 60 * 1000

// Two app instances on one PostgreSQL schema race the delivery task after the shared clock moves (ADR 055, 057).
describe.skipIf(!process.env.DATABASE_URL)('auto-release across instances (needs DATABASE_URL)', () => {
  let a: TestCtx
  let b: TestCtx
  let asha: Session
  let ravi: Session
  beforeAll(async () => {
    a = await createTestApp({ PLATFORM_FEE_BPS: '1000' })
    b = await anotherInstance(a, { PLATFORM_FEE_BPS: '1000' })
    asha = await signUp(a, { fullname: 'Asha Iyer', role: 'client' })
    ravi = await signUp(a, { fullname: 'Ravi Kumar' })
  }, 300_000)
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  const db = () => a.database.db
  const releases = async (id: string) =>
    Number(
      (
        await db().execute(sql`select count(*)::int as n from ledger_transactions
          where contract_id = ${id}::uuid and kind = 'release'`)
      ).rows[0].n,
    )
  /** A funded ₹1,000 contract with work submitted (through the first instance, which signed the sessions). */
  async function submitted() {
    const on = a
    const job = await hiredJob(on.app, asha, ravi, { amount: '1000' })
    await fund(on.app, asha, job._id)
    const [c] = (
      await injectAs(on.app, asha, { method: 'GET', url: `/api/v1/contracts?jobId=${job._id}` })
    ).json().contracts
    const res = await injectAs(on.app, ravi, {
      method: 'POST',
      url: `/api/v1/contracts/${c._id}/submit`,
      payload: { message: 'Done' },
    })
    expect(res.statusCode).toBe(200)
    return c._id as string
  }
  /** Both instances run the task at once, each as if its period were due. */
  async function race(x: TestCtx, y: TestCtx) {
    const due = sql`update scheduled_tasks set next_run_at = now() - interval '1 minute', lease_until = null
      where name = 'delivery'`
    await db().execute(due)
    const first = x.app.tasks.runDue('delivery')
    await db().execute(due)
    return Promise.all([first, y.app.tasks.runDue('delivery')])
  }

  it('releases once at the window’s end, never a frozen contract, never twice after a restart', async () => {
    const open = await submitted()
    const frozen = await submitted()
    await db().execute(sql`update contracts set frozen_at = now() where id = ${frozen}::uuid`)

    // Not yet: a day before the end nothing is released, on either instance.
    await advanceClock(db(), 6 * DAY)
    await race(a, b)
    expect(await releases(open)).toBe(0)

    await advanceClock(db(), DAY + 1000)
    const outcomes = await race(a, b)
    expect(outcomes).toContain('ran')
    expect(await releases(open)).toBe(1)
    expect(await releases(frozen)).toBe(0)
    // The claims themselves, called straight on both instances' sweeps at once: still one release.
    await Promise.all([a.app.tasks.runDue('delivery'), b.app.tasks.runDue('delivery')])
    expect(await releases(open)).toBe(1)

    // A restart: the second instance closes, a new one on the same database sweeps again.
    await b.close()
    b = await anotherInstance(a, { PLATFORM_FEE_BPS: '1000' })
    await race(b, a)
    expect(await releases(open)).toBe(1)
    expect(await releases(frozen)).toBe(0)
    const events = await db().execute(sql`select kind from contract_events
      where contract_id = ${open}::uuid and kind = 'auto_released'`)
    expect(events.rows).toHaveLength(1)
    expect(await ledgerHealth(a.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })
})
