import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { STATES, UNION_TERRITORIES } from './locations'
import { bpsOf, splitRelease, TAX_RULES_2026, type ReleaseTaxInput, type TaxRules } from './tax'
import { PAN_ENTITIES } from './tax-ids'

// Unless a test says otherwise: ₹10,000 released, a 10 % fee, the platform in Maharashtra, an individual with a PAN
// in Karnataka, no GSTIN, nothing earlier this financial year.
const base: ReleaseTaxInput = {
  grossPaise: 10_000_00,
  feeBps: 1000,
  platformState: 'Maharashtra',
  freelancer: { state: 'Karnataka', hasPan: true, panEntity: 'individual', hasGstin: false },
  fyGrossBeforePaise: 0,
}
const release = (
  over: Partial<Omit<ReleaseTaxInput, 'freelancer'>> & {
    freelancer?: Partial<ReleaseTaxInput['freelancer']>
  } = {},
) => splitRelease({ ...base, ...over, freelancer: { ...base.freelancer, ...over.freelancer } })
const lineSum = (r: ReturnType<typeof splitRelease>) => r.lines.reduce((sum, l) => sum + l.paise, 0)
const reasons = (r: ReturnType<typeof splitRelease>) => r.notes.map((n) => n.reason)

describe('splitRelease: worked examples', () => {
  it('individual with PAN within ₹5,00,000, other state, no GSTIN: fee + IGST on it, no TDS, no TCS', () => {
    // fee 10 % of ₹10,000 = ₹1,000; IGST 18 % of ₹1,000 = ₹180; net ₹10,000 − ₹1,000 − ₹180 = ₹8,820.
    const r = release()
    expect(r.feePaise).toBe(1_000_00)
    expect(r.gst).toMatchObject({ supply: 'inter-state', cgstPaise: 0, sgstPaise: 0, igstPaise: 180_00 })
    expect(r.tds).toEqual({ rateBps: 0, basePaise: 10_000_00, paise: 0 })
    expect(r.tcs.totalPaise).toBe(0)
    expect(r.netPaise).toBe(8_820_00)
    expect(r.lines).toEqual([
      { account: 'platform:fees', paise: 1_000_00 },
      { account: 'tax:gst:igst', paise: 180_00 },
      { account: 'freelancer', paise: 8_820_00 },
    ])
    expect(r.notes.map((n) => n.text)).toEqual([
      'Platform fee 10 % of the gross',
      'GST 18 % on the fee: IGST 18 % (a different state from the platform)',
      'No TDS: individual with PAN within ₹5,00,000 this year',
      'No GST TCS: no GSTIN',
    ])
  })

  it('same state as the platform: CGST 9 % + SGST 9 % instead of IGST', () => {
    // CGST ₹90 + SGST ₹90 on the ₹1,000 fee; net still ₹8,820.
    const r = release({ freelancer: { state: 'Maharashtra' } })
    expect(r.gst).toMatchObject({
      supply: 'intra-state',
      stateTax: 'SGST',
      cgstPaise: 90_00,
      sgstPaise: 90_00,
    })
    expect(r.gst.igstPaise).toBe(0)
    expect(r.netPaise).toBe(8_820_00)
    expect(r.lines.slice(1, 3)).toEqual([
      { account: 'tax:gst:cgst', paise: 90_00 },
      { account: 'tax:gst:sgst', paise: 90_00 },
    ])
    expect(r.notes[1].text).toBe('GST 18 % on the fee: CGST 9 % + SGST 9 % (same state as the platform)')
  })

  it('no PAN: TDS 5 % of the gross, whatever the year so far', () => {
    // TDS 5 % of ₹10,000 = ₹500; net ₹10,000 − ₹1,000 − ₹180 − ₹500 = ₹8,320.
    const r = release({ freelancer: { hasPan: false, panEntity: undefined } })
    expect(r.tds).toEqual({ rateBps: 500, basePaise: 10_000_00, paise: 500_00 })
    expect(r.netPaise).toBe(8_320_00)
    expect(r.notes[2]).toMatchObject({
      applies: true,
      reason: 'tds_no_pan',
      text: 'TDS 5 % (section 194-O; no PAN, section 206AA)',
    })
  })

  it('individual reaching exactly ₹5,00,000 with this release: still no TDS', () => {
    // ₹4,90,000 earlier + ₹10,000 now = ₹5,00,000, which does not exceed ₹5,00,000.
    const r = release({ fyGrossBeforePaise: 4_90_000_00 })
    expect(r.tds.paise).toBe(0)
    expect(r.notes[2].reason).toBe('no_tds_within_threshold')
  })

  it('individual crossing ₹5,00,000 with this release: 0.1 % on the whole release', () => {
    // ₹4,95,000 + ₹10,000 = ₹5,05,000 > ₹5,00,000: TDS 0.1 % of ₹10,000 = ₹10; net ₹8,820 − ₹10 = ₹8,810.
    const r = release({ fyGrossBeforePaise: 4_95_000_00 })
    expect(r.tds).toEqual({ rateBps: 10, basePaise: 10_000_00, paise: 10_00 })
    expect(r.netPaise).toBe(8_810_00)
    expect(r.notes[2].text).toBe('TDS 0.1 % (section 194-O): this release takes the year past ₹5,00,000')
  })

  it('individual already over ₹5,00,000: 0.1 %', () => {
    const r = release({ fyGrossBeforePaise: 6_00_000_00 })
    expect(r.tds.paise).toBe(10_00)
    expect(r.notes[2]).toMatchObject({ reason: 'tds_over_threshold', applies: true })
  })

  it('HUF with PAN within ₹5,00,000: no TDS, said as an HUF', () => {
    const r = release({ freelancer: { panEntity: 'huf' }, fyGrossBeforePaise: 1_00_000_00 })
    expect(r.tds.paise).toBe(0)
    expect(r.notes[2].text).toBe('No TDS: HUF with PAN within ₹5,00,000 this year')
  })

  it('company or firm with PAN: 0.1 % from the first rupee (the exemption is for individuals and HUFs)', () => {
    for (const panEntity of ['company', 'firm', 'trust'] as const) {
      const r = release({ freelancer: { panEntity } })
      expect(r.tds.paise, panEntity).toBe(10_00)
      expect(r.notes[2].text).toBe('TDS 0.1 % (section 194-O)')
    }
  })

  it('PAN whose holder type is unknown: 0.1 % (the exemption needs an individual or HUF)', () => {
    expect(release({ freelancer: { panEntity: undefined } }).tds.paise).toBe(10_00)
  })

  it('company with GSTIN serving a client in its own state: TCS 0.25 % CGST + 0.25 % SGST on the gross', () => {
    // Karnataka company, Karnataka client. Fee ₹1,000; IGST ₹180 (platform in Maharashtra); TDS ₹10;
    // TCS ₹25 + ₹25; net ₹10,000 − 1,000 − 180 − 10 − 50 = ₹8,760.
    const r = release({ freelancer: { panEntity: 'company', hasGstin: true }, clientState: 'Karnataka' })
    expect(r.tcs).toMatchObject({
      supply: 'intra-state',
      basePaise: 10_000_00,
      cgstPaise: 25_00,
      sgstPaise: 25_00,
    })
    expect(r.withheldPaise).toBe(1_240_00)
    expect(r.netPaise).toBe(8_760_00)
    expect(r.lines).toEqual([
      { account: 'platform:fees', paise: 1_000_00 },
      { account: 'tax:gst:igst', paise: 180_00 },
      { account: 'tax:tds:194-o', paise: 10_00 },
      { account: 'tax:tcs:cgst', paise: 25_00 },
      { account: 'tax:tcs:sgst', paise: 25_00 },
      { account: 'freelancer', paise: 8_760_00 },
    ])
    expect(r.notes[3].text).toBe('GST TCS 0.5 % (section 52): CGST 0.25 % + SGST 0.25 %')
  })

  it('GSTIN, client in another state: TCS 0.5 % IGST', () => {
    // TCS IGST 0.5 % of ₹10,000 = ₹50; the net is the same ₹8,760.
    const r = release({ freelancer: { panEntity: 'company', hasGstin: true }, clientState: 'Delhi' })
    expect(r.tcs).toMatchObject({ supply: 'inter-state', cgstPaise: 0, sgstPaise: 0, igstPaise: 50_00 })
    expect(r.netPaise).toBe(8_760_00)
    expect(r.notes[3]).toMatchObject({
      reason: 'tcs_inter_state',
      text: 'GST TCS 0.5 % (section 52): IGST 0.5 %',
    })
  })

  it('GSTIN, client state unknown: the supplier’s own state is the place of supply, so intra-state', () => {
    expect(release({ freelancer: { hasGstin: true } }).tcs.supply).toBe('intra-state')
  })

  it('TCS follows the freelancer and the client, not the platform', () => {
    // Freelancer and client in Maharashtra, like the platform: GST on the fee and TCS are both intra-state.
    const same = release({ freelancer: { state: 'Maharashtra', hasGstin: true }, clientState: 'Maharashtra' })
    expect([same.gst.supply, same.tcs.supply]).toEqual(['intra-state', 'intra-state'])
    // Freelancer in Maharashtra, client in Gujarat: the fee's GST stays intra-state, TCS is inter-state.
    const mixed = release({ freelancer: { state: 'Maharashtra', hasGstin: true }, clientState: 'Gujarat' })
    expect([mixed.gst.supply, mixed.tcs.supply]).toEqual(['intra-state', 'inter-state'])
  })

  it('fee 0: no fee line, no GST; TDS and TCS still apply', () => {
    // Company with GSTIN, intra-state: TDS ₹10, TCS ₹25 + ₹25; net ₹10,000 − 60 = ₹9,940.
    const r = release({ feeBps: 0, freelancer: { panEntity: 'company', hasGstin: true } })
    expect([r.feePaise, r.gst.totalPaise]).toEqual([0, 0])
    expect(r.netPaise).toBe(9_940_00)
    expect(r.lines.map((l) => l.account)).toEqual([
      'tax:tds:194-o',
      'tax:tcs:cgst',
      'tax:tcs:sgst',
      'freelancer',
    ])
    expect(reasons(r).slice(0, 2)).toEqual(['no_fee', 'no_gst_no_fee'])
  })

  it('₹1,00,000 at a 5 % fee, all four taxes, same state throughout', () => {
    // Fee 5 % = ₹5,000; CGST ₹450 + SGST ₹450; TDS 0.1 % = ₹100; TCS ₹250 + ₹250;
    // net ₹1,00,000 − 5,000 − 900 − 100 − 500 = ₹93,500.
    const r = release({
      grossPaise: 1_00_000_00,
      feeBps: 500,
      freelancer: { state: 'Maharashtra', panEntity: 'company', hasGstin: true },
    })
    expect(r.lines).toEqual([
      { account: 'platform:fees', paise: 5_000_00 },
      { account: 'tax:gst:cgst', paise: 450_00 },
      { account: 'tax:gst:sgst', paise: 450_00 },
      { account: 'tax:tds:194-o', paise: 100_00 },
      { account: 'tax:tcs:cgst', paise: 250_00 },
      { account: 'tax:tcs:sgst', paise: 250_00 },
      { account: 'freelancer', paise: 93_500_00 },
    ])
  })

  it('a union territory without a legislature levies UTGST, not SGST', () => {
    const r = release({
      platformState: 'Chandigarh',
      freelancer: { state: 'Chandigarh', panEntity: 'company', hasGstin: true },
    })
    expect([r.gst.stateTax, r.tcs.stateTax]).toEqual(['UTGST', 'UTGST'])
    expect(r.lines.map((l) => l.account)).toContain('tax:gst:utgst')
    expect(r.lines.map((l) => l.account)).toContain('tax:tcs:utgst')
    expect(r.notes[1].text).toBe('GST 18 % on the fee: CGST 9 % + UTGST 9 % (same state as the platform)')
    // Delhi has a legislature: SGST.
    expect(release({ platformState: 'Delhi', freelancer: { state: 'Delhi' } }).gst.stateTax).toBe('SGST')
  })
})

describe('splitRelease: rounding to the paisa, half away from zero', () => {
  it('₹1 same state, company with GSTIN: CGST 0.9 p → 1 p each, TDS 0.1 p → 0, TCS 0.25 p → 0 each', () => {
    // Fee 10 % of 100 p = 10 p; CGST 9 % of 10 p = 0.9 → 1 p, SGST the same; net 100 − 10 − 2 = 88 p.
    const r = release({
      grossPaise: 100,
      freelancer: { state: 'Maharashtra', panEntity: 'company', hasGstin: true },
    })
    expect([r.feePaise, r.gst.cgstPaise, r.gst.sgstPaise, r.tds.paise, r.tcs.totalPaise]).toEqual([
      10, 1, 1, 0, 0,
    ])
    expect(r.netPaise).toBe(88)
    expect(lineSum(r)).toBe(100)
  })

  it('₹1 other state, no PAN, GSTIN, client elsewhere: IGST 1.8 p → 2, TDS 5 p, TCS 0.5 p → 1', () => {
    // 100 − 10 (fee) − 2 (IGST) − 5 (TDS 5 %) − 1 (TCS 0.5 % IGST, half rounds up) = 82 p.
    const r = release({
      grossPaise: 100,
      freelancer: { hasPan: false, hasGstin: true },
      clientState: 'Goa',
    })
    expect([r.feePaise, r.gst.igstPaise, r.tds.paise, r.tcs.igstPaise]).toEqual([10, 2, 5, 1])
    expect(r.netPaise).toBe(82)
    expect(lineSum(r)).toBe(100)
  })

  it('a fee of 10.5 p is 11 p (half away from zero, not floor)', () => {
    expect(release({ grossPaise: 105 }).feePaise).toBe(11)
  })

  it('CGST and SGST are rounded each on its own: 4.5 p → 5 p + 5 p = 10 p where IGST is 9 p', () => {
    // Gross 500 p, fee 50 p. Same state: 9 % of 50 = 4.5 → 5, twice. Other state: 18 % of 50 = 9.
    const same = release({ grossPaise: 500, freelancer: { state: 'Maharashtra' } })
    expect([same.gst.cgstPaise, same.gst.sgstPaise, same.gst.totalPaise]).toEqual([5, 5, 10])
    expect(release({ grossPaise: 500 }).gst.igstPaise).toBe(9)
  })

  it('TDS of 0.5 p is 1 p', () => {
    // 0.1 % of 500 p = 0.5 p → 1 p.
    expect(release({ grossPaise: 500, freelancer: { panEntity: 'company' } }).tds.paise).toBe(1)
  })

  it('bpsOf rounds half away from zero, also for products past 2^53', () => {
    expect([bpsOf(105, 1000), bpsOf(104, 1000), bpsOf(100, 10), bpsOf(500, 10), bpsOf(0, 1800)]).toEqual([
      11, 10, 0, 1, 0,
    ])
    expect([bpsOf(-105, 1000), bpsOf(-104, 1000)]).toEqual([-11, -10])
    // 9,007,199,254,740,991 × 1800 / 10000 = 1,621,295,865,853,378.38 → …378
    expect(bpsOf(Number.MAX_SAFE_INTEGER, 1800)).toBe(1_621_295_865_853_378)
  })
})

describe('splitRelease: rules and refusals', () => {
  it('keeps CGST + SGST equal to IGST in the 2026 rules', () => {
    for (const r of [TAX_RULES_2026.gstOnFee, TAX_RULES_2026.tcs52])
      expect(r.cgstBps + r.sgstBps).toBe(r.igstBps)
    expect(TAX_RULES_2026.tds194O.exemptUpToPaise).toBe(5_00_000_00)
  })

  it('takes another rule set, e.g. the 1 % TDS before October 2024', () => {
    const old: TaxRules = { ...TAX_RULES_2026, tds194O: { ...TAX_RULES_2026.tds194O, rateBps: 100 } }
    const r = splitRelease({ ...base, freelancer: { ...base.freelancer, panEntity: 'company' } }, old)
    expect(r.tds.paise).toBe(100_00)
    expect(r.notes[2].text).toBe('TDS 1 % (section 194-O)')
  })

  it('refuses a fee that leaves less than nothing to pay out', () => {
    // 90 % fee + 16.2 % GST on it + 5 % TDS > 100 %.
    expect(() => release({ feeBps: 9000, freelancer: { hasPan: false } })).toThrow(RangeError)
  })

  it('refuses amounts that are not whole paise, and places that are not states', () => {
    expect(() => release({ grossPaise: 0 })).toThrow(RangeError)
    expect(() => release({ grossPaise: 10.5 })).toThrow(RangeError)
    expect(() => release({ fyGrossBeforePaise: -1 })).toThrow(RangeError)
    expect(() => release({ feeBps: 10_001 })).toThrow(RangeError)
    expect(() => release({ feeBps: 2.5 })).toThrow(RangeError)
    expect(() => release({ freelancer: { state: 'Remote' } })).toThrow(RangeError)
    expect(() => release({ platformState: 'Bombay' })).toThrow(RangeError)
    expect(() => release({ clientState: 'toString' })).toThrow(RangeError)
  })
})

describe('splitRelease: properties', () => {
  const regions = [...STATES, ...UNION_TERRITORIES]
  const input = fc.record({
    grossPaise: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 1_000_00_000_00 })),
    feeBps: fc.integer({ min: 0, max: 5000 }),
    platformState: fc.constantFrom(...regions),
    clientState: fc.option(fc.constantFrom(...regions), { nil: undefined }),
    fyGrossBeforePaise: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20_00_000_00 })),
    freelancer: fc.record({
      state: fc.constantFrom(...regions),
      hasPan: fc.boolean(),
      panEntity: fc.option(fc.constantFrom(...Object.values(PAN_ENTITIES)), { nil: undefined }),
      hasGstin: fc.boolean(),
    }),
  })
  // |exact − rounded| ≤ ½ paisa, checked in integers: |base × bps − rounded × 10000| ≤ 5000.
  const closeTo = (rounded: number, basePaise: number, bps: number) =>
    Math.abs(Number(BigInt(basePaise) * BigInt(bps) - BigInt(rounded) * 10_000n)) <= 5000

  it('lines always sum to the gross exactly, each positive; the net is gross minus what is withheld', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = splitRelease(i)
        expect(lineSum(r)).toBe(i.grossPaise)
        for (const line of r.lines) expect(line.paise).toBeGreaterThan(0)
        expect(new Set(r.lines.map((l) => l.account)).size).toBe(r.lines.length)
        expect(r.netPaise).toBeGreaterThanOrEqual(0)
        expect(r.netPaise).toBe(r.grossPaise - r.withheldPaise)
        expect(r.withheldPaise).toBe(r.feePaise + r.gst.totalPaise + r.tds.paise + r.tcs.totalPaise)
        for (const n of [r.feePaise, r.gst.totalPaise, r.tds.paise, r.tcs.totalPaise])
          expect(n).toBeGreaterThanOrEqual(0)
        expect(r.notes.map((n) => n.tax)).toEqual(['fee', 'gst', 'tds', 'tcs'])
      }),
      { numRuns: 2000 },
    )
  })

  it('each component is the exact figure rounded to the nearest paisa; CGST always equals SGST', () => {
    const { gstOnFee, tcs52 } = TAX_RULES_2026
    fc.assert(
      fc.property(input, (i) => {
        const r = splitRelease(i)
        expect(closeTo(r.feePaise, i.grossPaise, i.feeBps)).toBe(true)
        expect(closeTo(r.tds.paise, i.grossPaise, r.tds.rateBps)).toBe(true)
        expect(r.gst.cgstPaise).toBe(r.gst.sgstPaise)
        expect(r.tcs.cgstPaise).toBe(r.tcs.sgstPaise)
        if (r.gst.supply === 'intra-state')
          expect(closeTo(r.gst.cgstPaise, r.feePaise, gstOnFee.cgstBps)).toBe(true)
        else expect(closeTo(r.gst.igstPaise, r.feePaise, gstOnFee.igstBps)).toBe(true)
        if (i.freelancer.hasGstin && r.tcs.supply === 'intra-state')
          expect(closeTo(r.tcs.cgstPaise, i.grossPaise, tcs52.cgstBps)).toBe(true)
        else if (i.freelancer.hasGstin)
          expect(closeTo(r.tcs.igstPaise, i.grossPaise, tcs52.igstBps)).toBe(true)
        else expect(r.tcs.totalPaise).toBe(0)
      }),
      { numRuns: 2000 },
    )
  })
})
