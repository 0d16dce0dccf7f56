import { describe, expect, it } from 'vitest'
import { COVER_LETTER_MAX as COMMON_COVER_LETTER_MAX } from '@common/schemas/application'
import { JOB_SORTS as COMMON_SORTS } from '@common/schemas/job'
import { COVER_LETTER_MAX } from './limits'
import {
  apiParams,
  filtersFromParams,
  firstPagePath,
  hasActiveFilters,
  JOB_SORTS,
  paramsWithFilters,
} from './filters'

describe('job browser filters in the URL', () => {
  it('round-trips through search params, leaving defaults out', () => {
    const f = filtersFromParams(new URLSearchParams('category=Workshops&free=1&sort=closest&state=Kerala'))
    expect(f).toMatchObject({
      category: 'Workshops',
      free: true,
      discounted: false,
      sort: 'closest',
      state: 'Kerala',
    })
    expect(paramsWithFilters(new URLSearchParams('job=abc'), f).toString()).toBe(
      'job=abc&category=Workshops&free=1&sort=closest&state=Kerala',
    )
    expect(
      paramsWithFilters(new URLSearchParams(), filtersFromParams(new URLSearchParams())).toString(),
    ).toBe('')
  })

  it("names the first page's API path as the server does for `/` (its default filters only)", () => {
    expect(firstPagePath(filtersFromParams(new URLSearchParams()))).toBe('/job/get?sort=relevant')
    expect(firstPagePath(filtersFromParams(new URLSearchParams('sort=newest&free=1')))).toBe(
      '/job/get?sort=newest&free=true',
    )
  })

  it('ignores values that are not offered (a hand-edited link never breaks the page)', () => {
    const f = filtersFromParams(new URLSearchParams('category=Nope&sort=cheapest&state=Atlantis&free=yes'))
    expect(f).toMatchObject({ category: undefined, sort: 'relevant', state: undefined, free: false })
    expect(hasActiveFilters(f)).toBe(false)
  })

  it('sends the state only with Closest, and the text as keyword', () => {
    expect(apiParams({ free: true, discounted: false, sort: 'newest', state: 'Goa', q: 'react' })).toEqual({
      sort: 'newest',
      free: 'true',
      keyword: 'react',
    })
  })
})

it('mirrors the limits of common/ it does not import (to keep zod out of the chunk)', () => {
  expect(JOB_SORTS).toEqual(COMMON_SORTS)
  expect(COVER_LETTER_MAX).toBe(COMMON_COVER_LETTER_MAX)
})
