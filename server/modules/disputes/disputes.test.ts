import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { advanceClock } from '../../lib/clock'
import { signUpOperator } from '../../test/money'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { fund, hiredJob, ledgerHealth, perUnit } from '../../test/payments'

let ctx: TestCtx
let asha: Session // client
let vikram: Session // another client
let ravi: Session // freelancer
let ops: Session // operator
beforeAll(async () => {
  ctx = await createTestApp({ PLATFORM_FEE_BPS: '1000' })
  asha = await signUp(ctx, { email: 'asha.d@example.in', fullname: 'Asha Iyer', role: 'client' })
  vikram = await signUp(ctx, { email: 'vikram.d@example.in', fullname: 'Vikram Reddy', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi.d@example.in', fullname: 'Ravi Kumar' })
  ops = await signUpOperator(ctx)
}, 180_000)
afterAll(() => ctx?.close())

const post = (s: Session | null, url: string, payload: object = {}) =>
  injectAs(ctx.app, s, { method: 'POST', url, payload })
const get = (s: Session | null, url: string) => injectAs(ctx.app, s, { method: 'GET', url })
const rows = async (q: ReturnType<typeof sql>) => (await ctx.database.db.execute(q)).rows as any[]

/** A ₹1,000 one-time job by asha, ravi hired; funded unless `funded` is false. */
async function contract(
  opts: { funded?: boolean; overrides?: Record<string, unknown>; units?: number } = {},
) {
  const job = await hiredJob(ctx.app, asha, ravi, { amount: '1000', ...(opts.overrides ?? {}) })
  if (opts.funded !== false) await fund(ctx.app, asha, job._id, opts.units ? { units: opts.units } : {})
  const res = await get(asha, `/api/v1/contracts?jobId=${job._id}`)
  return { job, contractId: res.json().contracts[0]._id as string }
}
const open = (
  s: Session | null,
  contractId: string,
  body: object = { reason: 'The work was never delivered' },
) => post(s, `/api/v1/contracts/${contractId}/dispute`, body)
async function disputed(opts: Parameters<typeof contract>[0] = {}) {
  const c = await contract(opts)
  const res = await open(asha, c.contractId, {
    reason: 'The work was never delivered',
    evidence: 'Agreed on 3 pages; none came',
    attachments: ['/uploads/brief.pdf'],
  })
  expect(res.statusCode, res.body).toBe(201)
  return { ...c, disputeId: res.json().dispute._id as string }
}
/** Paise that left the contract's escrow, by ledger transaction kind. */
async function outOfEscrow(contractId: string) {
  const r = await rows(sql`select t.kind, -sum(e.amount_paise) as paise from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id join ledger_accounts a on a.id = e.account_id
     where t.contract_id = ${contractId}::uuid and a.kind = 'escrow' and t.kind in ('release', 'refund')
     group by t.kind`)
  return Object.fromEntries(r.map((x) => [x.kind, Number(x.paise)]))
}
const frozenAt = async (contractId: string) =>
  (await rows(sql`select frozen_at from contracts where id = ${contractId}::uuid`))[0].frozen_at
const events = async (contractId: string) =>
  (await rows(sql`select kind, data from contract_events where contract_id = ${contractId}::uuid
    order by created_at, id`)) as { kind: string; data: any }[]

describe('POST /api/v1/contracts/:id/dispute', () => {
  it('401 signed out, 403 for someone else, 409 with nothing in escrow', async () => {
    const c = await contract({ funded: false })
    expect((await open(null, c.contractId)).statusCode).toBe(401)
    expect((await open(vikram, c.contractId)).statusCode).toBe(403)
    const none = await open(asha, c.contractId)
    expect(none.statusCode).toBe(409)
    expect(none.json().code).toBe('nothing_in_escrow')
  })

  it('opens with evidence, freezes the escrow, tells the other side, and refuses a second one', async () => {
    const before = ctx.sink.countTo('ravi.d@example.in')
    const { contractId, disputeId, job } = await disputed()
    expect(await frozenAt(contractId)).not.toBeNull()
    const d = (await get(ravi, `/api/v1/disputes/${disputeId}`)).json().dispute
    expect(d).toMatchObject({
      status: 'open',
      openedBy: 'client',
      evidence: 'Agreed on 3 pages; none came',
      attachments: ['/uploads/brief.pdf'],
      inEscrow: 1000,
      readyForOperator: false,
    })
    const due = new Date(d.answerDueAt).getTime() - new Date(d.createdAt).getTime()
    expect(due).toBe(3 * 24 * 60 * 60 * 1000)
    expect((await events(contractId)).map((e) => e.kind)).toContain('disputed')
    const notes = await rows(sql`select message from notifications where user_id = ${ravi.user._id}::uuid
      and metadata->>'disputeId' = ${disputeId}`)
    expect(notes[0].message).toMatch(/opened a dispute/)
    await ctx.app.outbox.settled()
    expect(ctx.sink.countTo('ravi.d@example.in')).toBe(before + 1)

    const again = await open(ravi, contractId)
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('already_disputed')

    // The freeze: release, refund and closing the job all answer 409 disputed.
    for (const url of ['/api/v1/payments/release', '/api/v1/payments/refund']) {
      const res = await post(asha, url, { contractId })
      expect(res.statusCode, url).toBe(409)
      expect(res.json().code).toBe('disputed')
      expect(res.json().message).toMatch(/in dispute/)
    }
    const byJob = await post(asha, '/api/v1/payments/release', { jobId: job._id })
    expect(byJob.json().code).toBe('disputed')
    const close = await post(asha, `/api/v1/job/${job._id}/status`, { status: 'closed' })
    expect(close.statusCode).toBe(409)
    expect(close.json().code).toBe('disputed')
    const del = await injectAs(ctx.app, asha, { method: 'DELETE', url: `/api/v1/job/${job._id}` })
    expect(del.statusCode).toBe(409)
    expect(await outOfEscrow(contractId)).toEqual({})
  })

  it('400 with a message for a bad body; nothing written', async () => {
    const c = await contract()
    const res = await open(asha, c.contractId, { reason: '', attachments: ['https://evil.example/x.exe'] })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBeTruthy()
    expect(await frozenAt(c.contractId)).toBeNull()
  })
})

describe('reading a dispute', () => {
  it('GET /contracts/:id/dispute and /disputes/:id: the parties and operators, nobody else', async () => {
    const { contractId, disputeId } = await disputed()
    expect((await get(null, `/api/v1/contracts/${contractId}/dispute`)).statusCode).toBe(401)
    expect((await get(vikram, `/api/v1/contracts/${contractId}/dispute`)).statusCode).toBe(403)
    expect((await get(ravi, `/api/v1/contracts/${contractId}/dispute`)).json().dispute._id).toBe(disputeId)
    expect((await get(ops, `/api/v1/contracts/${contractId}/dispute`)).statusCode).toBe(200)
    expect((await get(null, `/api/v1/disputes/${disputeId}`)).statusCode).toBe(401)
    expect((await get(vikram, `/api/v1/disputes/${disputeId}`)).statusCode).toBe(403)
    expect((await get(asha, `/api/v1/disputes/${disputeId}`)).statusCode).toBe(200)
    const none = await contract({ funded: false })
    expect((await get(asha, `/api/v1/contracts/${none.contractId}/dispute`)).json().dispute).toBeNull()
  })
})

describe('POST /api/v1/disputes/:id/answer', () => {
  it('only the other side answers, once; then the dispute is ready for an operator', async () => {
    const { contractId, disputeId } = await disputed()
    const url = `/api/v1/disputes/${disputeId}/answer`
    const body = { answer: 'I delivered on time; see the files', attachments: ['/uploads/pages.zip'] }
    expect((await post(null, url, body)).statusCode).toBe(401)
    expect((await post(vikram, url, body)).statusCode).toBe(403)
    expect((await post(asha, url, body)).json().code).toBe('own_dispute')
    const res = await post(ravi, url, body)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().dispute).toMatchObject({ answer: body.answer, readyForOperator: true })
    expect((await post(ravi, url, body)).json().code).toBe('already_answered')
    expect((await events(contractId)).map((e) => e.kind)).toContain('dispute_answered')
  })

  it('unanswered, it becomes ready for an operator once the 3 days pass', async () => {
    const { disputeId } = await disputed()
    expect((await get(asha, `/api/v1/disputes/${disputeId}`)).json().dispute.readyForOperator).toBe(false)
    await advanceClock(ctx.database.db, 3 * 24 * 60 * 60 * 1000 + 1000)
    expect((await get(asha, `/api/v1/disputes/${disputeId}`)).json().dispute.readyForOperator).toBe(true)
  })
})

describe('settling between the parties', () => {
  it('a split must add up to the escrow; the proposer cannot accept; a decline leaves it open', async () => {
    const { contractId, disputeId } = await disputed()
    const url = `/api/v1/disputes/${disputeId}/proposals`
    expect((await post(null, url, { releaseAmount: 400, refundAmount: 600 })).statusCode).toBe(401)
    expect((await post(vikram, url, { releaseAmount: 400, refundAmount: 600 })).statusCode).toBe(403)
    const bad = await post(asha, url, { releaseAmount: 400, refundAmount: 500 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('split_mismatch')
    expect(bad.json().message).toMatch(/add up to ₹1,000\.00/)
    const p = await post(asha, url, { releaseAmount: 400, refundAmount: 600 })
    expect(p.statusCode, p.body).toBe(200)
    const proposalId = p.json().dispute.proposals[0]._id
    expect((await post(asha, `${url}/${proposalId}/accept`)).json().code).toBe('own_proposal')
    expect((await post(vikram, `${url}/${proposalId}/decline`)).statusCode).toBe(403)
    const declined = await post(ravi, `${url}/${proposalId}/decline`)
    expect(declined.statusCode).toBe(200)
    expect(declined.json().dispute).toMatchObject({ status: 'open', proposals: [{ status: 'declined' }] })
    expect((await post(ravi, `${url}/${proposalId}/accept`)).json().code).toBe('proposal_closed')
    expect((await events(contractId)).map((e) => e.kind)).toEqual(
      expect.arrayContaining(['settlement_proposed', 'settlement_declined']),
    )
  })

  it('an accepted split books exactly what was agreed, ends the dispute settled and lifts the freeze', async () => {
    const { contractId, disputeId } = await disputed()
    const url = `/api/v1/disputes/${disputeId}/proposals`
    const first = (await post(ravi, url, { releaseAmount: 900, refundAmount: 100 })).json().dispute
    // A new proposal withdraws the waiting one.
    const p = (await post(ravi, url, { releaseAmount: 700.5, refundAmount: 299.5 })).json().dispute
    expect(p.proposals.map((x: any) => x.status)).toEqual(['withdrawn', 'proposed'])
    expect(first.proposals[0].status).toBe('proposed')
    const res = await post(asha, `${url}/${p.proposals[1]._id}/accept`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().dispute).toMatchObject({
      status: 'settled',
      outcome: { releaseAmount: 700.5, refundAmount: 299.5, decidedBy: 'parties' },
    })
    expect(await outOfEscrow(contractId)).toEqual({ release: 700_50, refund: 299_50 })
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
    expect(await frozenAt(contractId)).toBeNull()
    expect((await events(contractId)).map((e) => e.kind)).toContain('settlement_accepted')
  })
})

describe('operators', () => {
  it('GET /disputes: operators only; open first, oldest first', async () => {
    const { disputeId } = await disputed()
    expect((await get(null, '/api/v1/disputes')).statusCode).toBe(401)
    expect((await get(asha, '/api/v1/disputes')).statusCode).toBe(403)
    const q = (await get(ops, '/api/v1/disputes?status=open')).json().disputes as any[]
    expect(q.map((d) => d._id)).toContain(disputeId)
    expect(q.every((d) => d.status === 'open')).toBe(true)
    const times = q.map((d) => d.createdAt)
    expect([...times].sort()).toEqual(times)
    const all = (await get(ops, '/api/v1/disputes')).json().disputes as any[]
    const firstClosed = all.findIndex((d) => d.status !== 'open')
    if (firstClosed >= 0) expect(all.slice(firstClosed).every((d) => d.status !== 'open')).toBe(true)
    expect((await get(ops, '/api/v1/disputes?status=nope')).statusCode).toBe(400)
  })

  it('the operator view shows the chat (each read audited), the timeline and the escrow', async () => {
    const { disputeId } = await disputed()
    const sent = await post(asha, '/api/v1/chat/send', {
      receiver: ravi.user._id,
      content: 'Where are the pages?',
    })
    expect(sent.statusCode, sent.body).toBeLessThan(300)
    const url = `/api/v1/disputes/${disputeId}/operator`
    expect((await get(null, url)).statusCode).toBe(401)
    expect((await get(asha, url)).statusCode).toBe(403)
    const res = await get(ops, url)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.chat.map((m: any) => m.content)).toContain('Where are the pages?')
    expect(body.timeline.map((e: any) => e.kind)).toContain('disputed')
    expect(body.escrow.inEscrow).toBe(1000)
    expect(body.audit.filter((a: any) => a.action === 'viewed_chat')).toHaveLength(1)
    await get(ops, url)
    const audit = await rows(sql`select action from dispute_audit where dispute_id = ${disputeId}::uuid`)
    expect(audit.filter((a) => a.action === 'viewed_chat')).toHaveLength(2)

    const note = `/api/v1/disputes/${disputeId}/notes`
    expect((await post(null, note, { note: 'x' })).statusCode).toBe(401)
    expect((await post(ravi, note, { note: 'x' })).statusCode).toBe(403)
    expect((await post(ops, note, { note: 'Asked both for files' })).statusCode).toBe(200)
  })

  it('the audit log cannot be edited or deleted, by anyone', async () => {
    const { disputeId } = await disputed()
    await post(ops, `/api/v1/disputes/${disputeId}/notes`, { note: 'A note to keep' })
    /** The database's refusal of `q` (drizzle wraps it), or null when it ran. */
    const refusal = async (q: ReturnType<typeof sql>) => {
      try {
        await ctx.database.db.execute(q)
        return null
      } catch (e: any) {
        return String(e?.cause?.message ?? e?.message)
      }
    }
    expect(
      await refusal(sql`update dispute_audit set detail = '{}' where dispute_id = ${disputeId}::uuid`),
    ).toMatch(/dispute_audit is append-only: UPDATE/)
    expect(await refusal(sql`delete from dispute_audit where dispute_id = ${disputeId}::uuid`)).toMatch(
      /dispute_audit is append-only: DELETE/,
    )
    const kept = await rows(sql`select detail from dispute_audit where dispute_id = ${disputeId}::uuid`)
    expect(kept[0].detail).toEqual({ note: 'A note to keep' })
  })
})

describe('POST /api/v1/disputes/:id/resolve', () => {
  it('401, 403 for a party; a split that does not add up is a 400 that writes nothing', async () => {
    const { contractId, disputeId } = await disputed()
    const url = `/api/v1/disputes/${disputeId}/resolve`
    const body = { releaseAmount: 600, refundAmount: 400, note: 'Half the pages arrived' }
    expect((await post(null, url, body)).statusCode).toBe(401)
    expect((await post(asha, url, body)).statusCode).toBe(403)
    const bad = await post(ops, url, { ...body, refundAmount: 300 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('split_mismatch')
    expect((await post(ops, url, { releaseAmount: 600, refundAmount: 400 })).statusCode).toBe(400)
    expect(await outOfEscrow(contractId)).toEqual({})
    expect(await frozenAt(contractId)).not.toBeNull()
    expect((await get(ops, `/api/v1/disputes/${disputeId}`)).json().dispute.status).toBe('open')
    expect(await rows(sql`select 1 from dispute_audit where dispute_id = ${disputeId}::uuid`)).toHaveLength(0)
  })

  it('books exactly the split, balanced, tells both sides the reason; a second resolve is a 409', async () => {
    const { contractId, disputeId } = await disputed()
    const url = `/api/v1/disputes/${disputeId}/resolve`
    const res = await post(ops, url, { releaseAmount: 650.25, refundAmount: 349.75, note: 'Most pages came' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().dispute).toMatchObject({
      status: 'resolved',
      outcome: {
        releaseAmount: 650.25,
        refundAmount: 349.75,
        note: 'Most pages came',
        decidedBy: 'operator',
      },
    })
    expect(await outOfEscrow(contractId)).toEqual({ release: 650_25, refund: 349_75 })
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
    expect(await frozenAt(contractId)).toBeNull()
    const c = (await get(asha, `/api/v1/contracts/${contractId}`)).json().contract
    expect(c.escrow).toMatchObject({ released: 650.25, refunded: 349.75, inEscrow: 0 })
    for (const s of [asha, ravi]) {
      const n = await rows(sql`select message from notifications where user_id = ${s.user._id}::uuid
        and metadata->>'disputeId' = ${disputeId} order by created_at desc limit 1`)
      expect(n[0].message).toMatch(/Reason: Most pages came/)
    }
    const resolved = (await events(contractId)).find((e) => e.kind === 'resolved')!
    expect(resolved.data).toMatchObject({
      releasePaise: 650_25,
      refundPaise: 349_75,
      note: 'Most pages came',
    })
    const audit = await rows(sql`select action from dispute_audit where dispute_id = ${disputeId}::uuid`)
    expect(audit.map((a) => a.action)).toEqual(['resolved'])

    const again = await post(ops, url, { releaseAmount: 0, refundAmount: 0, note: 'again' })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('dispute_closed')
    // The escrow is free again: a new dispute needs money in it.
    expect((await open(asha, contractId)).json().code).toBe('nothing_in_escrow')
  })

  it('all to one side: a full refund or a full release', async () => {
    const a = await disputed()
    expect(
      (
        await post(ops, `/api/v1/disputes/${a.disputeId}/resolve`, {
          releaseAmount: 0,
          refundAmount: 1000,
          note: 'No work',
        })
      ).statusCode,
    ).toBe(200)
    expect(await outOfEscrow(a.contractId)).toEqual({ refund: 1000_00 })
    const b = await disputed()
    expect(
      (
        await post(ops, `/api/v1/disputes/${b.disputeId}/resolve`, {
          releaseAmount: 1000,
          refundAmount: 0,
          note: 'All done',
        })
      ).statusCode,
    ).toBe(200)
    expect(await outOfEscrow(b.contractId)).toEqual({ release: 1000_00 })
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })

  it('per-unit: releaseUnits releases those units at the contract’s price', async () => {
    const { contractId, disputeId } = await disputed({ overrides: perUnit(4), units: 4 })
    const url = `/api/v1/disputes/${disputeId}/resolve`
    const wrong = await post(ops, url, { releaseUnits: 3, releaseAmount: 100, refundAmount: 500, note: 'x' })
    expect(wrong.statusCode).toBe(400)
    const res = await post(ops, url, { releaseUnits: 3, refundAmount: 500, note: 'Three of four delivered' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await outOfEscrow(contractId)).toEqual({ release: 1500_00, refund: 500_00 })
    const units = await rows(sql`select kind, units from ledger_transactions
      where contract_id = ${contractId}::uuid and kind in ('release', 'refund') order by kind`)
    expect(units.map((u) => [u.kind, Number(u.units)])).toEqual([
      ['refund', 1],
      ['release', 3],
    ])
  })
})

describe('the freeze holds against the auto-release (ADR 057)', () => {
  it('work submitted, a dispute opened, the review window over: nothing is released until it is decided', async () => {
    const { contractId, disputeId } = await (async () => {
      const c = await contract()
      const sub = await post(ravi, `/api/v1/contracts/${c.contractId}/submit`, { message: 'All three pages' })
      expect(sub.statusCode, sub.body).toBe(200)
      const d = await open(asha, c.contractId)
      expect(d.statusCode).toBe(201)
      return { ...c, disputeId: d.json().dispute._id as string }
    })()
    await advanceClock(ctx.database.db, 8 * 24 * 60 * 60 * 1000)
    await ctx.database.db.execute(
      sql`update scheduled_tasks set next_run_at = now() - interval '1 minute', lease_until = null where name = 'delivery'`,
    )
    expect(await ctx.app.tasks.runDue('delivery')).toBe('ran')
    expect(await outOfEscrow(contractId)).toEqual({})
    expect((await events(contractId)).map((e) => e.kind)).not.toContain('auto_released')
    const res = await post(ops, `/api/v1/disputes/${disputeId}/resolve`, {
      releaseAmount: 500,
      refundAmount: 500,
      note: 'Half each',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await outOfEscrow(contractId)).toEqual({ release: 500_00, refund: 500_00 })
  })
})

describe('two decisions at once', () => {
  it('an operator’s resolve and a party’s accept race: exactly one moves the money', async () => {
    const { contractId, disputeId } = await disputed()
    const p = await post(ravi, `/api/v1/disputes/${disputeId}/proposals`, {
      releaseAmount: 1000,
      refundAmount: 0,
    })
    const proposalId = p.json().dispute.proposals[0]._id
    const [a, b] = await Promise.all([
      post(ops, `/api/v1/disputes/${disputeId}/resolve`, {
        releaseAmount: 0,
        refundAmount: 1000,
        note: 'No work',
      }),
      post(asha, `/api/v1/disputes/${disputeId}/proposals/${proposalId}/accept`),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const moved = await outOfEscrow(contractId)
    expect(moved).toEqual(a.statusCode === 200 ? { refund: 1000_00 } : { release: 1000_00 })
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })
})
