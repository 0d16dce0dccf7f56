import { describe, expect, it } from 'vitest'
import { isAdminJobsActive, isChatActive, isHomeActive, paths, safeReturnPath } from './paths'

describe('active-item rules (product.md §3 Navigation chrome)', () => {
  it('highlights Chat whenever the path contains /chat', () => {
    expect(isChatActive('/chat')).toBe(true)
    expect(isChatActive('/chat/u123')).toBe(true)
    expect(isChatActive('/jobs')).toBe(false)
  })

  it('highlights Admin Jobs only when the path starts with /admin/jobs/manage', () => {
    expect(isAdminJobsActive('/admin/jobs/manage')).toBe(true)
    expect(isAdminJobsActive('/admin/jobs/create')).toBe(false)
    expect(isAdminJobsActive('/x/admin/jobs/manage')).toBe(false)
  })

  it('highlights Home on the job browser routes', () => {
    expect(isHomeActive('/')).toBe(true)
    expect(isHomeActive('/jobs')).toBe(true)
    expect(isHomeActive('/m/abc')).toBe(false)
  })
})

describe('paths', () => {
  it('encodes the search query (product.md §3 /search?q={encoded query})', () => {
    expect(paths.search.href('ui design & more')).toBe('/search?q=ui%20design%20%26%20more')
    expect(paths.search.href()).toBe('/search')
  })

  it('builds profile and admin links', () => {
    expect(paths.profile.href('ab12')).toBe('/m/ab12')
    expect(paths.adminApplicants.href('j1')).toBe('/admin/jobs/j1/applicants')
  })
})

describe('safeReturnPath', () => {
  it('keeps same-site paths', () => {
    expect(safeReturnPath('/admin/jobs/manage?x=1#y')).toBe('/admin/jobs/manage?x=1#y')
  })

  it('refuses anything that could leave the site', () => {
    expect(safeReturnPath('https://evil.example')).toBeNull()
    expect(safeReturnPath('//evil.example')).toBeNull()
    expect(safeReturnPath('/\\evil.example')).toBeNull()
    expect(safeReturnPath(undefined)).toBeNull()
    expect(safeReturnPath(42)).toBeNull()
  })
})
