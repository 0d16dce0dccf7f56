/**
 * Indian tax and payment identifiers a payout account carries — PAN, GSTIN, IFSC, UPI id — and the GST state codes
 * that tie a GSTIN and a place of supply to a state. Format checks only: whether a number was really issued is for
 * the issuer (the income-tax or GST portal, the bank) to say. Every check takes the canonical form — upper case for
 * PAN, GSTIN and IFSC, no spaces — so a form should trim and upper-case before asking.
 */
import type { Region } from './locations'

/**
 * GST state codes (the first two digits of a GSTIN), as the GST portal lists them. Codes no longer issued are left
 * out: 25 (Daman and Diu, merged into 26 in 2020) and 28 (undivided Andhra Pradesh; now 37 and 36). Ladakh has 38.
 */
export const GST_STATE_CODES: Readonly<Record<Region, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
}

const REGION_OF_CODE = new Map(
  Object.entries(GST_STATE_CODES).map(([region, code]) => [code, region as Region]),
)

/**
 * Union territories without a legislature: the state half of an intra-state GST there is UTGST (UTGST Act 2017,
 * s.7), not SGST. Delhi, Puducherry and Jammu and Kashmir have legislatures and levy SGST.
 */
export const UTGST_TERRITORIES: ReadonlySet<Region> = new Set<Region>([
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Ladakh',
  'Lakshadweep',
])

/** The GST state code of a state or union territory by name ('Maharashtra' → '27'); undefined for anything else. */
export function gstStateCode(state: string): string | undefined {
  return Object.hasOwn(GST_STATE_CODES, state) ? GST_STATE_CODES[state as Region] : undefined
}

/** The state or union territory a GST state code stands for ('27' → 'Maharashtra'). */
export function regionOfGstCode(code: string): Region | undefined {
  return REGION_OF_CODE.get(code)
}

/** Who holds a PAN, from its 4th character (the income-tax department's list). */
export const PAN_ENTITIES = {
  A: 'aop',
  B: 'boi',
  C: 'company',
  F: 'firm',
  G: 'government',
  H: 'huf',
  J: 'artificial-juridical-person',
  L: 'local-authority',
  P: 'individual',
  T: 'trust',
} as const
export type PanEntity = (typeof PAN_ENTITIES)[keyof typeof PAN_ENTITIES]

// Five letters (the 4th the holder type), a serial 0001–9999, a letter. The last letter is a check character whose
// algorithm is not published, so it cannot be verified here.
const PAN_RE = /^[A-Z]{3}[ABCFGHJLPT][A-Z](?!0000)\d{4}[A-Z]$/

/** A PAN in its canonical form: AAAAA9999A, 4th character a holder type, serial not 0000. */
export function isValidPan(pan: string): boolean {
  return PAN_RE.test(pan)
}

/** The holder type a valid PAN declares ('ABCPE1234F' → 'individual'); undefined for an invalid PAN. */
export function panEntityOf(pan: string): PanEntity | undefined {
  return isValidPan(pan) ? PAN_ENTITIES[pan[3] as keyof typeof PAN_ENTITIES] : undefined
}

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/**
 * The GSTIN check character for its first 14 characters (Luhn mod 36, as the GST Network specifies it): each
 * character's value 0–35, multiplied by 1 and 2 alternately from the left; each product contributes its base-36
 * digits (quotient + remainder by 36); the check value is (36 − sum mod 36) mod 36.
 */
export function gstinCheckChar(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) throw new RangeError('A GSTIN starts with 14 characters 0-9 or A-Z')
  let sum = 0
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return BASE36[(36 - (sum % 36)) % 36]
}

const GSTIN_RE = /^(\d{2})([A-Z]{3}[ABCFGHJLPT][A-Z](?!0000)\d{4}[A-Z])[1-9A-Z]Z[0-9A-Z]$/

/**
 * A regular taxpayer's GSTIN: state code of a state or union territory we serve, the holder's PAN, the entity number
 * (1–9 then A–Z: the holder's n-th registration in that state), 'Z', and a matching check character. GSTINs of other
 * kinds (tax deductors, non-resident online service providers, UN bodies) do not have this shape and are refused.
 */
export function isValidGstin(gstin: string): boolean {
  const m = GSTIN_RE.exec(gstin)
  return m !== null && REGION_OF_CODE.has(m[1]) && gstinCheckChar(gstin.slice(0, 14)) === gstin[14]
}

/** The state a valid GSTIN is registered in ('27…' → 'Maharashtra'); undefined for an invalid GSTIN. */
export function gstinRegion(gstin: string): Region | undefined {
  return isValidGstin(gstin) ? regionOfGstCode(gstin.slice(0, 2)) : undefined
}

/** The PAN inside a valid GSTIN; undefined for an invalid GSTIN. */
export function gstinPan(gstin: string): string | undefined {
  return isValidGstin(gstin) ? gstin.slice(2, 12) : undefined
}

/** Whether a valid GSTIN is registered in the given state (by name) — a GSTIN belongs to one state. */
export function gstinMatchesState(gstin: string, state: string): boolean {
  const code = gstStateCode(state)
  return code !== undefined && isValidGstin(gstin) && gstin.startsWith(code)
}

/** A bank branch code (IFSC): 4 letters (the bank), '0' (reserved), 6 letters or digits (the branch). */
export function isValidIfsc(ifsc: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc)
}

/**
 * A UPI id (virtual payment address) `name@handle`: the name 2–256 letters, digits, '.', '-' or '_' (starting with a
 * letter or digit), the handle (the app's bank, e.g. okicici, ybl) 2–64 letters or digits starting with a letter.
 * UPI ids are not case-sensitive.
 */
export function isValidUpiId(upiId: string): boolean {
  return /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/i.test(upiId)
}
