import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { financialYearOf } from '@common/financial-year'
import { gstinCheckChar, isValidGstin } from '@common/tax-ids'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { fund, hiredJob, perUnit } from '../../test/payments'
import { amountInWords, drawable, indianWords } from './documents.format'
import { platformFrom } from './documents.service'
import { csvField } from './documents.statement'
import { adviceLayout } from './documents.templates'

const PAN = 'AAACK1234F' // a company's PAN (4th character C): TDS at 0.1 % from the first rupee
const GSTIN = (() => {
  const first14 = `29${PAN}1Z`
  return first14 + gstinCheckChar(first14)
})()
const LEGAL_NAME = 'Kavya Designs Private Limited'
const TITLE = 'Logo, "brand" kit for a tea shop'

/** Every text item of every page, whitespace collapsed: what a reader (or a search) finds in the PDF. */
async function pdfText(body: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(body),
    standardFontDataUrl: path.join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts/'),
    verbosity: 0,
  }).promise
  const parts: string[] = []
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent()
    for (const item of content.items) if ('str' in item) parts.push(item.str)
  }
  await doc.destroy()
  return parts.join(' ').replace(/\s+/g, ' ')
}

/** A CSV line split into fields (RFC 4180 quoting). */
function csvFields(line: string): string[] {
  const out: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"'
      i++
    } else if (c === '"') quoted = !quoted
    else if (c === ',' && !quoted) {
      out.push(field)
      field = ''
    } else field += c
  }
  out.push(field)
  return out
}

let ctx: TestCtx
let client: Session
let client2: Session
let freelancer: Session
let freelancer2: Session
let operator: Session
let job: any
let contractId: string
/** Each payout's UTR, by its gross in rupees. */
let utrs: Map<number, string>
const year = financialYearOf(new Date())

const get = (s: Session | null, url: string) => injectAs(ctx.app, s, { method: 'GET', url })
const list = async (s: Session, query = '') => {
  const res = await get(s, `/api/v1/documents${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const pdf = async (s: Session, url: string) => {
  const res = await get(s, url)
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
  expect(res.headers['content-type']).toBe('application/pdf')
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  return pdfText(res.rawPayload)
}

/** Releases `units` through the route; the release writes its payouts row and the fee's invoice (ADR 050). */
async function release(units: number) {
  const res = await injectAs(ctx.app, client, {
    method: 'POST',
    url: '/api/v1/payments/release',
    payload: { jobId: job._id, contractId, units },
  })
  expect(res.statusCode, res.body).toBe(200)
}

/**
 * Waits for the sandbox to review the freelancer's payout account (reading it applies the review's webhooks, ADR
 * 049), for the transfers the activation starts and for their settlements, which bring the UTRs (ADR 050).
 * Answers each payout's UTR by its gross in rupees.
 */
async function settled(count: number): Promise<Map<number, string>> {
  const deadline = Date.now() + 30_000
  for (;;) {
    await get(freelancer, '/api/v1/payouts/account')
    const body = (await get(freelancer, '/api/v1/payouts')).json()
    const paid = (body.payouts ?? []).filter((p: any) => p.utr)
    if (paid.length === count) return new Map(paid.map((p: any) => [p.gross, p.utr]))
    if (Date.now() > deadline) throw new Error(`payouts not settled: ${JSON.stringify(body)}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

beforeAll(async () => {
  ctx = await createTestApp({
    PLATFORM_FEE_BPS: '1000',
    PLATFORM_STATE: 'Karnataka',
    PLATFORM_GSTIN: '29AAACM1234A1Z' + gstinCheckChar('29AAACM1234A1Z'),
    PLATFORM_TAN: 'BLRM12345C',
    PLATFORM_LEGAL_NAME: 'Microlance Technologies Private Limited',
    PLATFORM_ADDRESS: '12 MG Road, Bengaluru 560001',
  })
  client = await signUp(ctx, { fullname: 'Asha Iyer', role: 'client' })
  client2 = await signUp(ctx, { fullname: 'Vikram Reddy', role: 'client' })
  freelancer = await signUp(ctx, { fullname: 'Kavya Rao', role: 'freelancer' })
  freelancer2 = await signUp(ctx, { fullname: 'Meera Shah', role: 'freelancer' })
  operator = await signUp(ctx, { fullname: 'Ops Person', role: 'client' })
  await ctx.database.db.execute(sql`update users set role = 'admin' where id = ${operator.user._id}::uuid`)
  const account = await injectAs(ctx.app, freelancer, {
    method: 'PUT',
    url: '/api/v1/payouts/account',
    payload: {
      legalName: LEGAL_NAME,
      pan: PAN,
      state: 'Karnataka',
      gstin: GSTIN,
      bankAccount: '50100123456789',
      ifsc: 'HDFC0001234',
    },
  })
  expect(account.statusCode, account.body).toBe(200)
  // ₹3,000 a unit, 5 units: released as 3 units (₹9,000) and 2 units (₹6,000).
  job = await hiredJob(ctx.app, client, freelancer, { ...perUnit(5, '3000'), title: TITLE })
  const contracts = await get(client, `/api/v1/contracts?jobId=${job._id}`)
  contractId = contracts.json().contracts[0]._id
  await fund(ctx.app, client, job._id, { units: 5 })
  await release(3)
  await release(2)
  utrs = await settled(2)
}, 60_000)
afterAll(() => ctx?.close())

describe('GET /api/v1/documents', () => {
  it('should answer 401 without a session', async () => {
    expect((await get(null, '/api/v1/documents')).statusCode).toBe(401)
  })

  it("should list the freelancer's invoices, advices and the year's statement, in rupees", async () => {
    const body = await list(freelancer, `?year=${year}`)
    expect(body).toMatchObject({ success: true, year })
    expect(body.years).toContain(year)
    const kinds = body.documents.map((d: any) => d.kind).sort()
    expect(kinds).toEqual(['advice', 'advice', 'invoice', 'invoice', 'statement'])
    expect(body.documents[0]).toMatchObject({
      _id: year,
      kind: 'statement',
      amount: 15000,
      url: `/api/v1/documents/statement/${year}.pdf`,
    })
    const invoices = body.documents.filter((d: any) => d.kind === 'invoice')
    expect(invoices.map((d: any) => d.amount).sort((a: number, b: number) => a - b)).toEqual([708, 1062])
    for (const d of invoices) {
      expect(d.number).toMatch(new RegExp(`^ML/${year.slice(2)}/\\d{6}$`))
      expect(d.url).toBe(`/api/v1/documents/invoice/${d._id}.pdf`)
    }
    const advices = body.documents.filter((d: any) => d.kind === 'advice')
    expect(advices.map((d: any) => d.amount).sort((a: number, b: number) => a - b)).toEqual([5256, 7884])
  })

  it('should number the invoices of a year consecutively', async () => {
    const body = await list(freelancer)
    const seqs = body.documents
      .filter((d: any) => d.kind === 'invoice')
      .map((d: any) => Number(d.number.split('/')[2]))
      .sort((a: number, b: number) => a - b)
    expect(seqs[1] - seqs[0]).toBe(1)
  })

  it("should list the client's receipt for the funding and no invoice", async () => {
    const body = await list(client)
    expect(body.documents.map((d: any) => d.kind).sort()).toEqual(['receipt', 'statement'])
    expect(body.documents.find((d: any) => d.kind === 'receipt')).toMatchObject({
      amount: 15000,
      title: `Receipt: ${TITLE}`,
    })
  })

  it('should list only the statement in a year with nothing in it', async () => {
    const body = await list(freelancer, '?year=2019-20')
    expect(body.year).toBe('2019-20')
    expect(body.documents).toHaveLength(1)
    expect(body.documents[0]).toMatchObject({ kind: 'statement', amount: 0 })
  })

  it.each(['2026', '2026-28', '26-27', 'abcd-ef', '2026-2027'])(
    'should answer 400 for the malformed year %s',
    async (bad) => {
      const res = await get(freelancer, `/api/v1/documents?year=${bad}`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ success: false, code: 'bad_year' })
    },
  )

  it("should answer 404 for another user's documents, and list them for an operator", async () => {
    const q = `?userId=${freelancer.user._id}`
    expect((await get(freelancer2, `/api/v1/documents${q}`)).statusCode).toBe(404)
    const body = await list(operator, q)
    expect(body.documents.filter((d: any) => d.kind === 'invoice')).toHaveLength(2)
  })
})

describe('GET /api/v1/documents?format=csv', () => {
  it('should answer 401 without a session', async () => {
    expect((await get(null, '/api/v1/documents?format=csv')).statusCode).toBe(401)
  })

  it('should give the statement as CSV whose rows add up to its totals row', async () => {
    const res = await get(freelancer, `/api/v1/documents?year=${year}&format=csv`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    expect(res.headers['content-disposition']).toBe(`attachment; filename="microlance-statement-${year}.csv"`)
    const lines = res.body.trimEnd().split('\r\n').map(csvFields)
    expect(lines[0]).toEqual([
      'Date',
      'Job',
      'Invoice',
      'Gross',
      'Fee',
      'GST',
      'TDS rate %',
      'TDS',
      'TCS',
      'Net',
      'UTR',
    ])
    const rows = lines.slice(1, -1)
    const total = lines.at(-1)!
    expect(rows).toHaveLength(2)
    expect(total[0]).toBe('Total')
    for (const row of rows) expect(row[1]).toBe(TITLE) // quoted on the way out, whole on the way back
    const paise = (s: string) => Math.round(Number(s) * 100)
    for (const col of [3, 4, 5, 7, 8, 9]) {
      for (const row of rows) expect(row[col]).toMatch(/^\d+\.\d{2}$/)
      expect(rows.reduce((s, r) => s + paise(r[col]), 0)).toBe(paise(total[col]))
    }
    expect(total.slice(3)).toEqual(['15000.00', '1500.00', '270.00', '', '15.00', '75.00', '13140.00', ''])
    expect(rows.map((r) => r[10])).toEqual([utrs.get(9000), utrs.get(6000)])
    // Each release's lines add up to its gross.
    for (const r of rows)
      expect(paise(r[4]) + paise(r[5]) + paise(r[7]) + paise(r[8]) + paise(r[9])).toBe(paise(r[3]))
  })

  it('should answer 400 for a malformed year', async () => {
    expect((await get(freelancer, '/api/v1/documents?year=2026-28&format=csv')).statusCode).toBe(400)
  })
})

describe('GET /api/v1/documents/invoice/:id.pdf', () => {
  let invoices: any[]
  beforeAll(async () => {
    invoices = (await list(freelancer)).documents.filter((d: any) => d.kind === 'invoice')
  })
  const first = () => invoices.find((d) => d.amount === 1062)

  it('should answer 401 without a session', async () => {
    expect((await get(null, first().url)).statusCode).toBe(401)
  })

  it('should render the GST tax invoice with its number, parties, SAC and figures', async () => {
    const text = await pdf(freelancer, first().url)
    for (const s of [
      'Tax invoice',
      first().number,
      'Microlance Technologies Private Limited',
      `GSTIN: ${'29AAACM1234A1Z' + gstinCheckChar('29AAACM1234A1Z')}`,
      LEGAL_NAME,
      `GSTIN: ${GSTIN}`,
      'Place of supply: Karnataka (29)',
      '998599',
      'INR 900.00',
      'CGST @ 9%',
      'SGST @ 9%',
      'INR 81.00',
      'INR 1,062.00',
      'Rupees One Thousand Sixty Two Only',
      TITLE,
    ])
      expect(text).toContain(s)
    expect(text).not.toContain('IGST')
    expect(text).not.toContain('SANDBOX')
  })

  it('should let an operator read it', async () => {
    expect(await pdf(operator, first().url)).toContain(first().number)
  })

  it.each([
    ['another freelancer', () => freelancer2],
    ['the client', () => client],
  ])('should answer 404 to %s', async (_who, as) => {
    const res = await get(as(), first().url)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ success: false, code: 'document_not_found' })
  })

  it.each([
    '/api/v1/documents/invoice/00000000-0000-4000-8000-000000000000.pdf',
    '/api/v1/documents/invoice/not-an-id.pdf',
    '/api/v1/documents/contract/00000000-0000-4000-8000-000000000000.pdf',
  ])('should answer 404 for %s', async (url) => {
    expect((await get(freelancer, url)).statusCode).toBe(404)
  })
})

describe('GET /api/v1/documents/receipt/:id.pdf', () => {
  let receipt: any
  beforeAll(async () => {
    receipt = (await list(client)).documents.find((d: any) => d.kind === 'receipt')
  })

  it('should answer 401 without a session', async () => {
    expect((await get(null, receipt.url)).statusCode).toBe(401)
  })

  it('should render the receipt with its number, job, amount and payment id', async () => {
    const text = await pdf(client, receipt.url)
    const [payment] = (
      await ctx.database.db.execute(
        sql`select provider_payment_id from payments where id = ${receipt._id}::uuid`,
      )
    ).rows as { provider_payment_id: string }[]
    for (const s of [
      'Payment receipt',
      receipt.number,
      'Asha Iyer',
      TITLE,
      'Kavya Rao',
      'INR 15,000.00',
      'Rupees Fifteen Thousand Only',
      payment.provider_payment_id,
    ])
      expect(text).toContain(s)
  })

  it.each([
    ['the freelancer', () => freelancer],
    ['another client', () => client2],
  ])('should answer 404 to %s', async (_who, as) => {
    expect((await get(as(), receipt.url)).statusCode).toBe(404)
  })
})

describe('GET /api/v1/documents/advice/:id.pdf', () => {
  let advice: any
  beforeAll(async () => {
    advice = (await list(freelancer)).documents.find((d: any) => d.kind === 'advice' && d.amount === 7884)
  })

  it('should answer 401 without a session', async () => {
    expect((await get(null, advice.url)).statusCode).toBe(401)
  })

  it('should render the split, the sections and the transfer', async () => {
    const text = await pdf(freelancer, advice.url)
    for (const s of [
      'Payment advice',
      advice.number,
      LEGAL_NAME,
      'PAN: XXXXXX234F',
      'INR 9,000.00',
      '- INR 900.00',
      '- INR 162.00',
      'TDS @ 0.1% (Income-tax Act section 194-O)',
      '- INR 9.00',
      'GST TCS (CGST Act section 52)',
      '- INR 45.00',
      'INR 7,884.00',
      'BLRM12345C',
      'Transferred',
      utrs.get(9000)!,
      'Payout status: Paid',
    ])
      expect(text).toContain(s)
    expect(text).not.toContain(PAN)
  })

  it.each([
    ['another freelancer', () => freelancer2],
    ['the client', () => client],
  ])('should answer 404 to %s', async (_who, as) => {
    expect((await get(as(), advice.url)).statusCode).toBe(404)
  })
})

describe('GET /api/v1/documents/statement/:year.pdf', () => {
  const url = () => `/api/v1/documents/statement/${year}.pdf`

  it('should answer 401 without a session', async () => {
    expect((await get(null, url())).statusCode).toBe(401)
  })

  it("should render the year's totals, each release and the Form 26AS line", async () => {
    const text = await pdf(freelancer, url())
    for (const s of [
      'Yearly statement',
      `Financial year ${year}`,
      'Gross released to you INR 15,000.00',
      'Platform fees INR 1,500.00',
      'GST on the fees INR 270.00',
      'TDS (section 194-O) INR 15.00',
      'GST TCS (section 52) INR 75.00',
      'Net payouts INR 13,140.00',
      "deposited under the platform's TAN BLRM12345C",
      'Form 26AS',
      '9,000.00',
      '6,000.00',
      '7,884.00',
      '5,256.00',
      'Payouts to your bank',
      utrs.get(9000)!,
      utrs.get(6000)!,
    ])
      expect(text).toContain(s)
  })

  it("should show the client's fundings in their own statement", async () => {
    const text = await pdf(client, url())
    expect(text).toContain('Money you paid into escrow')
    expect(text).toContain('15,000.00')
    expect(text).toContain('Gross released to you INR 0.00')
  })

  it("should give an operator someone's statement, and nobody else", async () => {
    const q = `?userId=${freelancer.user._id}`
    expect(await pdf(operator, url() + q)).toContain('Net payouts INR 13,140.00')
    expect((await get(freelancer2, url() + q)).statusCode).toBe(404)
  })

  it('should answer 400 for a malformed year', async () => {
    const res = await get(freelancer, '/api/v1/documents/statement/2026-28.pdf')
    expect(res.statusCode).toBe(400)
  })
})

describe('document text', () => {
  it('writes amounts in Indian words', () => {
    expect(indianWords(0)).toBe('Zero')
    expect(indianWords(150000)).toBe('One Lakh Fifty Thousand')
    expect(indianWords(12_34_56_789)).toBe(
      'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine',
    )
    expect(amountInWords(1500050)).toBe('Rupees Fifteen Thousand and Fifty Paise Only')
  })

  it('keeps what the standard font can draw and marks what it cannot', () => {
    expect(drawable('Zoë Ślusarczyk')).toBe('Zoë Slusarczyk')
    expect(drawable('रवि Kumar')).toBe('? Kumar')
    expect(drawable('₹500')).toBe('INR 500')
  })

  it('quotes CSV fields and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a, "b"')).toBe('"a, ""b"""')
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
  })

  it('uses placeholder GSTIN and TAN that say sandbox when the platform has none', () => {
    const sandbox = platformFrom({ PLATFORM_STATE: 'Maharashtra' })
    expect(sandbox).toMatchObject({ state: 'Maharashtra', tan: 'XXXX99999X', sandbox: true })
    expect(sandbox.gstin).toMatch(/^27ZZZCZ9999Z1Z.$/)
    expect(isValidGstin(sandbox.gstin)).toBe(true)
    const real = platformFrom({ PLATFORM_GSTIN: GSTIN, PLATFORM_TAN: 'BLRM12345C' })
    expect(real).toMatchObject({ gstin: GSTIN, state: 'Karnataka', sandbox: false })
  })

  it('names section 206AA on an advice whose TDS is at the no-PAN rate', () => {
    const payout = {
      id: '00000000-0000-4000-8000-000000000001',
      contractId: '00000000-0000-4000-8000-000000000002',
      financialYear: '2026-27',
      grossPaise: 1000_00,
      feePaise: 0,
      gstCgstPaise: 0,
      gstSgstPaise: 0,
      gstIgstPaise: 0,
      tdsPaise: 50_00,
      tdsRateBps: 500,
      tcsCgstPaise: 0,
      tcsSgstPaise: 0,
      tcsIgstPaise: 0,
      netPaise: 950_00,
      status: 'waiting_account',
      createdAt: new Date(),
    } as Parameters<typeof adviceLayout>[0]['payout']
    const layout = adviceLayout({
      payout,
      transfers: [],
      platform: platformFrom({}),
      payee: { name: 'Someone' },
      jobTitle: null,
      invoiceNumber: null,
    })
    const labels = layout.sections.flatMap((x) => (x.kind === 'pairs' ? x.rows.map((r) => r[0]) : []))
    expect(labels).toContain('TDS @ 5% (Income-tax Act section 194-O; no PAN, section 206AA)')
  })
})
