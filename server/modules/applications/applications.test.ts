import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { DEFAULT_COVER_LETTER } from '@common/schemas/application'
import {
  createTestApp,
  injectAs,
  multipart,
  PDF,
  signUp,
  type Session,
  type TestCtx,
} from '../../test/helpers'
import { applyTo, postJob } from '../../test/jobs'

let ctx: TestCtx
let asha: Session // client who posts
let vikram: Session // another client
let ravi: Session // freelancer with a resume
let meera: Session // freelancer
beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer', role: 'client' })
  vikram = await signUp(ctx, { email: 'vikram@example.in', fullname: 'Vikram Reddy', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
  meera = await signUp(ctx, { email: 'meera@example.in', fullname: 'Meera Shah' })
  await injectAs(ctx.app, ravi, {
    method: 'POST',
    url: '/api/v1/user/profile/update',
    ...multipart(
      { fullname: 'Ravi Kumar', phoneNumber: '+91 99000 44556' },
      { file: { name: 'cv.pdf', type: 'application/pdf', data: PDF } },
    ),
  })
})
afterAll(() => ctx?.close())

const apply = (s: Session | null, jobId: string, payload: object = {}) =>
  injectAs(ctx.app, s, { method: 'POST', url: `/api/v1/application/jobs/${jobId}/apply`, payload })
const setStatus = (s: Session | null, id: string, status: string) =>
  injectAs(ctx.app, s, {
    method: 'PATCH',
    url: `/api/v1/application/applications/${id}/status`,
    payload: { status },
  })
const applicantsOf = (s: Session | null, jobId: string) =>
  injectAs(ctx.app, s, { method: 'GET', url: `/api/v1/application/jobs/${jobId}/applicants` })
const myApplications = (s: Session) =>
  injectAs(ctx.app, s, { method: 'GET', url: '/api/v1/application/student/applications' })
const notificationsOf = async (userId: string) =>
  (
    await ctx.database.db.execute(
      sql`select type, message, metadata from notifications where user_id = ${userId}::uuid order by created_at`,
    )
  ).rows as any[]
/** A fresh job by Asha with Ravi's pending application (profile resume, default cover letter). */
async function appliedJob(title = 'Landing page in React') {
  const job = await postJob(ctx.app, asha, { title })
  const application = await applyTo(ctx.app, ravi, job._id)
  return { job, application }
}

describe('POST /api/v1/application/jobs/:id/apply', () => {
  it('401 without a session', async () => {
    const job = await postJob(ctx.app, asha)
    expect((await apply(null, job._id)).statusCode).toBe(401)
  })
  it('applies with the profile resume and the default cover letter', async () => {
    const job = await postJob(ctx.app, asha)
    const res = await apply(ravi, job._id)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Applied successfully',
      application: {
        job: job._id,
        applicant: ravi.user._id,
        status: 'pending',
        coverLetter: DEFAULT_COVER_LETTER,
      },
    })
    expect(res.json().application.resume).toMatch(/^\/uploads\/.+\.pdf$/)
  })
  it('tells the poster of a new application', async () => {
    const { job } = await appliedJob()
    expect(await notificationsOf(asha.user._id)).toContainEqual(
      expect.objectContaining({ type: 'application', metadata: expect.objectContaining({ jobId: job._id }) }),
    )
  })
  it('409 on a second application to the same job', async () => {
    const { job } = await appliedJob()
    const res = await apply(ravi, job._id, { coverLetter: 'Again' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'already_applied',
      message: 'You have already applied to this job',
    })
  })
  it('makes one application from two simultaneous clicks', async () => {
    const other = await postJob(ctx.app, asha)
    const codes = (await Promise.all([apply(meera, other._id), apply(meera, other._id)])).map(
      (r) => r.statusCode,
    )
    expect(codes.sort()).toEqual([201, 409])
  })
  it('keeps a given cover letter (trimmed) and an https resume', async () => {
    const other = await postJob(ctx.app, asha)
    const ok = await apply(meera, other._id, {
      resume: 'https://drive.example.com/meera.pdf',
      coverLetter: '  I designed menus for 3 cafes.  ',
    })
    expect(ok.json().application).toMatchObject({
      resume: 'https://drive.example.com/meera.pdf',
      coverLetter: 'I designed menus for 3 cafes.',
    })
  })
  it('400 for a script link as the resume', async () => {
    const other = await postJob(ctx.app, asha)
    const bad = await apply(ravi, other._id, { resume: 'javascript:alert(1)' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('Resume must be an uploaded file or a web address starting with https://')
  })
  it('refuses another member’s uploaded file as the resume (400), and writes nothing', async () => {
    const ravisResume = (await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/user/me' })).json().user
      .profile.resume
    expect(ravisResume).toMatch(/^\/uploads\/.+\.pdf$/)
    const other = await postJob(ctx.app, asha)
    const count = async () =>
      (
        await ctx.database.db.execute(
          sql`select (select count(*) from applications where job_id = ${other._id}::uuid)::int as apps,
                     (select count(*) from notifications where user_id = ${asha.user._id}::uuid)::int as notes`,
        )
      ).rows[0]
    const before = await count()
    const elsewhere = [
      ravisResume,
      // The same file by a full address, with an escaped letter or a trailing slash, is still Ravi's.
      `https://microlance.example${ravisResume}`,
      `http://127.0.0.1:3000${ravisResume.replace('.pdf', '.%70df')}/`,
      '/uploads/00000000-0000-0000-0000-000000000000.pdf',
    ]
    for (const resume of elsewhere) {
      const res = await apply(meera, other._id, { resume })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        success: false,
        code: 'resume_not_yours',
        message:
          'That resume is not one of your uploads. Attach the resume on your profile or a file you uploaded.',
      })
    }
    expect(await count()).toEqual(before)
  })
  it('takes your own profile resume, or an older file you uploaded, by its link', async () => {
    const form = (name: string) =>
      injectAs(ctx.app, meera, {
        method: 'POST',
        url: '/api/v1/user/profile/update',
        ...multipart({ fullname: 'Meera Shah' }, { file: { name, type: 'application/pdf', data: PDF } }),
      })
    const older = (await form('old-cv.pdf')).json().user.profile.resume
    const current = (await form('cv-2026.pdf')).json().user.profile.resume
    expect(older).not.toBe(current)
    for (const resume of [current, older]) {
      const res = await apply(meera, (await postJob(ctx.app, asha))._id, { resume })
      expect(res.statusCode).toBe(201)
      expect(res.json().application.resume).toBe(resume)
    }
  })
  it('403 for your own job', async () => {
    const job = await postJob(ctx.app, asha)
    const res = await apply(asha, job._id)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'own_job' })
  })
  it('409 for a closed job', async () => {
    const closed = await postJob(ctx.app, asha)
    await injectAs(ctx.app, asha, {
      method: 'POST',
      url: `/api/v1/job/${closed._id}/status`,
      payload: { status: 'closed' },
    })
    const res = await apply(ravi, closed._id)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'job_closed',
      message: 'This job is closed and no longer takes applications',
    })
  })
  it('409 once the deadline has passed', async () => {
    const late = await postJob(ctx.app, asha)
    await ctx.database.db.execute(
      sql`update jobs set deadline = now() - interval '1 day' where id = ${late._id}::uuid`,
    )
    const res = await apply(ravi, late._id)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'deadline_passed' })
  })
  it('404 for a draft', async () => {
    const draft = await postJob(ctx.app, asha, { status: 'draft' })
    expect((await apply(ravi, draft._id)).statusCode).toBe(404)
  })
})

describe('GET /api/v1/application/student/applications', () => {
  it('401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/application/student/applications' })
    expect(res.statusCode).toBe(401)
  })
  it('answers the caller’s applications with job title, recruiter and status', async () => {
    const kiran = await signUp(ctx, { email: 'kiran@example.in', fullname: 'Kiran Rao' })
    const job = await postJob(ctx.app, asha, { title: 'Landing page in React' })
    await applyTo(ctx.app, kiran, job._id)
    const apps = (await myApplications(kiran)).json().data.applications
    expect(apps).toHaveLength(1)
    expect(apps[0]).toMatchObject({
      status: 'pending',
      job: { _id: job._id, title: 'Landing page in React', created_by: { fullname: 'Asha Iyer' } },
    })
    expect(Date.parse(apps[0].createdAt)).not.toBeNaN()
  })
  it('answers an empty list to someone who never applied', async () => {
    expect((await myApplications(vikram)).json()).toEqual({ success: true, data: { applications: [] } })
  })
})

describe('GET /api/v1/application/jobs/:id/applicants', () => {
  it('401 without a session', async () => {
    const { job } = await appliedJob()
    expect((await applicantsOf(null, job._id)).statusCode).toBe(401)
  })
  it('403 for a freelancer and for another client, with no contact details', async () => {
    const { job } = await appliedJob()
    for (const s of [ravi, vikram]) {
      const res = await applicantsOf(s, job._id)
      expect(res.statusCode).toBe(403)
      expect(res.body).not.toContain('ravi@example.in')
    }
  })
  it('shows the creator a pending applicant’s name, resume and cover letter, but not their email or phone', async () => {
    const { job } = await appliedJob()
    const res = await applicantsOf(asha, job._id)
    expect(res.statusCode).toBe(200)
    const [a] = res.json().data.applications
    expect(res.json().data.job).toEqual({ _id: job._id, title: 'Landing page in React' })
    expect(a).toMatchObject({
      status: 'pending',
      coverLetter: DEFAULT_COVER_LETTER,
      applicant: { fullname: 'Ravi Kumar', userId: ravi.user.userId },
    })
    expect(a.resume).toMatch(/^\/uploads\//)
    // ADR 041: left out, not blanked — anyone can post a job, so a pending application must not hand them out.
    expect(a.applicant).not.toHaveProperty('email')
    expect(a.applicant).not.toHaveProperty('phoneNumber')
    expect(res.body).not.toContain('ravi@example.in')
    expect(res.body).not.toContain('99000')
  })
  it('an operator who posts a job sees applicants’ contacts before accepting, as on profiles (ADR 035)', async () => {
    const op = await signUp(ctx, { email: 'ops@example.in', fullname: 'Ops Desk', role: 'client' })
    await ctx.database.db.execute(sql`update users set role = 'admin' where id = ${op.user._id}::uuid`)
    const opsJob = await postJob(ctx.app, op)
    await applyTo(ctx.app, ravi, opsJob._id)
    const res = await injectAs(ctx.app, op, {
      method: 'GET',
      url: `/api/v1/application/jobs/${opsJob._id}/applicants`,
    })
    expect(res.json().data.applications[0]).toMatchObject({
      status: 'pending',
      applicant: { email: 'ravi@example.in', phoneNumber: '+91 99000 44556' },
    })
  })
  it('the poster’s notification of a new application carries no contact details either', async () => {
    const { job } = await appliedJob()
    const notes = (await notificationsOf(asha.user._id)).filter((n) => n.metadata?.jobId === job._id)
    expect(notes).toHaveLength(1)
    expect(JSON.stringify(notes)).not.toContain('ravi@example.in')
    expect(JSON.stringify(notes)).not.toContain('99000')
  })
})

describe('PATCH /api/v1/application/applications/:applicationId/status', () => {
  it('401 without a session', async () => {
    const { application } = await appliedJob()
    expect((await setStatus(null, application._id, 'accepted')).statusCode).toBe(401)
  })
  it('403 for the applicant and for another client', async () => {
    const { application } = await appliedJob()
    expect((await setStatus(ravi, application._id, 'accepted')).statusCode).toBe(403)
    expect((await setStatus(vikram, application._id, 'accepted')).json()).toMatchObject({
      code: 'not_job_owner',
    })
  })
  it('403 when a client sets interview, offer or pending here', async () => {
    const { application } = await appliedJob()
    for (const status of ['interview', 'offer', 'pending']) {
      const res = await setStatus(asha, application._id, status)
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('status_not_allowed')
    }
  })
  it('400 for an unknown status', async () => {
    const { application } = await appliedJob()
    const bad = await setStatus(asha, application._id, 'Hired')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toBe('Status must be one of: pending, accepted, rejected, interview, offer')
  })
  it('404 for an unknown application', async () => {
    const missing = await setStatus(asha, '00000000-0000-0000-0000-000000000000', 'accepted')
    expect(missing.statusCode).toBe(404)
  })
  it('accepts, answering the applicant’s email and phone', async () => {
    const { application } = await appliedJob()
    const res = await setStatus(asha, application._id, 'accepted')
    expect(res.json()).toEqual({
      success: true,
      message: 'Application accepted',
      application: {
        _id: application._id,
        status: 'accepted',
        // ADR 041: accepting is what shows the poster how to reach the applicant.
        applicant: { email: 'ravi@example.in', phoneNumber: '+91 99000 44556' },
      },
    })
  })
  it('records application_accepted with metadata.employerId for the applicant', async () => {
    const { application } = await appliedJob()
    const before = (await notificationsOf(ravi.user._id)).length
    await setStatus(asha, application._id, 'accepted')
    const notes = await notificationsOf(ravi.user._id)
    expect(notes).toHaveLength(before + 1)
    expect(notes.at(-1)).toMatchObject({
      type: 'application_accepted',
      metadata: { employerId: asha.user._id },
    })
  })
  it('the same decision again changes nothing and notifies no one twice', async () => {
    const { application } = await appliedJob()
    await setStatus(asha, application._id, 'accepted')
    const before = (await notificationsOf(ravi.user._id)).length
    expect((await setStatus(asha, application._id, 'accepted')).statusCode).toBe(200)
    expect(await notificationsOf(ravi.user._id)).toHaveLength(before)
  })
  it('once accepted, the applicants list shows that applicant’s email and phone, and only theirs', async () => {
    const { job, application } = await appliedJob()
    const meerasApp = await applyTo(ctx.app, meera, job._id)
    await setStatus(asha, application._id, 'accepted')
    const res = await applicantsOf(asha, job._id)
    const rows = res.json().data.applications
    expect(rows.find((a: any) => a._id === application._id)).toMatchObject({
      status: 'accepted',
      applicant: { email: 'ravi@example.in', phoneNumber: '+91 99000 44556' },
    })
    const meeras = rows.find((a: any) => a._id === meerasApp._id)
    expect(meeras.status).toBe('pending')
    expect(meeras.applicant).not.toHaveProperty('email')
    expect(meeras.applicant).not.toHaveProperty('phoneNumber')
    expect(res.body).not.toContain('meera@example.in')
  })
  it('rejects, and records application_rejected with metadata.jobId', async () => {
    const job = await postJob(ctx.app, asha)
    const meerasApp = await applyTo(ctx.app, meera, job._id)
    const rejected = (await setStatus(asha, meerasApp._id, 'rejected')).json()
    expect(rejected.application).toEqual({ _id: meerasApp._id, status: 'rejected' })
    const notes = await notificationsOf(meera.user._id)
    expect(notes.at(-1)).toMatchObject({ type: 'application_rejected', metadata: { jobId: job._id } })
  })
  it('the rejected applicant sees the rejection in their applications', async () => {
    const job = await postJob(ctx.app, asha)
    const meerasApp = await applyTo(ctx.app, meera, job._id)
    await setStatus(asha, meerasApp._id, 'rejected')
    const mine = (await myApplications(meera)).json().data.applications
    expect(mine.find((a: any) => a.job._id === job._id).status).toBe('rejected')
  })
})

describe('DELETE /api/v1/application/applications/:applicationId', () => {
  /** Ravi's application to a fresh job of Vikram's, and its URL. */
  async function ravisApplication() {
    const job = await postJob(ctx.app, vikram)
    const a = await applyTo(ctx.app, ravi, job._id)
    return { job, url: `/api/v1/application/applications/${a._id}` }
  }
  it('401 without a session', async () => {
    const { url } = await ravisApplication()
    expect((await injectAs(ctx.app, null, { method: 'DELETE', url })).statusCode).toBe(401)
  })
  it('403 for anyone but the applicant, the poster too', async () => {
    const { url } = await ravisApplication()
    for (const s of [vikram, meera])
      expect((await injectAs(ctx.app, s, { method: 'DELETE', url })).json()).toMatchObject({
        code: 'not_applicant',
      })
  })
  it('withdraws the applicant’s own application', async () => {
    const { url } = await ravisApplication()
    const ok = await injectAs(ctx.app, ravi, { method: 'DELETE', url })
    expect(ok.json()).toEqual({ success: true, message: 'Application withdrawn' })
  })
  it('404 for an application already withdrawn', async () => {
    const { url } = await ravisApplication()
    await injectAs(ctx.app, ravi, { method: 'DELETE', url })
    expect((await injectAs(ctx.app, ravi, { method: 'DELETE', url })).statusCode).toBe(404)
  })
  it('lets the applicant apply again after withdrawing', async () => {
    const { job, url } = await ravisApplication()
    await injectAs(ctx.app, ravi, { method: 'DELETE', url })
    expect((await apply(ravi, job._id)).statusCode).toBe(201)
  })
  it('409 for an accepted applicant while money is in escrow', async () => {
    const other = await postJob(ctx.app, vikram)
    const a = await applyTo(ctx.app, meera, other._id)
    await setStatus(vikram, a._id, 'accepted')
    await ctx.database.db.execute(sql`update jobs set funded_paise = 100 where id = ${other._id}::uuid`)
    const res = await injectAs(ctx.app, meera, {
      method: 'DELETE',
      url: `/api/v1/application/applications/${a._id}`,
    })
    expect(res.statusCode).toBe(409)
  })
})
