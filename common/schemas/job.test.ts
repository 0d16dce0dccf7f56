import { describe, expect, it } from 'vitest'
import { CATEGORIES } from '../categories'
import { LOCATIONS, STATES, UNION_TERRITORIES } from '../locations'
import { JobBody, JobListQuery, jobMoney, REQUIRED_FIELDS_MESSAGE } from './job'

const base = { title: 'Logo', description: 'A logo for a tea brand', paymentType: 'one-time', amount: '5000' }
const issues = (body: unknown) => {
  const r = JobBody.safeParse(body)
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
}

describe('JobBody (product.md §6 validation, shared by the web form and the server)', () => {
  it.each([
    ['a blank title', { ...base, title: '   ' }],
    ['a blank description', { ...base, description: '' }],
    ['no payment type', { ...base, paymentType: '' }],
    ['nothing at all', {}],
  ])('answers the required-fields message first for %s', (_, body) => {
    expect(issues(body)[0]).toEqual({ path: '', message: REQUIRED_FIELDS_MESSAGE })
  })
  it('keeps the required-fields message first even with other bad fields', () => {
    expect(issues({ title: '', amount: 'abc' }).map((i) => i.message)).toEqual([
      REQUIRED_FIELDS_MESSAGE,
      'Amount must contain only digits with an optional decimal point',
    ])
  })
  it.each([
    ['amount', '12a', 'Amount must contain only digits with an optional decimal point'],
    ['amount', '-5', 'Amount must contain only digits with an optional decimal point'],
    ['amount', '1e5', 'Amount must contain only digits with an optional decimal point'],
    ['amount', '10.005', 'Amount can have at most 2 decimal places'],
    ['amount', '100000001', 'Amount must be at most ₹1,00,00,000'],
    ['rate', 'ten', 'Rate must contain only digits with an optional decimal point'],
    ['units', '2.5', 'Units must be a whole number'],
    ['duration', '3 weeks', 'Duration must contain only digits with an optional decimal point'],
  ])('refuses %s = %j', (field, value, message) => {
    expect(issues({ ...base, [field]: value })).toContainEqual({ path: field, message })
  })
  it('accepts digits with an optional decimal point, as strings or numbers, and blanks', () => {
    for (const amount of ['500', '499.5', '.5', '12.', 499.99, 7])
      expect(JobBody.safeParse({ ...base, amount }).success).toBe(true)
    expect(JobBody.parse({ ...base, rate: '', units: null, duration: '' })).toMatchObject({ amount: 5000 })
  })
  it('asks for what each payment model needs', () => {
    expect(issues({ ...base, amount: '' })).toContainEqual({
      path: 'amount',
      message: 'Enter an amount above ₹0 for a one-time job',
    })
    expect(issues({ ...base, paymentType: 'per-unit', rate: '100' })).toContainEqual({
      path: 'units',
      message: 'Enter the number of units (a whole number, at least 1)',
    })
    expect(issues({ ...base, paymentType: 'recurring', rate: '100' })).toContainEqual({
      path: 'frequency',
      message: 'Choose weekly or monthly for a recurring job',
    })
    expect(issues({ ...base, paymentType: 'hourly' })[0].message).toBe(
      'Payment type must be one-time, per-unit or recurring',
    )
  })
  it('takes skills as a list or comma-separated text, trimmed, deduplicated, in the Skills page spelling', () => {
    expect(JobBody.parse({ ...base, skills: 'react, , Figma,REACT , Rust ' }).skills).toEqual([
      'React',
      'Figma',
      'Rust',
    ])
    expect(JobBody.parse({ ...base, skills: [' node.js', 'Node.js'] }).skills).toEqual(['Node.js'])
  })
  it('defaults location to Remote and accepts exactly the 28 states, 8 union territories and Remote', () => {
    expect(STATES).toHaveLength(28)
    expect(UNION_TERRITORIES).toHaveLength(8)
    expect(LOCATIONS).toHaveLength(37)
    expect(JobBody.parse(base)).toMatchObject({
      locationPreference: 'Remote',
      remote: true,
      category: 'Jobs',
    })
    expect(JobBody.parse({ ...base, locationPreference: 'Kerala' })).toMatchObject({ remote: false })
    expect(issues({ ...base, locationPreference: 'Bangalore' })[0].message).toBe(
      'Choose one of the 28 states, the 8 union territories, or Remote',
    )
  })
  it('knows the ten categories', () => {
    expect(CATEGORIES).toHaveLength(10)
    expect(issues({ ...base, category: 'Gigs' })[0].path).toBe('category')
  })
  it('reads a date-only deadline as the end of that day in India', () => {
    expect(JobBody.parse({ ...base, deadline: '2031-03-31' }).deadline?.toISOString()).toBe(
      '2031-03-31T18:29:59.999Z',
    )
    expect(issues({ ...base, deadline: 'next week' })[0].message).toBe(
      'Enter the deadline as a date (YYYY-MM-DD)',
    )
  })
})

describe('jobMoney: the server computes totals (product.md §6)', () => {
  it('one-time = amount', () => {
    expect(jobMoney({ paymentType: 'one-time', amount: 15000.5 })).toEqual({
      amountPaise: 1500050,
      ratePaise: null,
      units: null,
      cycles: null,
      totalPaise: 1500050,
    })
  })
  it('per-unit = rate × units', () => {
    expect(jobMoney({ paymentType: 'per-unit', rate: 19.99, units: 3 }).totalPaise).toBe(5997)
  })
  it('recurring = rate × cycles, cycles defaulting to 1', () => {
    expect(jobMoney({ paymentType: 'recurring', rate: 0.1 + 0.2 }).totalPaise).toBe(30)
    expect(jobMoney({ paymentType: 'recurring', rate: 12000, cycles: 6 })).toMatchObject({
      cycles: 6,
      totalPaise: 7_200_000,
    })
  })
})

describe('JobListQuery', () => {
  it('treats "All categories" and blanks as no filter, and parses flags', () => {
    expect(
      JobListQuery.parse({ category: 'All categories', free: 'true', discounted: '0', sort: '' }),
    ).toMatchObject({ category: undefined, free: true, discounted: false, sort: 'relevant', limit: 20 })
  })
  it('refuses an unknown sort and a limit over 50', () => {
    expect(JobListQuery.safeParse({ sort: 'cheapest' }).success).toBe(false)
    expect(JobListQuery.safeParse({ limit: '51' }).success).toBe(false)
  })
})
