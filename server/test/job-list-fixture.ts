import { expect } from 'vitest'
import { injectAs, signUp, type Session, type TestCtx } from './helpers'
import { postJob } from './jobs'

/**
 * The job browser's fixture: Asha and Vikram post ten jobs of every kind (one closed, one a draft), and Ravi, a
 * freelancer with the Figma skill, browses. `ids` names each job by its key.
 */
export async function jobListFixture(ctx: TestCtx) {
  const asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
  const vikram = await signUp(ctx, { email: 'vikram@example.in', fullname: 'Vikram Reddy', role: 'client' })
  const ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
  await injectAs(ctx.app, ravi, {
    method: 'POST',
    url: '/api/v1/user/update-skills',
    payload: { skills: ['Figma'] },
  })
  const ids: Record<string, string> = {}
  const jobs: [string, Session, Record<string, unknown>][] = [
    ['kochiDesign', asha, { title: 'Cafe menu design', locationPreference: 'Kerala', skills: 'Figma', amount: '4000' }],
    ['kochiPhoto', vikram, { title: 'Food photos', locationPreference: 'Kerala', skills: 'Photography', amount: '9000' }],
    ['remoteWriter', vikram, { title: 'Blog writer', skills: 'SEO', paymentType: 'per-unit', rate: '500', units: '10' }],
    ['punePoster', asha, { title: 'Poster design', locationPreference: 'Maharashtra', skills: 'Figma', amount: '2500' }],
    ['intern', vikram, { title: 'Marketing intern', category: 'Internships', paymentType: 'recurring', rate: '8000', frequency: 'monthly', cycles: '3' }],
    ['freeCourse', asha, { title: 'Free Figma course', category: 'Courses', isFree: true, amount: '0', skills: 'Figma' }],
    ['dealCourse', asha, { title: 'Discounted Excel course', category: 'Courses', isDiscounted: true, amount: '999' }],
    ['closed', vikram, { title: 'Closed logo job', amount: '7000', skills: 'Figma' }],
    ['draft', asha, { title: 'Secret draft', status: 'draft', amount: '100' }],
    ['bigBudget', vikram, { title: 'App build', amount: '250000', locationPreference: 'Delhi' }],
  ] // prettier-ignore
  for (const [key, who, fields] of jobs) ids[key] = (await postJob(ctx.app, who, fields))._id
  await injectAs(ctx.app, vikram, {
    method: 'POST',
    url: `/api/v1/job/${ids.closed}/status`,
    payload: { status: 'closed' },
  })
  return { asha, vikram, ravi, ids }
}

/** GET /api/v1/job/get as `s`, expecting a 200; answers `data`. */
export async function listJobs(ctx: TestCtx, query: string, s: Session | null) {
  const res = await injectAs(ctx.app, s, { method: 'GET', url: `/api/v1/job/get?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as { jobs: any[]; nextCursor: string | null; correctedQuery: string | null }
}
