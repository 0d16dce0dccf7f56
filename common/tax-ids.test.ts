import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { STATES, UNION_TERRITORIES } from './locations'
import {
  GST_STATE_CODES,
  gstinCheckChar,
  gstinMatchesState,
  gstinPan,
  gstinRegion,
  gstStateCode,
  isValidGstin,
  isValidIfsc,
  isValidPan,
  isValidUpiId,
  panEntityOf,
  regionOfGstCode,
} from './tax-ids'

// An independent check character, written the way the GST Network's description reads: walk the 14 characters
// from the right, doubling every other one starting with the rightmost, add the base-36 digits of each product.
function referenceCheckChar(first14: string): string {
  let sum = 0
  let double = true
  for (const c of [...first14].reverse()) {
    const product = parseInt(c, 36) * (double ? 2 : 1)
    sum += Math.floor(product / 36) + (product % 36)
    double = !double
  }
  return ((36 - (sum % 36)) % 36).toString(36).toUpperCase()
}

// Sample GSTINs published in public documentation: python-stdnum's doctests (27AAPFU0939F1ZV) and the GST e-invoice
// sandbox's test taxpayers (29AAGCB7383J1Z4, 07AAGFF2194N1Z1). The reference implementation agrees on each.
const PUBLIC_SAMPLES = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '07AAGFF2194N1Z1']

describe('GST state codes', () => {
  it('has a distinct two-digit code for every state and union territory we list', () => {
    const regions = [...STATES, ...UNION_TERRITORIES]
    const codes = regions.map((r) => gstStateCode(r))
    for (const code of codes) expect(code).toMatch(/^\d{2}$/)
    expect(new Set(codes).size).toBe(regions.length)
    expect(Object.keys(GST_STATE_CODES).sort()).toEqual([...regions].sort())
  })

  it('maps the codes the GST portal lists', () => {
    expect(gstStateCode('Maharashtra')).toBe('27')
    expect(gstStateCode('Karnataka')).toBe('29')
    expect(gstStateCode('Delhi')).toBe('07')
    expect(gstStateCode('Andhra Pradesh')).toBe('37')
    expect(gstStateCode('Telangana')).toBe('36')
    expect(gstStateCode('Ladakh')).toBe('38')
    expect(gstStateCode('Dadra and Nagar Haveli and Daman and Diu')).toBe('26')
    expect(regionOfGstCode('33')).toBe('Tamil Nadu')
  })

  it('knows nothing of names that are not states, nor of retired codes', () => {
    expect(gstStateCode('Remote')).toBeUndefined()
    expect(gstStateCode('toString')).toBeUndefined()
    expect(regionOfGstCode('25')).toBeUndefined()
    expect(regionOfGstCode('28')).toBeUndefined()
  })
})

describe('PAN', () => {
  it('accepts AAAAA9999A with a holder type in the 4th place and reads the type', () => {
    expect(isValidPan('ABCPE1234F')).toBe(true)
    expect(panEntityOf('ABCPE1234F')).toBe('individual')
    expect(panEntityOf('AAAHK0001Z')).toBe('huf')
    expect(panEntityOf('AAACR5055K')).toBe('company')
    expect(panEntityOf('AAAFS9999Q')).toBe('firm')
    expect(panEntityOf('AAATT1234A')).toBe('trust')
  })

  it('refuses other shapes, unknown holder types, serial 0000 and lower case', () => {
    for (const pan of [
      'ABCXE1234F',
      'ABCPE0000F',
      'ABCPE1234',
      'ABCPE12345',
      'abcpe1234f',
      'ABCP51234F',
      ' ABCPE1234F',
    ])
      expect(isValidPan(pan), pan).toBe(false)
    expect(panEntityOf('ABCXE1234F')).toBeUndefined()
  })
})

describe('GSTIN', () => {
  it('accepts the public samples, and the reference check character agrees with them', () => {
    for (const g of PUBLIC_SAMPLES) {
      expect(isValidGstin(g), g).toBe(true)
      expect(referenceCheckChar(g.slice(0, 14))).toBe(g[14])
      expect(gstinCheckChar(g.slice(0, 14))).toBe(g[14])
    }
    expect(gstinRegion('27AAPFU0939F1ZV')).toBe('Maharashtra')
    expect(gstinPan('29AAGCB7383J1Z4')).toBe('AAGCB7383J')
  })

  it('accepts GSTINs built here with the reference check character, and checks the state', () => {
    const first14 = '27ABCPE1234F1Z'
    const gstin = first14 + referenceCheckChar(first14)
    expect(isValidGstin(gstin)).toBe(true)
    expect(gstinMatchesState(gstin, 'Maharashtra')).toBe(true)
    expect(gstinMatchesState(gstin, 'Karnataka')).toBe(false)
    expect(gstinMatchesState(gstin, 'Remote')).toBe(false)
    expect(panEntityOf(gstinPan(gstin)!)).toBe('individual')
  })

  it('refuses a wrong check character, a wrong shape and a state code we do not serve', () => {
    expect(isValidGstin('27AAPFU0939F1ZO')).toBe(false) // python-stdnum's invalid-checksum example
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false)
    expect(isValidGstin('27aapfu0939f1zv')).toBe(false)
    expect(isValidGstin('27AAPFU0939F0ZV')).toBe(false) // entity number 0
    expect(isValidGstin('27AAPFU0939F1YV')).toBe(false) // 14th character not Z
    const retired = '25AAPFU0939F1Z'
    expect(isValidGstin(retired + referenceCheckChar(retired))).toBe(false)
    expect(() => gstinCheckChar('27AAPFU0939F1')).toThrow(RangeError)
  })

  it('matches the reference on every GSTIN-shaped string, and catches every single-character change', () => {
    const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ')
    const digit = fc.constantFrom(...'0123456789')
    const gstin = fc
      .tuple(
        fc.constantFrom(...Object.values(GST_STATE_CODES)),
        fc.array(letter, { minLength: 3, maxLength: 3 }),
        fc.constantFrom(...'ABCFGHJLPT'),
        letter,
        fc.integer({ min: 1, max: 9999 }),
        letter,
        fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
      )
      .map(([state, l3, type, initial, serial, last, entity]) => {
        const first14 = `${state}${l3.join('')}${type}${initial}${String(serial).padStart(4, '0')}${last}${entity}Z`
        return first14 + referenceCheckChar(first14)
      })
    fc.assert(
      fc.property(gstin, fc.integer({ min: 0, max: 14 }), fc.oneof(letter, digit), (g, at, c) => {
        expect(isValidGstin(g)).toBe(true)
        const changed = g.slice(0, at) + c + g.slice(at + 1)
        if (changed !== g) expect(isValidGstin(changed)).toBe(false)
      }),
      { numRuns: 3000 },
    )
  })
})

describe('IFSC and UPI id', () => {
  it('IFSC: four letters, 0, six letters or digits', () => {
    for (const ifsc of ['SBIN0001234', 'HDFC0ABC123', 'ICIC0000001'])
      expect(isValidIfsc(ifsc), ifsc).toBe(true)
    for (const ifsc of ['SBIN1001234', 'SBI00001234', 'SBIN000123', 'sbin0001234', 'SBIN0001234X'])
      expect(isValidIfsc(ifsc), ifsc).toBe(false)
  })

  it('UPI id: name@handle', () => {
    for (const id of ['ravi.kumar@okicici', '9876543210@ybl', 'asha_k-99@paytm', 'Ravi@UPI'])
      expect(isValidUpiId(id), id).toBe(true)
    for (const id of [
      'ravi',
      '@ybl',
      'ravi@',
      'r@ybl',
      'ravi kumar@ybl',
      'ravi@ok icici',
      'ravi@@ybl',
      '.ravi@ybl',
    ])
      expect(isValidUpiId(id), id).toBe(false)
  })
})
