import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { financialYearOf } from '@common/financial-year'
import { gstinCheckChar } from '@common/tax-ids'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { fund, hiredJob, ledgerHealth, perUnit } from '../../test/payments'
import { releaseRepo } from './release.repo'

// A 10 % fee, the platform registered in Karnataka (GST state code 29).
let ctx: TestCtx
let asha: Session // client, no payout details (state unknown)
let kabir: Session // client with payout details in Karnataka
beforeAll(async () => {
  ctx = await createTestApp({ PLATFORM_FEE_BPS: '1000', PLATFORM_STATE: 'Karnataka' })
  asha = await signUp(ctx, { fullname: 'Asha Iyer', role: 'client' })
  kabir = await signUp(ctx, { fullname: 'Kabir Das', role: 'client' })
  await payoutDetails(kabir, { legalName: 'Kabir Das', pan: 'ABCPD4321K', state: 'Karnataka' })
})
afterAll(() => ctx?.close())

const gstin = (stateCode: string, pan: string) => {
  const first14 = `${stateCode}${pan}1Z`
  return first14 + gstinCheckChar(first14)
}
async function payoutDetails(
  s: Session,
  d: { legalName: string; pan: string; state: string; gstin?: string },
) {
  const res = await injectAs(ctx.app, s, {
    method: 'PUT',
    url: '/api/v1/payouts/account',
    payload: { ...d, bankAccount: '50100123456789', ifsc: 'HDFC0001234' },
  })
  if (res.statusCode !== 200) throw new Error(`payout details ${res.statusCode} ${res.body}`)
}
const freelancer = (name: string) => signUp(ctx, { fullname: name })

/** A one-time ₹1,000 job by `client`, `f` hired, fully funded; returns its contract id. */
async function fundedContract(client: Session, f: Session, overrides: Record<string, unknown> = {}) {
  const job = await hiredJob(ctx.app, client, f, { amount: '1000', ...overrides })
  await fund(ctx.app, client, job._id, overrides.paymentType ? { units: 4 } : {})
  const res = await injectAs(ctx.app, client, { method: 'GET', url: `/api/v1/contracts?jobId=${job._id}` })
  return { job, contractId: res.json().contracts[0]._id as string }
}
const preview = (s: Session | null, contractId: string, units?: number) =>
  injectAs(ctx.app, s, {
    method: 'GET',
    url: `/api/v1/contracts/${contractId}/release-preview${units ? `?units=${units}` : ''}`,
  })
const release = (s: Session, contractId: string, units?: number) =>
  injectAs(ctx.app, s, {
    method: 'POST',
    url: '/api/v1/payments/release',
    payload: { contractId, ...(units ? { units } : {}) },
  })

/** The legs of the contract's latest release, account key → paise (the freelancer's account as 'freelancer'). */
async function releaseLegs(contractId: string) {
  const r = await ctx.database.db.execute(sql`select a.key, e.amount_paise from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
     where e.transaction_id = (select id from ledger_transactions where contract_id = ${contractId}::uuid
                                and kind = 'release' order by created_at desc limit 1)`)
  return Object.fromEntries(
    (r.rows as { key: string; amount_paise: unknown }[]).map((x) => [
      x.key.startsWith('freelancer:') ? 'freelancer' : x.key.startsWith('escrow:') ? 'escrow' : x.key,
      Number(x.amount_paise),
    ]),
  )
}
const payoutOf = async (contractId: string) =>
  (
    await ctx.database.db.execute(
      sql`select * from payouts where contract_id = ${contractId}::uuid order by created_at desc limit 1`,
    )
  ).rows[0] as Record<string, any>

describe('a release split with its taxes (ADR 045, 050)', () => {
  it('without payout details: no PAN, so 5 % TDS; the platform’s state, so CGST + SGST on the fee', async () => {
    const ravi = await freelancer('Ravi Kumar')
    const { job, contractId } = await fundedContract(asha, ravi)
    const res = await release(asha, contractId)
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Released ₹1,000.00 to Ravi Kumar')
    expect(await releaseLegs(contractId)).toEqual({
      escrow: -100000,
      'platform:fees': 10000,
      'tax:gst_cgst': 900,
      'tax:gst_sgst': 900,
      'tax:tds_194o': 5000,
      freelancer: 83200,
    })
    expect(await payoutOf(contractId)).toMatchObject({ status: 'waiting_account', tds_rate_bps: 500 })
    expect(Number((await payoutOf(contractId)).net_paise)).toBe(83200)
    const told = await ctx.database.db.execute(sql`select message from notifications
      where user_id = ${ravi.user._id}::uuid and type = 'payment_released' and metadata->>'jobId' = ${job._id}`)
    expect(told.rows.map((r: any) => r.message)).toEqual([
      `₹832.00 was released to you for “${job.title}”. Add your payout details at /settings/payouts to receive it`,
    ])
  })

  it('an individual with a PAN within ₹5,00,000 this year: no TDS, no TCS without a GSTIN', async () => {
    const nisha = await freelancer('Nisha Rao')
    await payoutDetails(nisha, { legalName: 'Nisha Rao', pan: 'ABCPN1234F', state: 'Karnataka' })
    const { contractId } = await fundedContract(asha, nisha)
    expect((await release(asha, contractId)).statusCode).toBe(200)
    expect(await releaseLegs(contractId)).toEqual({
      escrow: -100000,
      'platform:fees': 10000,
      'tax:gst_cgst': 900,
      'tax:gst_sgst': 900,
      freelancer: 88200,
    })
  })

  it('a company in another state with a GSTIN: IGST on the fee, 0.1 % TDS, TCS in the client’s unknown state', async () => {
    const acme = await freelancer('Acme Studio')
    const pan = 'AAACA1234Q'
    await payoutDetails(acme, {
      legalName: 'Acme Studio',
      pan,
      state: 'Maharashtra',
      gstin: gstin('27', pan),
    })
    const { contractId } = await fundedContract(asha, acme)
    expect((await release(asha, contractId)).statusCode).toBe(200)
    // The client's state unknown: the supplier's own (IGST Act s.12(2)(b)(ii)), so CGST + SGST TCS.
    expect(await releaseLegs(contractId)).toEqual({
      escrow: -100000,
      'platform:fees': 10000,
      'tax:gst_igst': 1800,
      'tax:tds_194o': 100,
      'tax:tcs_cgst': 250,
      'tax:tcs_sgst': 250,
      freelancer: 87600,
    })
  })

  it('the same company working for a client in Karnataka: TCS as IGST', async () => {
    const acme = await freelancer('Acme Two')
    const pan = 'AAACB1234Q'
    await payoutDetails(acme, { legalName: 'Acme Two', pan, state: 'Maharashtra', gstin: gstin('27', pan) })
    const { contractId } = await fundedContract(kabir, acme)
    expect((await release(kabir, contractId)).statusCode).toBe(200)
    const legs = await releaseLegs(contractId)
    expect(legs).toMatchObject({ 'tax:gst_igst': 1800, 'tax:tds_194o': 100, 'tax:tcs_igst': 500 })
    expect(legs['tax:tcs_cgst']).toBeUndefined()
    expect(Object.values(legs).reduce((a, b) => a + b, 0)).toBe(0)
    const p = await payoutOf(contractId)
    const parts = [
      'fee',
      'gst_cgst',
      'gst_sgst',
      'gst_igst',
      'tds',
      'tcs_cgst',
      'tcs_sgst',
      'tcs_igst',
      'net',
    ]
    expect(parts.reduce((s, k) => s + Number(p[`${k}_paise`]), 0)).toBe(Number(p.gross_paise))
    expect(await ledgerHealth(ctx.database)).toEqual({ unbalanced: 0, negativeEscrow: 0 })
  })
})

describe('GET /api/v1/contracts/:id/release-preview', () => {
  it('401 without a session, 403 for the freelancer and another client, 404 for no such contract', async () => {
    const f = await freelancer('Preview One')
    const { contractId } = await fundedContract(asha, f)
    expect((await preview(null, contractId)).statusCode).toBe(401)
    expect((await preview(f, contractId)).statusCode).toBe(403)
    expect((await preview(kabir, contractId)).statusCode).toBe(403)
    expect((await preview(asha, crypto.randomUUID())).statusCode).toBe(404)
    expect((await preview(asha, 'not-a-contract')).statusCode).toBe(404)
  })
  it('400 for units that are not a whole number from 1', async () => {
    const f = await freelancer('Preview Two')
    const { contractId } = await fundedContract(asha, f)
    for (const units of ['0', '-1', '1.5', 'lots'])
      expect(
        (
          await injectAs(ctx.app, asha, {
            method: 'GET',
            url: `/api/v1/contracts/${contractId}/release-preview?units=${units}`,
          })
        ).statusCode,
      ).toBe(400)
  })
  it('shows in rupees exactly what the release then books, and writes nothing', async () => {
    const f = await freelancer('Preview Three')
    await payoutDetails(f, { legalName: 'Preview Three', pan: 'ABCPT1234F', state: 'Kerala' })
    const { contractId } = await fundedContract(asha, f, { ...perUnit(4, '250'), amount: '' })
    const shown = await preview(asha, contractId, 3)
    expect(shown.statusCode).toBe(200)
    expect(shown.json()).toEqual({
      success: true,
      preview: {
        units: 3,
        gross: 750,
        fee: 75,
        gst: { cgst: 0, sgst: 0, igst: 13.5 },
        tds: 0,
        tdsRatePercent: 0,
        tcs: { cgst: 0, sgst: 0, igst: 0 },
        net: 661.5,
      },
    })
    expect(await payoutOf(contractId)).toBeUndefined()
    expect((await release(asha, contractId, 3)).statusCode).toBe(200)
    const legs = await releaseLegs(contractId)
    const p = shown.json().preview
    expect(legs).toEqual({
      escrow: -p.gross * 100,
      'platform:fees': p.fee * 100,
      'tax:gst_igst': p.gst.igst * 100,
      freelancer: p.net * 100,
    })
  })
  it('409 once nothing is left in escrow', async () => {
    const f = await freelancer('Preview Four')
    const { contractId } = await fundedContract(asha, f)
    await release(asha, contractId)
    const res = await preview(asha, contractId)
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('nothing_in_escrow')
  })
})

describe('GST invoices for the fee', () => {
  const fy = financialYearOf(new Date())
  const numbersAfter = async (seq: number) =>
    (
      await ctx.database.db.execute(
        sql`select number, seq from invoices where financial_year = ${fy} and seq > ${seq} order by seq`,
      )
    ).rows as { number: string; seq: number }[]
  const lastSeq = async () =>
    Number(
      (
        await ctx.database.db.execute(
          sql`select coalesce(max(seq), 0) as s from invoices where financial_year = ${fy}`,
        )
      ).rows[0].s,
    )

  it('numbers each release’s invoice ML/<year>/<serial>, consecutive, the fee and its GST on it', async () => {
    const start = await lastSeq()
    const f = await freelancer('Invoice One')
    const a = await fundedContract(asha, f)
    const b = await fundedContract(asha, f)
    await release(asha, a.contractId)
    await release(asha, b.contractId)
    const rows = await numbersAfter(start)
    const serial = (n: number) => `ML/${fy.slice(2)}/${String(n).padStart(6, '0')}`
    expect(rows.map((r) => r.number)).toEqual([serial(start + 1), serial(start + 2)])
    const inv = (
      await ctx.database.db.execute(sql`select i.* from invoices i join payouts p on p.id = i.payout_id
        where p.contract_id = ${a.contractId}::uuid`)
    ).rows[0] as Record<string, any>
    expect(inv).toMatchObject({ place_of_supply: 'Karnataka', recipient_gstin_sealed: null })
    expect([inv.taxable_paise, inv.cgst_paise, inv.sgst_paise, inv.igst_paise].map(Number)).toEqual([
      10000, 900, 900, 0,
    ])
  })

  it('a rolled-back release gives its serial back: the next invoice has no gap', async () => {
    const start = await lastSeq()
    await expect(
      ctx.database.db.transaction(async (tx) => {
        expect(await releaseRepo.nextInvoiceSeq(tx, fy)).toBe(start + 1)
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    const f = await freelancer('Invoice Two')
    const { contractId } = await fundedContract(asha, f)
    await release(asha, contractId)
    expect((await numbersAfter(start)).map((r) => r.seq)).toEqual([start + 1])
  })

  it('20 releases at once get 20 consecutive serials, none twice, none skipped', async () => {
    const start = await lastSeq()
    const f = await freelancer('Invoice Storm')
    const contracts = []
    for (let i = 0; i < 20; i++) contracts.push(await fundedContract(asha, f))
    const answers = await Promise.all(contracts.map((c) => release(asha, c.contractId)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200))
    expect((await numbersAfter(start)).map((r) => r.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => start + 1 + i),
    )
  }, 120_000)
})
