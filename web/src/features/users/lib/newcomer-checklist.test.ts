import { describe, expect, it } from 'vitest'
import { checklistItems, checklistProgress } from './newcomer-checklist'

const profile = { bio: '', skills: [] as string[], resume: null, profilePhoto: null }

describe('checklistItems', () => {
  it('gives a new freelancer photo, bio, skills, resume and payout details, none done', () => {
    const items = checklistItems({ role: 'freelancer', profile }, {})
    expect(items.map((i) => i.id)).toEqual(['photo', 'bio', 'skills', 'resume', 'payout'])
    expect(items.every((i) => !i.done)).toBe(true)
  })

  it('gives a client (and an operator) photo, bio, company and first job', () => {
    expect(checklistItems({ role: 'client', profile }, {}).map((i) => i.id)).toEqual([
      'photo',
      'bio',
      'company',
      'firstJob',
    ])
    expect(checklistItems({ role: 'admin', profile }, {}).map((i) => i.id)).toEqual([
      'photo',
      'bio',
      'company',
      'firstJob',
    ])
  })

  it('marks each item done from the profile and the facts', () => {
    const full = { bio: 'Reels editor', skills: ['Figma'], resume: '/r.pdf', profilePhoto: '/p.png' }
    expect(
      checklistItems({ role: 'freelancer', profile: full }, { payoutDetails: true }).every((i) => i.done),
    ).toBe(true)
    expect(
      checklistItems({ role: 'client', profile: full }, { companies: 1, postedJobs: 2 }).every((i) => i.done),
    ).toBe(true)
    const byId = Object.fromEntries(
      checklistItems({ role: 'client', profile: full }, { companies: 0, postedJobs: 0 }).map((i) => [
        i.id,
        i.done,
      ]),
    )
    expect(byId).toEqual({ photo: true, bio: true, company: false, firstJob: false })
  })

  it('does not count a bio of spaces', () => {
    const [, bio] = checklistItems({ role: 'freelancer', profile: { ...profile, bio: '   ' } }, {})
    expect(bio).toMatchObject({ id: 'bio', done: false })
  })
})

describe('checklistProgress', () => {
  it('counts what is done and says when everything is', () => {
    const items = checklistItems({ role: 'freelancer', profile: { ...profile, bio: 'Hi' } }, {})
    expect(checklistProgress(items)).toEqual({
      done: 1,
      total: 5,
      percent: 20,
      complete: false,
    })
    const all = items.map((i) => ({ ...i, done: true }))
    expect(checklistProgress(all)).toMatchObject({ done: 5, percent: 100, complete: true })
  })
})
