import { z } from 'zod'
import { STATES, UNION_TERRITORIES, type Region } from '../locations'
import {
  gstinMatchesState,
  gstinPan,
  isValidGstin,
  isValidIfsc,
  isValidPan,
  isValidUpiId,
  panEntityOf,
} from '../tax-ids'

/** The states and union territories a payout account can be registered in, in the app's order. */
export const PAYOUT_REGIONS: readonly Region[] = [...STATES, ...UNION_TERRITORIES]

/** A linked account's states, as Razorpay Route reports them (ADR 049). */
export const PAYOUT_ACCOUNT_STATUSES = [
  'created',
  'under_review',
  'needs_clarification',
  'activated',
  'suspended',
] as const
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number]

const text = (max: number) => z.string().max(max, `At most ${max} characters`).optional()

/** The body of PUT /api/v1/payouts/account as sent; `checkPayoutDetails` does the real checks field by field. */
export const PayoutAccountBody = z.object({
  legalName: z.string().max(120, 'The legal name is at most 120 characters'),
  pan: z.string().max(20, 'A PAN is 10 characters'),
  state: z.string().max(60, 'Choose a state'),
  gstin: text(30),
  bankAccount: text(30),
  ifsc: text(20),
  upiId: text(300),
})
export type PayoutAccountInput = z.infer<typeof PayoutAccountBody>

/** The details in canonical form: trimmed, PAN/GSTIN/IFSC upper case, UPI id lower case, blanks dropped. */
export interface PayoutDetails {
  legalName: string
  pan: string
  state: Region
  gstin: string | null
  bankAccount: string | null
  ifsc: string | null
  upiId: string | null
}

const blank = (s: string | undefined) => (s ?? '').trim()

/**
 * Checks payout details field by field, as the server answers them (the form shows the same words inline):
 * either the canonical details, or a message per field. A PAN is checked with the holder type its 4th letter
 * declares; a GSTIN with its check character, and its PAN and state code against the PAN and state given.
 * Payouts go to a bank account (number and IFSC) or to a UPI id — one of the two.
 */
export function checkPayoutDetails(
  input: PayoutAccountInput,
): { ok: true; details: PayoutDetails } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const legalName = blank(input.legalName).replace(/\s+/g, ' ')
  const pan = blank(input.pan).toUpperCase()
  const state = blank(input.state)
  const gstin = blank(input.gstin).toUpperCase()
  const bankAccount = blank(input.bankAccount).replace(/[\s-]/g, '')
  const ifsc = blank(input.ifsc).toUpperCase()
  const upiId = blank(input.upiId).toLowerCase()

  if (legalName.length < 2) errors.legalName = 'Enter your name as it appears on your PAN card'
  else if (!/^[\p{L}\p{M} .'&()-]+$/u.test(legalName))
    errors.legalName = "Use letters, spaces and . ' & ( ) - only, as on your PAN card"

  if (!pan) errors.pan = 'Enter your PAN'
  else if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(pan))
    errors.pan = 'A PAN is 10 characters: 5 letters, 4 digits, 1 letter (e.g. ABCPE1234F)'
  else if (!isValidPan(pan))
    errors.pan =
      "This PAN's 4th letter is not a holder type (P for a person, C company, F firm, H HUF, T trust…)"

  const region = PAYOUT_REGIONS.find((r) => r === state)
  if (!region) errors.state = 'Choose your state or union territory'

  if (gstin) {
    if (!/^[0-9A-Z]{15}$/.test(gstin))
      errors.gstin = 'A GSTIN is 15 letters and digits (e.g. 27ABCPE1234F1Z5)'
    else if (!isValidGstin(gstin))
      errors.gstin = 'This GSTIN is not valid: check it again (its last character does not match)'
    else if (!errors.pan && gstinPan(gstin) !== pan) errors.gstin = 'This GSTIN belongs to a different PAN'
    else if (region && !gstinMatchesState(gstin, region))
      errors.gstin = `This GSTIN is registered in another state, not ${region}`
  }

  const wantsBank = !!(bankAccount || ifsc)
  if (!wantsBank && !upiId) errors.bankAccount = 'Add a bank account and IFSC, or a UPI id'
  if (wantsBank && upiId) errors.upiId = 'Give a bank account or a UPI id, not both'
  if (wantsBank) {
    if (!bankAccount) errors.bankAccount = 'Enter the account number'
    else if (!/^\d{9,18}$/.test(bankAccount)) errors.bankAccount = 'An account number is 9 to 18 digits'
    if (!ifsc) errors.ifsc = 'Enter the IFSC of your branch'
    else if (!isValidIfsc(ifsc))
      errors.ifsc = 'An IFSC is 11 characters: 4 letters, 0, then 6 letters or digits (e.g. HDFC0001234)'
  } else if (upiId && !isValidUpiId(upiId))
    errors.upiId = 'A UPI id looks like name@bank (e.g. asha.rao@okicici)'

  if (Object.keys(errors).length > 0 || !region) return { ok: false, errors }
  return {
    ok: true,
    details: {
      legalName,
      pan,
      state: region,
      gstin: gstin || null,
      bankAccount: wantsBank ? bankAccount : null,
      ifsc: wantsBank ? ifsc : null,
      upiId: wantsBank ? null : upiId,
    },
  }
}

/** Who holds the PAN ('individual', 'company'…), for the provider's business type. */
export const payoutEntity = (pan: string) => panEntityOf(pan)

/** Only the last four characters, after six X's: `XXXXXX1234`. A UPI id keeps its handle: `XXXXXXrao1@okicici`. */
export function maskTail(value: string): string {
  const at = value.lastIndexOf('@')
  if (at > 0) {
    const name = value.slice(0, at)
    return `XXXXXX${name.slice(-Math.min(4, Math.floor(name.length / 2)))}${value.slice(at)}`
  }
  return `XXXXXX${value.slice(-4)}`
}

/** A GSTIN carries its holder's PAN (characters 3–12): that part is masked like a PAN, `27XXXXXX234F1Z5`. */
export function maskGstin(gstin: string): string {
  return `${gstin.slice(0, 2)}${maskTail(gstin.slice(2, 12))}${gstin.slice(12)}`
}

export interface PayoutAccountView {
  status: PayoutAccountStatus
  legalName: string
  pan: string
  state: string
  gstin: string | null
  bankAccount: string | null
  ifsc: string | null
  upiId: string | null
  requirements?: string[]
  updatedAt: string
}
