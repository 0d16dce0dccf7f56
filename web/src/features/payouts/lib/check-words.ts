import type { MessageKey, Translate } from '@/i18n'

/**
 * The payout form's checks (`checkPayoutDetails` in @common/schemas/payout, which the server runs too) answer in
 * English sentences. The form shows each in the reader's language: a known sentence by its key, one naming a state
 * with the state filled in, anything else (a newer sentence from the server) as it came.
 */
const KNOWN: Record<string, MessageKey> = {
  'Enter your name as it appears on your PAN card': 'money.payoutCheck.legalName',
  "Use letters, spaces and . ' & ( ) - only, as on your PAN card": 'money.payoutCheck.legalNameLetters',
  'Enter your PAN': 'money.payoutCheck.pan',
  'A PAN is 10 characters: 5 letters, 4 digits, 1 letter (e.g. ABCPE1234F)': 'money.payoutCheck.panShape',
  "This PAN's 4th letter is not a holder type (P for a person, C company, F firm, H HUF, T trust…)":
    'money.payoutCheck.panHolder',
  'Choose your state or union territory': 'money.payoutCheck.state',
  'A GSTIN is 15 letters and digits (e.g. 27ABCPE1234F1Z5)': 'money.payoutCheck.gstinShape',
  'This GSTIN is not valid: check it again (its last character does not match)':
    'money.payoutCheck.gstinCheck',
  'This GSTIN belongs to a different PAN': 'money.payoutCheck.gstinPan',
  'Add a bank account and IFSC, or a UPI id': 'money.payoutCheck.method',
  'Give a bank account or a UPI id, not both': 'money.payoutCheck.notBoth',
  'Enter the account number': 'money.payoutCheck.account',
  'An account number is 9 to 18 digits': 'money.payoutCheck.accountShape',
  'Enter the IFSC of your branch': 'money.payoutCheck.ifsc',
  'An IFSC is 11 characters: 4 letters, 0, then 6 letters or digits (e.g. HDFC0001234)':
    'money.payoutCheck.ifscShape',
  'A UPI id looks like name@bank (e.g. asha.rao@okicici)': 'money.payoutCheck.upiShape',
}
const OTHER_STATE = /^This GSTIN is registered in another state, not (.+)$/

/** A check's sentence in the reader's language (undefined stays undefined: no error). */
export function checkText(t: Translate, message: string | undefined): string | undefined {
  if (!message) return message
  const key = KNOWN[message]
  if (key) return t(key)
  const state = OTHER_STATE.exec(message)?.[1]
  return state ? t('money.payoutCheck.gstinState', { state }) : message
}
