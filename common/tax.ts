/**
 * How one escrow release is split on the ledger (docs/decisions/045-tax-split-and-rounding.md): the gross goes to the
 * platform's fee, GST on that fee, TDS, GST TCS, and what is left is the freelancer's net payout. Integer paise
 * throughout; every component is rounded to the paisa on its own, half away from zero, and the net is the gross minus
 * the rounded components, so the lines always add up to the gross exactly.
 */
import { formatPaise, groupIndian } from './money'
import { gstStateCode, UTGST_TERRITORIES, type PanEntity } from './tax-ids'
import type { Region } from './locations'

/** Rates in basis points (1 bp = 0.01 %) and thresholds in paise, so every computation stays in integers. */
export interface TaxRules {
  gstOnFee: { cgstBps: number; sgstBps: number; igstBps: number }
  tds194O: {
    rateBps: number
    noPanRateBps: number
    exemptEntities: readonly PanEntity[]
    exemptUpToPaise: number
  }
  tcs52: { cgstBps: number; sgstBps: number; igstBps: number }
}

/**
 * The law as this code assumes it in 2026. Change the figures here, and only here, when it changes.
 *
 * - GST on the platform's fee, 18 %: CGST Act 2017 s.9 (CGST 9 %) with the state's SGST Act (or, in a union
 *   territory without a legislature, the UTGST Act 2017 s.7) at 9 % for a supply within one state; IGST Act 2017 s.5
 *   (IGST 18 %) between states. The place of supply is the freelancer's state (IGST Act s.12(2)).
 * - TDS, Income-tax Act 1961 s.194-O: 0.1 % of the gross amount of the services (1 % until 30 September 2024,
 *   0.1 % since 1 October 2024, Finance (No. 2) Act 2024); 5 % when the participant has not furnished a PAN
 *   (s.206AA(1), first proviso). None for an individual or HUF with a PAN whose gross through the operator in the
 *   financial year does not exceed ₹5,00,000 (s.194-O(2)). The Income-tax Act 2025, in force from 1 April 2026,
 *   carries these rules over; the labels keep the section numbers of the 1961 Act.
 * - GST TCS, CGST Act 2017 s.52: 0.5 % of the net value of taxable supplies made through the operator, collected
 *   from a registered supplier only — 0.25 % CGST + 0.25 % SGST/UTGST within a state, 0.5 % IGST between states
 *   (Notification 52/2018-Central Tax as amended by 15/2024-Central Tax, and 01/2024-Integrated Tax: halved from
 *   1 % since 10 July 2024).
 */
export const TAX_RULES_2026 = {
  gstOnFee: { cgstBps: 900, sgstBps: 900, igstBps: 1800 },
  tds194O: {
    rateBps: 10,
    noPanRateBps: 500,
    exemptEntities: ['individual', 'huf'],
    exemptUpToPaise: 5_00_000_00,
  },
  tcs52: { cgstBps: 25, sgstBps: 25, igstBps: 50 },
} as const satisfies TaxRules

/**
 * `bps` basis points of `paise`, rounded to the paisa half away from zero (BigInt, so no product loses precision).
 * bpsOf(105, 1000) = 11 (10.5 rounds up); bpsOf(100, 10) = 0 (0.1 rounds down).
 */
export function bpsOf(paise: number, bps: number): number {
  const product = BigInt(paise) * BigInt(bps)
  const negative = product < 0n
  const abs = negative ? -product : product
  const rounded = (abs + 5_000n) / 10_000n
  return Number(negative ? -rounded : rounded)
}

/** What one release needs to know to be split. States are names as in `common/locations.ts` ('Maharashtra'). */
export interface ReleaseTaxInput {
  /** The amount released from escrow for the freelancer, before anything is taken from it. */
  grossPaise: number
  /** The platform's fee in basis points of the gross (`PLATFORM_FEE_BPS`). */
  feeBps: number
  /** Where the platform is registered for GST (`PLATFORM_STATE`): the fee's GST is intra-state when it matches. */
  platformState: string
  freelancer: {
    state: string
    hasPan: boolean
    /** From the PAN's 4th character (`panEntityOf`); unknown counts as not an individual or HUF. */
    panEntity?: PanEntity
    hasGstin: boolean
  }
  /**
   * The client's state: the place of supply of the freelancer's service (IGST Act s.12(2)), which decides whether
   * TCS is CGST + SGST or IGST. When unknown, the supplier's own state (s.12(2)(b)(ii)), so intra-state.
   */
  clientState?: string
  /** The freelancer's gross through the platform earlier in the same financial year (this release not included). */
  fyGrossBeforePaise: number
}

export type Supply = 'intra-state' | 'inter-state'

/** A GST amount split by who levies it. Within a state CGST = SGST (each rounded on its own); otherwise IGST. */
export interface GstComponents {
  supply: Supply
  /** The state half's name: UTGST in a union territory without a legislature, else SGST. */
  stateTax: 'SGST' | 'UTGST'
  /** What the rates were applied to. */
  basePaise: number
  cgstPaise: number
  /** SGST or UTGST, as `stateTax` says. */
  sgstPaise: number
  igstPaise: number
  totalPaise: number
}

/** The ledger accounts a release credits. `freelancer` stands for the freelancer's own account (`freelancer:<id>`). */
export const RELEASE_ACCOUNTS = [
  'platform:fees',
  'tax:gst:cgst',
  'tax:gst:sgst',
  'tax:gst:utgst',
  'tax:gst:igst',
  'tax:tds:194-o',
  'tax:tcs:cgst',
  'tax:tcs:sgst',
  'tax:tcs:utgst',
  'tax:tcs:igst',
  'freelancer',
] as const
export type ReleaseAccount = (typeof RELEASE_ACCOUNTS)[number]

export interface LedgerLine {
  account: ReleaseAccount
  paise: number
}

export type TaxReason =
  | 'fee'
  | 'no_fee'
  | 'gst_intra_state'
  | 'gst_inter_state'
  | 'no_gst_no_fee'
  | 'tds_194o'
  | 'tds_no_pan'
  | 'tds_crossed_threshold'
  | 'tds_over_threshold'
  | 'no_tds_within_threshold'
  | 'tcs_intra_state'
  | 'tcs_inter_state'
  | 'no_tcs_no_gstin'

/** Why a component is what it is: a stable `reason` to translate, and the English sentence. */
export interface TaxNote {
  tax: 'fee' | 'gst' | 'tds' | 'tcs'
  applies: boolean
  reason: TaxReason
  text: string
}

export interface ReleaseSplit {
  grossPaise: number
  feePaise: number
  /** GST on the fee, borne by the freelancer. */
  gst: GstComponents
  /** Section 194-O TDS on the gross. */
  tds: { rateBps: number; basePaise: number; paise: number }
  /** Section 52 TCS on the gross (the "net taxable value", see the ADR). */
  tcs: GstComponents
  /** Fee + GST + TDS + TCS. */
  withheldPaise: number
  /** Gross − withheld: what the freelancer is paid. */
  netPaise: number
  /** Ledger credits for the release, zero amounts left out; they sum to `grossPaise` exactly. */
  lines: LedgerLine[]
  /** One note each for fee, GST, TDS and TCS, in that order. */
  notes: TaxNote[]
}

const pct = (bps: number) => `${bps / 100} %`
const rupees = (paise: number) =>
  paise % 100 === 0 ? `₹${groupIndian(String(paise / 100))}` : formatPaise(paise)

function regionOf(state: string, what: string): Region {
  if (gstStateCode(state) === undefined)
    throw new RangeError(`${what} is not an Indian state or union territory`)
  return state as Region
}

function wholePaise(value: number, what: string, min: number) {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${what} must be a whole number ≥ ${min}`)
}

function split(
  basePaise: number,
  supply: Supply,
  region: Region,
  rates: TaxRules['gstOnFee'],
): GstComponents {
  const intra = supply === 'intra-state'
  const cgstPaise = intra ? bpsOf(basePaise, rates.cgstBps) : 0
  const sgstPaise = intra ? bpsOf(basePaise, rates.sgstBps) : 0
  const igstPaise = intra ? 0 : bpsOf(basePaise, rates.igstBps)
  return {
    supply,
    stateTax: UTGST_TERRITORIES.has(region) ? 'UTGST' : 'SGST',
    basePaise,
    cgstPaise,
    sgstPaise,
    igstPaise,
    totalPaise: cgstPaise + sgstPaise + igstPaise,
  }
}

function ratesText(c: GstComponents, rates: TaxRules['gstOnFee']) {
  return c.supply === 'intra-state'
    ? `CGST ${pct(rates.cgstBps)} + ${c.stateTax} ${pct(rates.sgstBps)}`
    : `IGST ${pct(rates.igstBps)}`
}

function tdsOf(input: ReleaseTaxInput, rules: TaxRules['tds194O']): { rateBps: number; note: TaxNote } {
  const { freelancer, grossPaise, fyGrossBeforePaise } = input
  const tds = (reason: TaxReason, text: string, rateBps = rules.rateBps) => ({
    rateBps,
    note: { tax: 'tds' as const, applies: rateBps > 0, reason, text },
  })
  const limit = rupees(rules.exemptUpToPaise)
  if (!freelancer.hasPan)
    return tds(
      'tds_no_pan',
      `TDS ${pct(rules.noPanRateBps)} (section 194-O; no PAN, section 206AA)`,
      rules.noPanRateBps,
    )
  const entity = freelancer.panEntity
  if (entity === undefined || !rules.exemptEntities.includes(entity))
    return tds('tds_194o', `TDS ${pct(rules.rateBps)} (section 194-O)`)
  // s.194-O(2): the exemption holds while the year's gross, this release included, does not exceed the limit.
  const who = entity === 'huf' ? 'HUF' : 'individual'
  if (fyGrossBeforePaise + grossPaise <= rules.exemptUpToPaise)
    return tds('no_tds_within_threshold', `No TDS: ${who} with PAN within ${limit} this year`, 0)
  if (fyGrossBeforePaise <= rules.exemptUpToPaise)
    return tds(
      'tds_crossed_threshold',
      `TDS ${pct(rules.rateBps)} (section 194-O): this release takes the year past ${limit}`,
    )
  return tds('tds_over_threshold', `TDS ${pct(rules.rateBps)} (section 194-O): over ${limit} this year`)
}

/** Splits one release into fee, GST on the fee, TDS, TCS and the net payout (see the module comment). */
export function splitRelease(input: ReleaseTaxInput, rules: TaxRules = TAX_RULES_2026): ReleaseSplit {
  const { grossPaise, feeBps, freelancer } = input
  wholePaise(grossPaise, 'grossPaise', 1)
  wholePaise(input.fyGrossBeforePaise, 'fyGrossBeforePaise', 0)
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 10_000)
    throw new RangeError('feeBps must be a whole number from 0 to 10000')
  const freelancerRegion = regionOf(freelancer.state, 'The freelancer’s state')
  const platformRegion = regionOf(input.platformState, 'The platform’s state')
  const clientRegion =
    input.clientState === undefined ? freelancerRegion : regionOf(input.clientState, 'The client’s state')

  const feePaise = bpsOf(grossPaise, feeBps)
  const feeSupply: Supply = freelancerRegion === platformRegion ? 'intra-state' : 'inter-state'
  const gst = split(feePaise, feeSupply, platformRegion, rules.gstOnFee)

  const tdsRule = tdsOf(input, rules.tds194O)
  const tds = { rateBps: tdsRule.rateBps, basePaise: grossPaise, paise: bpsOf(grossPaise, tdsRule.rateBps) }

  // The net value of the freelancer's taxable supply is taken as the whole gross: the platform does not know whether
  // a GST component is inside it, and collecting on the larger figure never under-collects (ADR 045).
  const tcsSupply: Supply = freelancerRegion === clientRegion ? 'intra-state' : 'inter-state'
  const tcs = split(freelancer.hasGstin ? grossPaise : 0, tcsSupply, freelancerRegion, rules.tcs52)

  const withheldPaise = feePaise + gst.totalPaise + tds.paise + tcs.totalPaise
  const netPaise = grossPaise - withheldPaise
  if (netPaise < 0)
    throw new RangeError(
      `A fee of ${pct(feeBps)} and the taxes on it come to more than the ${rupees(grossPaise)} released`,
    )

  const utgst = (c: GstComponents) => c.stateTax === 'UTGST'
  const lines = (
    [
      { account: 'platform:fees', paise: feePaise },
      { account: 'tax:gst:cgst', paise: gst.cgstPaise },
      { account: utgst(gst) ? 'tax:gst:utgst' : 'tax:gst:sgst', paise: gst.sgstPaise },
      { account: 'tax:gst:igst', paise: gst.igstPaise },
      { account: 'tax:tds:194-o', paise: tds.paise },
      { account: 'tax:tcs:cgst', paise: tcs.cgstPaise },
      { account: utgst(tcs) ? 'tax:tcs:utgst' : 'tax:tcs:sgst', paise: tcs.sgstPaise },
      { account: 'tax:tcs:igst', paise: tcs.igstPaise },
      { account: 'freelancer', paise: netPaise },
    ] satisfies LedgerLine[]
  ).filter((line) => line.paise > 0)

  const notes: TaxNote[] = [
    feeBps > 0
      ? { tax: 'fee', applies: true, reason: 'fee', text: `Platform fee ${pct(feeBps)} of the gross` }
      : { tax: 'fee', applies: false, reason: 'no_fee', text: 'No platform fee' },
    feeBps === 0
      ? { tax: 'gst', applies: false, reason: 'no_gst_no_fee', text: 'No GST: no platform fee' }
      : {
          tax: 'gst',
          applies: true,
          reason: feeSupply === 'intra-state' ? 'gst_intra_state' : 'gst_inter_state',
          text:
            `GST ${pct(rules.gstOnFee.igstBps)} on the fee: ${ratesText(gst, rules.gstOnFee)} ` +
            (feeSupply === 'intra-state'
              ? '(same state as the platform)'
              : '(a different state from the platform)'),
        },
    tdsRule.note,
    freelancer.hasGstin
      ? {
          tax: 'tcs',
          applies: true,
          reason: tcsSupply === 'intra-state' ? 'tcs_intra_state' : 'tcs_inter_state',
          text: `GST TCS ${pct(rules.tcs52.igstBps)} (section 52): ${ratesText(tcs, rules.tcs52)}`,
        }
      : { tax: 'tcs', applies: false, reason: 'no_tcs_no_gstin', text: 'No GST TCS: no GSTIN' },
  ]

  return { grossPaise, feePaise, gst, tds, tcs, withheldPaise, netPaise, lines, notes }
}
