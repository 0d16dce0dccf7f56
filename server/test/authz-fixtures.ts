import crypto from 'node:crypto'
import type { InjectOptions, RouteOptions } from 'fastify'
import { sql } from 'drizzle-orm'
import { media } from '../modules/uploads/test-media'
import { createTestApp, encodeMultipart, injectAs, signUp, type Session, type TestCtx } from './helpers'
import { applyTo, postJob } from './jobs'
import { checkout, fund, hiredJob } from './payments'

/** The fixture users: `client` owns the shared resources, `freelancer` is hired on the shared job. */
export type Who = 'client' | 'client2' | 'freelancer' | 'freelancer2'
/** The four columns of the authorization matrix. */
export const PERSONAS = ['anonymous', 'owner', 'other', 'wrongRole'] as const
export type Persona = (typeof PERSONAS)[number]

export const WEBHOOK_SECRET = 'authz_matrix_webhook_secret_0123456789'

/** One request of a matrix cell: path params, query, a JSON body or a multipart form, headers. */
export interface Req {
  params?: Record<string, string>
  query?: Record<string, string>
  body?: unknown
  multipart?: {
    fields: Record<string, string>
    files?: { field: string; name: string; type: string; data: Buffer }[]
  }
  headers?: Record<string, string>
  /** Sessions to use instead of the fixture users (a cell that logs out or switches role needs its own). */
  as?: Partial<Record<Exclude<Persona, 'anonymous'>, Session>>
}

/** A route as Fastify registered it. */
export interface RouteKey {
  method: string
  url: string
  /** The route's zod schemas, as registered (the fuzzer reads their field names). */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown }
}
export const routeId = (r: RouteKey) => `${r.method} ${r.url}`

/** Shared resources, made once per file, and makers for the cells whose happy path would spoil them. */
export interface Kit {
  ctx: TestCtx
  s: Record<Who, Session>
  fx: {
    company: any
    /** Active, one-time, `freelancer` accepted, fully funded (In Escrow). */
    job: any
    /** Active and unfunded, no applicants. */
    openJob: any
    draftJob: any
    application: any
    post: any
    comment: any
    upload: { url: string; fileName: string }
    /** A notification of `client` (freelancer applied). */
    notification: string
  }
  png: Buffer
  newUser(role?: 'client' | 'freelancer'): Promise<Session>
  newJob(overrides?: Record<string, unknown>): Promise<any>
  /** A job its client archived; with `hired`, `freelancer` was accepted on it first. */
  archivedJob(hired?: boolean): Promise<any>
  newApplication(by?: Who): Promise<{ job: any; application: any }>
  hiredFunded(): Promise<any>
  newOrder(): Promise<{ job: any; orderId: string }>
  paidOrder(): Promise<{ job: any; result: Record<string, string> }>
  newCompany(): Promise<any>
  newPost(by?: Who): Promise<any>
  newComment(by?: Who): Promise<any>
  signedWebhook(): { body: string; headers: Record<string, string> }
}

const ok = (res: { statusCode: number; body: string }, what: string, status = 200) => {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`)
  return JSON.parse(res.body)
}

/**
 * A whole app plus its route table (every route Fastify registered, via onRoute) and the fixtures the
 * authorization matrix and the fuzzer act on.
 */
export async function buildKit(): Promise<{ kit: Kit; routes: RouteKey[] }> {
  const routes: RouteKey[] = []
  const onRoute = (r: RouteOptions) => {
    for (const method of [r.method].flat())
      routes.push({ method: String(method), url: r.url, schema: r.schema as RouteKey['schema'] })
  }
  const ctx = await createTestApp({ RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET }, { onRoute })
  const app = ctx.app
  const s: Record<Who, Session> = {
    client: await signUp(ctx, { fullname: 'Asha Iyer', role: 'client' }),
    client2: await signUp(ctx, { fullname: 'Vikram Reddy', role: 'client' }),
    freelancer: await signUp(ctx, { fullname: 'Ravi Kumar', role: 'freelancer' }),
    freelancer2: await signUp(ctx, { fullname: 'Meera Shah', role: 'freelancer' }),
  }
  const png = await media.png()
  const as = (who: Who, opts: InjectOptions) => injectAs(app, s[who], opts)

  const newCompany = async () =>
    ok(
      await as('client', {
        method: 'POST',
        url: '/api/v1/company',
        payload: { name: `Acme ${crypto.randomBytes(3).toString('hex')}` },
      }),
      'company',
      201,
    ).company
  const newPost = async (by: Who = 'client') =>
    ok(
      await as(by, { method: 'POST', url: '/api/v1/posts/create', payload: { content: 'Hello feed' } }),
      'post',
      201,
    ).post
  const newComment = async (by: Who = 'freelancer', postId?: string) =>
    ok(
      await as(by, {
        method: 'POST',
        url: `/api/v1/posts/${postId ?? (await newPost('client'))._id}/comments`,
        payload: { content: 'Nice one' },
      }),
      'comment',
      201,
    ).comment

  const company = await newCompany()
  const job = await hiredJob(app, s.client, s.freelancer)
  await fund(app, s.client, job._id)
  const openJob = await postJob(app, s.client, { title: 'Logo for a tea shop' })
  const draftJob = await postJob(app, s.client, { title: 'Secret draft', status: 'draft' })
  const apps = ok(
    await as('freelancer', { method: 'GET', url: '/api/v1/application/student/applications' }),
    'mine',
  )
  const application = apps.data.applications[0]
  const post = await newPost('client')
  const comment = await newComment('freelancer', post._id)
  const uploaded = ok(
    await injectAs(app, s.client, {
      method: 'POST',
      url: '/api/v1/uploads',
      ...encodeMultipart({}, [{ field: 'files', name: 'a.png', type: 'image/png', data: png }]),
    }),
    'upload',
    201,
  ).media[0]
  for (const [from, to, content] of [
    ['client', 'freelancer', 'Can you start on Monday?'],
    ['freelancer', 'client', 'Yes, Monday works'],
  ] as const)
    ok(
      await as(from, {
        method: 'POST',
        url: '/api/v1/chat/send',
        payload: { receiver: s[to].user._id, content },
      }),
      'message',
      201,
    )
  const notes = ok(await as('client', { method: 'GET', url: '/api/v1/notification' }), 'notifications')
  const kit: Kit = {
    ctx,
    s,
    fx: {
      company,
      job,
      openJob,
      draftJob,
      application,
      post,
      comment,
      upload: { url: uploaded.url, fileName: uploaded.url.split('/').pop() },
      notification: notes.notifications[0]._id,
    },
    png,
    newUser: (role = 'freelancer') => signUp(ctx, { role }),
    newJob: (overrides = {}) => postJob(app, s.client, overrides),
    async archivedJob(hired = false) {
      const j = await hiredJob(app, s.client, hired ? s.freelancer : null)
      ok(
        await as('client', {
          method: 'POST',
          url: `/api/v1/job/${j._id}/status`,
          payload: { action: 'archive' },
        }),
        'archive',
      )
      return j
    },
    async newApplication(by: Who = 'freelancer') {
      const j = await postJob(app, s.client)
      return { job: j, application: await applyTo(app, s[by], j._id) }
    },
    async hiredFunded() {
      const j = await hiredJob(app, s.client, s.freelancer)
      await fund(app, s.client, j._id)
      return j
    },
    async newOrder() {
      const j = await postJob(app, s.client)
      const order = ok(
        await as('client', { method: 'POST', url: '/api/payments/create-order', payload: { jobId: j._id } }),
        'order',
      )
      return { job: j, orderId: order.orderId }
    },
    async paidOrder() {
      const j = await postJob(app, s.client)
      const { result } = await checkout(app, s.client, j._id)
      return { job: j, result }
    },
    newCompany,
    newPost,
    newComment: (by: Who = 'freelancer') => newComment(by),
    signedWebhook() {
      const body = JSON.stringify({ entity: 'event', event: 'order.noted', payload: {} })
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': crypto.createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex'),
          'x-razorpay-event-id': `evt_${crypto.randomBytes(7).toString('hex')}`,
        },
      }
    },
  }
  return { kit, routes }
}

/** The request a matrix cell describes, as inject options (path params filled in, query appended). */
export function toInject(route: RouteKey, req: Req): InjectOptions {
  const url = route.url.replace(/:(\w+)/g, (_m, name: string) => {
    const v = req.params?.[name]
    if (v === undefined) throw new Error(`${routeId(route)}: no value for :${name}`)
    return encodeURIComponent(v)
  })
  const qs = req.query ? new URLSearchParams(req.query).toString() : ''
  const base: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: qs ? `${url}?${qs}` : url,
  }
  if (req.multipart) {
    const m = encodeMultipart(req.multipart.fields, req.multipart.files ?? [])
    return { ...base, payload: m.payload, headers: { ...m.headers, ...req.headers } }
  }
  return {
    ...base,
    ...(req.body !== undefined ? { payload: req.body as InjectOptions['payload'] } : {}),
    ...(req.headers ? { headers: req.headers } : {}),
  }
}

let address = 0
/** A distinct client address per request, so per-address rate limits never decide a cell. */
export const nextAddress = () => {
  address += 1
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`
}

/**
 * A cheap fingerprint of every application table in the current schema: row count and an md5 of the rows in a
 * fixed order. Two equal fingerprints mean no row was added, removed or changed.
 */
export async function fingerprint(ctx: TestCtx, exclude: readonly string[] = []) {
  const db = ctx.database.db
  const tables = (
    await db.execute(
      sql`select table_name as t from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows
    .map((r: any): string => String(r.t))
    .filter((t: string) => !exclude.includes(t))
  const parts = tables.map(
    (t: string) =>
      `select '${t}' as t, count(*)::int as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${t}" x`,
  )
  const rows = (await db.execute(sql.raw(parts.join(' union all ')))).rows as {
    t: string
    n: number
    h: string
  }[]
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]))
}
