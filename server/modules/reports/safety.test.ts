import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUpOperator } from '../../test/money'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { applyTo, postJob } from '../../test/jobs'

// Held jobs and reports (ADR 056): every route's 401 / 403 / happy path, and what each rule does.
let ctx: TestCtx
let asha: Session // client
let ravi: Session // freelancer
let ops: Session // operator
const FEE = 'Data entry from home. Registration fee ₹300, paid before you start.'

beforeAll(async () => {
  ctx = await createTestApp({ READ_CACHE_TTL_MS: '60000' })
  asha = await signUp(ctx, { email: 'asha.h@example.in', fullname: 'Asha Iyer', role: 'client' })
  ravi = await signUp(ctx, { email: 'ravi.h@example.in', fullname: 'Ravi Kumar' })
  ops = await signUpOperator(ctx)
})
afterAll(() => ctx?.close())

const call = (s: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(ctx.app, s, { method, url, ...(payload ? { payload } : {}) })
const listIds = async (s: Session | null, q = 'sort=newest') =>
  ((await call(s, 'GET', `/api/v1/job/get?${q}`)).json().data.jobs as { _id: string }[]).map((j) => j._id)

describe('a job post that asks applicants to pay', () => {
  it('is held: the poster is told why, and sees the reason on the job', async () => {
    const res = await call(asha, 'POST', '/api/v1/job/post', { ...jobBodyWith(FEE) })
    expect(res.statusCode).toBe(201)
    expect(res.json().message).toMatch(
      /^Held for review: the post asks applicants to pay \(“Registration fee”\)/,
    )
    const job = res.json().job
    expect(job.moderation).toEqual({
      status: 'held',
      reason: expect.stringContaining('Registration fee'),
      note: null,
    })
    const mine = await call(asha, 'GET', '/api/v1/job/getadminjobs')
    expect(mine.json().data.jobs.find((j: any) => j._id === job._id).moderation.status).toBe('held')
  })

  it('is not public: not in lists or search, 404 to others, and applying is a 409', async () => {
    const job = await postJob(ctx.app, asha, { title: 'Form filling typist', description: FEE })
    expect(await listIds(null)).not.toContain(job._id)
    expect(await listIds(ravi)).not.toContain(job._id)
    const search = await call(ravi, 'GET', '/api/v1/search?q=typist')
    expect(search.json().data.jobs.map((j: any) => j._id)).not.toContain(job._id)
    expect((await call(null, 'GET', `/api/v1/job/${job._id}`)).statusCode).toBe(404)
    expect((await call(ravi, 'GET', `/api/v1/job/${job._id}`)).statusCode).toBe(404)
    const apply = await call(ravi, 'POST', `/api/v1/application/jobs/${job._id}/apply`, {})
    expect(apply.statusCode).toBe(409)
    expect(apply.json()).toMatchObject({
      code: 'job_held',
      message: expect.stringContaining('being reviewed'),
    })
    // Its poster still sees it.
    expect((await call(asha, 'GET', `/api/v1/job/${job._id}`)).json().job.moderation.status).toBe('held')
  })

  it('an ordinary job, and one that pays the freelancer ₹500, go live', async () => {
    const job = await postJob(ctx.app, asha, {
      description: 'We pay ₹500 per article. Deposit the files in the drive.',
    })
    expect(job.moderation).toBeNull()
    expect(await listIds(null)).toContain(job._id)
  })

  it('an edit that adds fee text holds a live job; removing it makes it live again', async () => {
    const job = await postJob(ctx.app, asha, { title: 'Survey calls' })
    const held = await call(
      asha,
      'PUT',
      `/api/v1/job/${job._id}`,
      jobBodyWith('Security deposit of ₹1000 needed', 'Survey calls'),
    )
    expect(held.statusCode).toBe(200)
    expect(held.json().job.moderation.status).toBe('held')
    expect(await listIds(null)).not.toContain(job._id)
    const fixed = await call(
      asha,
      'PUT',
      `/api/v1/job/${job._id}`,
      jobBodyWith('Calls from home, paid per survey', 'Survey calls'),
    )
    expect(fixed.json().job.moderation).toBeNull()
    expect(await listIds(null)).toContain(job._id)
  })
})

describe('held jobs: the operators’ queue', () => {
  it('401 signed out, 403 for a client or freelancer, on every route', async () => {
    const job = await postJob(ctx.app, asha, { description: FEE })
    for (const [method, url, body] of [
      ['GET', '/api/v1/admin/held-jobs'],
      ['POST', `/api/v1/admin/held-jobs/${job._id}/approve`],
      ['POST', `/api/v1/admin/held-jobs/${job._id}/reject`, { reason: 'No fees' }],
    ] as const) {
      expect((await call(null, method, url, body)).statusCode, url).toBe(401)
      expect((await call(asha, method, url, body)).statusCode, url).toBe(403)
      expect((await call(ravi, method, url, body)).statusCode, url).toBe(403)
    }
  })

  it('approve: the job goes live (cached lists and its page dropped), the poster is told', async () => {
    const job = await postJob(ctx.app, asha, { title: 'Pongal kolam designs', description: FEE })
    const queue = await call(ops, 'GET', '/api/v1/admin/held-jobs')
    expect(queue.statusCode).toBe(200)
    expect(queue.json().jobs.find((j: any) => j._id === job._id)).toMatchObject({
      title: 'Pongal kolam designs',
      reason: expect.stringContaining('Registration fee'),
      poster: { _id: asha.user._id, fullname: 'Asha Iyer' },
    })
    // Cached while held: only the drop can make the list and page show it now.
    expect(await listIds(null)).not.toContain(job._id)
    expect((await call(null, 'GET', `/api/v1/job/${job._id}`)).statusCode).toBe(404)
    const res = await call(ops, 'POST', `/api/v1/admin/held-jobs/${job._id}/approve`)
    expect(res.statusCode).toBe(200)
    expect(await listIds(null)).toContain(job._id)
    expect((await call(null, 'GET', `/api/v1/job/${job._id}`)).statusCode).toBe(200)
    expect((await call(asha, 'GET', `/api/v1/job/${job._id}`)).json().job.moderation).toBeNull()
    await applyTo(ctx.app, ravi, job._id)
    const bell = await call(asha, 'GET', '/api/v1/notification')
    expect(bell.json().notifications.map((n: any) => n.message)).toContain(
      'Your job “Pongal kolam designs” was reviewed and is now public.',
    )
    // Deciding twice is a 409; the queue no longer has it.
    expect((await call(ops, 'POST', `/api/v1/admin/held-jobs/${job._id}/approve`)).statusCode).toBe(409)
    expect(
      (await call(ops, 'GET', '/api/v1/admin/held-jobs')).json().jobs.map((j: any) => j._id),
    ).not.toContain(job._id)
  })

  it('an approved job stays live when edited without touching its text', async () => {
    const job = await postJob(ctx.app, asha, { title: 'Tuition notes typing', description: FEE })
    await call(ops, 'POST', `/api/v1/admin/held-jobs/${job._id}/approve`)
    const res = await call(asha, 'PUT', `/api/v1/job/${job._id}`, {
      ...jobBodyWith(FEE, 'Tuition notes typing'),
      duration: '3',
    })
    expect(res.json().job.moderation).toBeNull()
  })

  it('reject: stays hidden, the poster sees the reason; 400 without one, 404 for no job', async () => {
    const job = await postJob(ctx.app, asha, { title: 'Typing job', description: FEE })
    const none = await call(ops, 'POST', `/api/v1/admin/held-jobs/${job._id}/reject`, { reason: '  ' })
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe('Say why the job is rejected')
    const missing = await call(
      ops,
      'POST',
      '/api/v1/admin/held-jobs/00000000-0000-4000-8000-000000000000/reject',
      {
        reason: 'x',
      },
    )
    expect(missing.statusCode).toBe(404)
    const res = await call(ops, 'POST', `/api/v1/admin/held-jobs/${job._id}/reject`, {
      reason: 'Jobs may not ask applicants to pay',
    })
    expect(res.statusCode).toBe(200)
    const seen = (await call(asha, 'GET', `/api/v1/job/${job._id}`)).json().job
    expect(seen.moderation).toEqual({
      status: 'rejected',
      reason: expect.any(String),
      note: 'Jobs may not ask applicants to pay',
    })
    expect(await listIds(null)).not.toContain(job._id)
    expect((await call(ravi, 'POST', `/api/v1/application/jobs/${job._id}/apply`, {})).statusCode).toBe(409)
  })
})

describe('POST /api/v1/reports', () => {
  const report = (s: Session | null, body: object) => call(s, 'POST', '/api/v1/reports', body)

  it('401 signed out', async () => {
    expect(
      (await report(null, { targetType: 'profile', targetId: asha.user._id, reason: 'spam' })).statusCode,
    ).toBe(401)
  })

  it('201 for a post, a job, a message and a profile; a second open report on the same thing is a 409', async () => {
    const post = await call(asha, 'POST', '/api/v1/posts/create', {
      content: 'Pay ₹99 to join my course',
      media: [],
    })
    const job = await postJob(ctx.app, asha)
    const msg = await call(asha, 'POST', '/api/v1/chat/send', { receiver: ravi.user._id, content: 'hello' })
    for (const [targetType, targetId] of [
      ['post', post.json().post._id],
      ['job', job._id],
      ['message', msg.json().data.message._id],
      ['profile', asha.user._id],
    ]) {
      const res = await report(ravi, { targetType, targetId, reason: 'scam', details: 'Asked me for money' })
      expect(res.statusCode, targetType).toBe(201)
      expect(res.json().report).toMatchObject({ targetType, targetId, status: 'open', reason: 'scam' })
      const again = await report(ravi, { targetType, targetId, reason: 'spam' })
      expect(again.statusCode).toBe(409)
      expect(again.json().code).toBe('already_reported')
    }
  })

  it('400 about yourself or with a bad reason; 404 for a target that is not there or not yours to see', async () => {
    const self = await report(asha, { targetType: 'profile', targetId: asha.user._id, reason: 'spam' })
    expect([self.statusCode, self.json().message]).toEqual([400, 'You cannot report yourself'])
    const bad = await report(asha, { targetType: 'post', targetId: asha.user._id, reason: 'boring' })
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Choose a reason'])
    const nothing = await report(asha, {
      targetType: 'post',
      targetId: '00000000-0000-4000-8000-000000000000',
      reason: 'spam',
    })
    expect([nothing.statusCode, nothing.json().message]).toEqual([404, 'Post not found'])
    const meera = await signUp(ctx, { fullname: 'Meera Shah' })
    const msg = await call(asha, 'POST', '/api/v1/chat/send', { receiver: ravi.user._id, content: 'private' })
    const notHers = await report(meera, {
      targetType: 'message',
      targetId: msg.json().data.message._id,
      reason: 'spam',
    })
    expect(notHers.statusCode).toBe(404)
    const draft = await postJob(ctx.app, asha, { status: 'draft' })
    expect((await report(ravi, { targetType: 'job', targetId: draft._id, reason: 'spam' })).statusCode).toBe(
      404,
    )
  })
})

describe('reports: the operators’ queue', () => {
  it('401 / 403 for the list and resolve', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/v1/admin/reports?status=open'],
      ['POST', '/api/v1/admin/reports/00000000-0000-4000-8000-000000000000/resolve', { action: 'dismiss' }],
    ] as const) {
      expect((await call(null, method, url, body)).statusCode).toBe(401)
      expect((await call(asha, method, url, body)).statusCode).toBe(403)
      expect((await call(ravi, method, url, body)).statusCode).toBe(403)
    }
  })

  it('lists open reports newest first with the target, dismisses one with a note; resolving twice is a 409', async () => {
    const kiran = await signUp(ctx, { fullname: 'Kiran Rao' })
    const made = await call(ravi, 'POST', '/api/v1/reports', {
      targetType: 'profile',
      targetId: kiran.user._id,
      reason: 'fake',
    })
    const id = made.json().report._id
    const open = await call(ops, 'GET', '/api/v1/admin/reports?status=open')
    expect(open.statusCode).toBe(200)
    expect(open.json().reports[0]).toMatchObject({
      _id: id,
      targetLabel: 'Kiran Rao',
      targetPath: `/m/${kiran.user.userId}`,
      targetOwner: { _id: kiran.user._id, fullname: 'Kiran Rao' },
      reporter: { _id: ravi.user._id, fullname: 'Ravi Kumar' },
    })
    const res = await call(ops, 'POST', `/api/v1/admin/reports/${id}/resolve`, {
      action: 'dismiss',
      note: 'Real person',
    })
    expect(res.json()).toEqual({ success: true, message: 'Report dismissed' })
    expect(
      (await call(ops, 'GET', '/api/v1/admin/reports?status=open')).json().reports.map((r: any) => r._id),
    ).not.toContain(id)
    const closed = (await call(ops, 'GET', '/api/v1/admin/reports?status=dismissed')).json().reports
    expect(closed.find((r: any) => r._id === id)).toMatchObject({
      status: 'dismissed',
      resolutionNote: 'Real person',
    })
    expect(
      (await call(ops, 'POST', `/api/v1/admin/reports/${id}/resolve`, { action: 'handled' })).statusCode,
    ).toBe(409)
    // Once closed, the same person may report it again.
    expect(
      (
        await call(ravi, 'POST', '/api/v1/reports', {
          targetType: 'profile',
          targetId: kiran.user._id,
          reason: 'fake',
        })
      ).statusCode,
    ).toBe(201)
  })

  it('400 for a bad status or action', async () => {
    expect((await call(ops, 'GET', '/api/v1/admin/reports?status=all')).statusCode).toBe(400)
    const r = await call(ops, 'POST', '/api/v1/admin/reports/00000000-0000-4000-8000-000000000000/resolve', {
      action: 'ban',
    })
    expect(r.statusCode).toBe(400)
  })
})

function jobBodyWith(description: string, title = 'Typing work from home') {
  return {
    title,
    description,
    paymentType: 'one-time',
    locationPreference: 'Remote',
    amount: '15000',
    rate: '',
    units: '',
    frequency: '',
    duration: '2',
    skills: ['Typing'],
  }
}
