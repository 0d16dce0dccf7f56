import { beforeAll, describe, expect, it } from 'vitest'
import { REQUIRED_FIELDS_MESSAGE } from '@common/schemas/job'
import {
  EMPTY_JOB_FORM,
  liveTotal,
  parseSkillList,
  templateToFormValues,
  toJobPayload,
  validateJobForm,
  type JobFormValues,
} from './job-form-values'
import { truncate } from './format'
import { languageReady, loadAreas } from '@/i18n'
import { jobTemplates } from './templates'

beforeAll(() => languageReady('en-IN').then(() => loadAreas(['posting'])))

const form = (v: Partial<JobFormValues>): JobFormValues => ({ ...EMPTY_JOB_FORM, ...v })

describe('liveTotal (product.md §6 totals)', () => {
  it('is the amount for one-time, rate × units per unit, rate × cycles (default 1) recurring', () => {
    expect(liveTotal(form({ paymentType: '' }))).toBeNull()
    expect(liveTotal(form({ paymentType: 'one-time', amount: '4500.5' }))).toBe(4500.5)
    expect(liveTotal(form({ paymentType: 'per-unit', rate: '350', units: '40' }))).toBe(14000)
    expect(liveTotal(form({ paymentType: 'per-unit', rate: '350', units: '' }))).toBe(0)
    expect(liveTotal(form({ paymentType: 'recurring', rate: '3000', cycles: '' }))).toBe(3000)
    expect(liveTotal(form({ paymentType: 'recurring', rate: '0.1', cycles: '3' }))).toBe(0.3)
  })
})

describe('parseSkillList (product.md §6 skills)', () => {
  it('splits on commas, trims, drops empties and duplicates', () => {
    expect(parseSkillList(' figma , ,UI Design, Figma,').skills).toEqual(['Figma', 'UI Design'])
  })
})

describe('validateJobForm', () => {
  it('refuses a past deadline, unless it is the edited job’s own deadline left unchanged', () => {
    const job = form({ title: 'Logo', description: 'A logo', paymentType: 'one-time', amount: '500' })
    const past = '2020-01-15'
    expect(validateJobForm({ ...job, deadline: past })).toEqual({
      deadline: 'The deadline must be today or later',
    })
    expect(validateJobForm({ ...job, deadline: past }, past)).toEqual({})
    // Moving it to another past day is still refused.
    expect(validateJobForm({ ...job, deadline: '2020-01-16' }, past)).toEqual({
      deadline: 'The deadline must be today or later',
    })
  })
  it("says 'Please fill all required fields' without a title, description or payment type", () => {
    expect(validateJobForm(form({ paymentType: 'one-time' }))).toMatchObject({
      form: REQUIRED_FIELDS_MESSAGE,
      title: 'Title is required',
    })
    expect(validateJobForm(form({ title: 'T', description: 'D' })).form).toBe(REQUIRED_FIELDS_MESSAGE)
  })

  it('marks the chosen payment type’s missing amount together with the missing title, not one after the other', () => {
    const errors = validateJobForm(form({ paymentType: 'one-time' }))
    expect(errors).toMatchObject({
      form: REQUIRED_FIELDS_MESSAGE,
      title: 'Title is required',
      description: 'Description is required',
    })
    expect(errors.amount).toMatch(/amount/i)
  })

  it("uses the server's schema for the rest", () => {
    const base = form({ title: 'T', description: 'D', paymentType: 'per-unit', rate: '100' })
    expect(validateJobForm(base).units).toMatch(/units/i)
    expect(validateJobForm({ ...base, units: '3' })).toEqual({})
  })
})

describe('toJobPayload', () => {
  it('sends only the money fields of the chosen model, numbers as numbers, and the status', () => {
    const body = toJobPayload(
      form({
        title: ' T ',
        description: 'D',
        paymentType: 'recurring',
        amount: '999',
        rate: '25000',
        units: '4',
        frequency: 'weekly',
        skills: 'SEO, , figma',
      }),
      'draft',
    )
    expect(body).toMatchObject({
      title: 'T',
      paymentType: 'recurring',
      amount: null,
      rate: 25000,
      units: null,
      cycles: 1,
      frequency: 'weekly',
      skills: ['SEO', 'Figma'],
      locationPreference: 'Remote',
      total: 25000,
      status: 'draft',
    })
  })
})

describe('templates', () => {
  it('each built-in template prefills a form that passes validation', () => {
    expect(jobTemplates()).toHaveLength(3)
    for (const t of jobTemplates()) {
      const values = form(templateToFormValues(t) ?? {})
      expect(values.paymentType).toBe(t.paymentType)
      expect(validateJobForm(values)).toEqual({})
    }
  })

  it('ignores navigation state that is not a template', () => {
    expect(templateToFormValues(null)).toBeNull()
    expect(templateToFormValues('x')).toBeNull()
    expect(templateToFormValues({ paymentType: 'hourly', evil: 1 })).toBeNull()
  })
})

describe('truncate (product.md §13: 20 / 40 characters)', () => {
  it('cuts long titles and leaves short ones', () => {
    expect(truncate('Landing page for an organic tea brand', 20)).toBe('Landing page for an…')
    expect(truncate('Short title', 20)).toBe('Short title')
  })
})
