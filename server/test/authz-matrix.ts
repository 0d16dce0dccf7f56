import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Kit, Persona, Req, RouteKey, Who } from './authz-fixtures'
import { financialYearOf } from '@common/financial-year'
import { insertRelease } from '../modules/documents/documents.test-support'
import { createSealer } from '../modules/payouts/sealer'
import { jobBody } from './jobs'
import { fund, perUnit } from './payments'
import { injectAs, mailedCode, type Session } from './helpers'

/**
 * The authorization matrix (ADR 019): for every route the app registers, the exact status each of four callers
 * gets for a valid request — [anonymous, owner, other user, wrong role].
 *
 * - owner: the user the resource belongs to (or, for routes about "my" things, any signed-in user acting on their
 *   own). other: a user of the same role with no tie to the resource. wrongRole: a user of the other role — where
 *   possible the one tied to the resource (the hired freelancer on the client's job, the job's client on the
 *   freelancer's application), so the cell proves the tie alone grants nothing.
 * - 404 where the design hides existence (drafts are seen only by their creator: product.md §6).
 *
 * The test fails when a registered route has no row here, and when a row names a route that no longer exists.
 */
export interface Row {
  route: string
  /** Told apart when a route has more than one row (e.g. a draft job). */
  case?: string
  /** Which fixture user plays owner, other and wrong role. */
  who?: Record<Exclude<Persona, 'anonymous'>, Who>
  expect: [anonymous: number, owner: number, other: number, wrongRole: number]
  /** Build the request anew for every cell (its happy path would spoil the next cell's fixture). */
  fresh?: boolean
  request(k: Kit, persona: Persona): Req | Promise<Req>
  /** Who the fuzzer sends as, when not the first signed-in caller the row lets through. */
  fuzzAs?: Exclude<Persona, 'anonymous'>
  /** More to assert on an answer (a 200 that must not carry someone else's data). */
  check?(persona: Persona, body: any): void
}

/** The client's resource: another client, and the freelancer hired on it. */
export const CLIENT_SIDE = { owner: 'client', other: 'client2', wrongRole: 'freelancer' } as const
/** The freelancer's resource: another freelancer, and the client whose job it concerns. */
export const FREELANCER_SIDE = { owner: 'freelancer', other: 'freelancer2', wrongRole: 'client' } as const

/**
 * Routes not in the matrix, each with the reason. HEAD routes Fastify adds beside every GET are left out by rule
 * (they run the GET handler), as is everything under /api/docs (the OpenAPI UI and document).
 */
export const EXCLUDED: Record<string, string> = {
  'GET /*': 'SPA fallback for the built web app (registered only when the web build exists)',
}
export const isExcludedByRule = (r: RouteKey, all: RouteKey[]) =>
  r.url === '/api/docs' ||
  r.url.startsWith('/api/docs/') ||
  (r.method === 'HEAD' && all.some((g) => g.method === 'GET' && g.url === r.url))

const ALL = (s: number): Row['expect'] => [s, s, s, s]
const SIGNED_IN = (s: number): Row['expect'] => [401, s, s, s]
const OWNER_ONLY = (s: number): Row['expect'] => [401, s, 403, 403]

const rnd = () => Math.random().toString(36).slice(2, 10)

/** The contract of the shared job (its client hired `freelancer`). */
const sharedContractId = async (k: Kit): Promise<string> => {
  const res = await injectAs(k.ctx.app, k.s.client, {
    method: 'GET',
    url: `/api/v1/contracts?jobId=${k.fx.job._id}`,
  })
  return JSON.parse(res.body).contracts[0]._id
}

/** A saved search of `freelancer` (the owner in FREELANCER_SIDE rows). */
const savedSearchOf = async (k: Kit): Promise<string> => {
  const res = await injectAs(k.ctx.app, k.s.freelancer, {
    method: 'POST',
    url: '/api/v1/alerts',
    payload: { q: `matrix ${rnd()}`, frequency: 'instant' },
  })
  return JSON.parse(res.body).alert._id
}

/** An unsubscribe token as an alert mail carries it (only its hash is stored). */
const unsubscribeToken = async (k: Kit): Promise<string> => {
  const token = `matrix_${rnd()}${rnd()}${rnd()}`
  const hash = crypto.createHash('sha256').update(token).digest('hex')
  await k.ctx.database.db.execute(
    sql`insert into alert_unsubscribe_tokens (token_hash, user_id, label) values (${hash}, ${k.s.freelancer.user._id}::uuid, 'matrix')`,
  )
  return token
}

/** An operator (the 'admin' role) of this kit, made once: the owner of the operators' routes. */
const operators = new WeakMap<Kit, Promise<Session>>()
const operatorOf = (k: Kit) => {
  let p = operators.get(k)
  if (!p) {
    p = k.newUser('client').then(async (s) => {
      await k.ctx.database.db.execute(sql`update users set role = 'admin' where id = ${s.user._id}::uuid`)
      return s
    })
    operators.set(k, p)
  }
  return p
}

/** A job held for review (ADR 056): its description asks applicants to pay. */
const heldJob = (k: Kit) =>
  k.newJob({ description: 'Data entry from home. Registration fee ₹300, paid before you start.' })
/** An open report by the freelancer on a new person's profile. */
const openReportId = async (k: Kit): Promise<string> => {
  const res = await injectAs(k.ctx.app, k.s.freelancer, {
    method: 'POST',
    url: '/api/v1/reports',
    payload: { targetType: 'profile', targetId: (await k.newUser()).user._id, reason: 'fake' },
  })
  if (res.statusCode !== 201) throw new Error(`report ${res.statusCode} ${res.body}`)
  return JSON.parse(res.body).report._id
}

/** A refund the sandbox failed (₹x.13 fails there every time, ADR 050): an operator may retry it again and again. */
const failedRefundId = async (k: Kit): Promise<string> => {
  const job = await k.newJob(perUnit(2, '120.13'))
  await fund(k.ctx.app, k.s.client, job._id, { units: 1 })
  const res = await injectAs(k.ctx.app, k.s.client, {
    method: 'POST',
    url: '/api/v1/payments/refund',
    payload: { jobId: job._id },
  })
  if (res.statusCode !== 200) throw new Error(`refund ${res.statusCode} ${res.body}`)
  const r = await k.ctx.database.db.execute(sql`select id from refunds where job_id = ${job._id}::uuid`)
  return String((r.rows[0] as { id: string }).id)
}

const NO_ID = '00000000-0000-4000-8000-000000000000'

/** A fresh hire of `freelancer` by `client`, funded; with `open`, the client opened a dispute on it (ADR 058). */
const disputeOf = async (k: Kit, open = true) => {
  const job = await k.hiredFunded()
  const res = await injectAs(k.ctx.app, k.s.client, {
    method: 'GET',
    url: `/api/v1/contracts?jobId=${job._id}`,
  })
  const contractId: string = JSON.parse(res.body).contracts[0]._id
  if (!open) return { contractId, disputeId: NO_ID, inEscrow: 0 }
  const d = await injectAs(k.ctx.app, k.s.client, {
    method: 'POST',
    url: `/api/v1/contracts/${contractId}/dispute`,
    payload: { reason: 'Nothing was delivered' },
  })
  if (d.statusCode !== 201) throw new Error(`dispute ${d.statusCode} ${d.body}`)
  const dispute = JSON.parse(d.body).dispute
  return { contractId, disputeId: dispute._id as string, inEscrow: dispute.inEscrow as number }
}
/** A dispute with a split the client proposed, waiting for the freelancer. */
const proposalOf = async (k: Kit) => {
  const d = await disputeOf(k)
  const p = await injectAs(k.ctx.app, k.s.client, {
    method: 'POST',
    url: `/api/v1/disputes/${d.disputeId}/proposals`,
    payload: { releaseAmount: 0, refundAmount: d.inEscrow },
  })
  if (p.statusCode !== 200) throw new Error(`proposal ${p.statusCode} ${p.body}`)
  return { id: d.disputeId, proposalId: JSON.parse(p.body).dispute.proposals[0]._id as string }
}

/** A hire of `freelancer` by `client`, funded then refunded in full: ended, open for reviews (ADR 060). */
const endedContractId = async (k: Kit): Promise<string> => {
  const job = await k.hiredFunded()
  const res = await injectAs(k.ctx.app, k.s.client, {
    method: 'POST',
    url: '/api/v1/payments/refund',
    payload: { jobId: job._id },
  })
  if (res.statusCode !== 200) throw new Error(`refund ${res.statusCode} ${res.body}`)
  const list = await injectAs(k.ctx.app, k.s.client, {
    method: 'GET',
    url: `/api/v1/contracts?jobId=${job._id}`,
  })
  return JSON.parse(list.body).contracts[0]._id
}

/** A fresh funded hire of `freelancer` by `client`; with `submit`, work submitted on it (ADR 057). */
const deliveryContractId = async (k: Kit, submit: boolean): Promise<string> => {
  const job = await k.hiredFunded()
  const list = await injectAs(k.ctx.app, k.s.client, {
    method: 'GET',
    url: `/api/v1/contracts?jobId=${job._id}`,
  })
  const id: string = JSON.parse(list.body).contracts[0]._id
  if (!submit) return id
  const res = await injectAs(k.ctx.app, k.s.freelancer, {
    method: 'POST',
    url: `/api/v1/contracts/${id}/submit`,
    payload: { message: 'Logo in three sizes' },
  })
  if (res.statusCode !== 200) throw new Error(`submit ${res.statusCode} ${res.body}`)
  return id
}

/** Payment rows, the same under /api/payments and /api/v1/payments. */
const paymentRows = (base: string): Row[] => [
  {
    route: `POST ${base}/create-order`,
    expect: OWNER_ONLY(200),
    request: (k) => ({ body: { jobId: k.fx.openJob._id } }),
  },
  {
    route: `POST ${base}/verify`,
    expect: OWNER_ONLY(200),
    fresh: true,
    request: async (k) => {
      const { job, result } = await k.paidOrder()
      return { body: { jobId: job._id, ...result } }
    },
  },
  {
    route: `POST ${base}/sandbox/pay`,
    expect: OWNER_ONLY(200),
    fresh: true,
    request: async (k) => ({ body: { orderId: (await k.newOrder()).orderId, outcome: 'success' } }),
  },
  {
    route: `POST ${base}/release`,
    expect: OWNER_ONLY(200),
    fresh: true,
    request: async (k) => ({ body: { jobId: (await k.hiredFunded())._id } }),
  },
  {
    route: `POST ${base}/refund`,
    expect: OWNER_ONLY(200),
    fresh: true,
    request: async (k) => ({ body: { jobId: (await k.hiredFunded())._id } }),
  },
  {
    // The hired freelancer is a party to the job's money and sees it too.
    route: `GET ${base}/job/:jobId`,
    expect: [401, 200, 403, 200],
    request: (k) => ({ params: { jobId: k.fx.job._id } }),
  },
  {
    route: `GET ${base}/job/:jobId`,
    case: 'a draft job',
    expect: [401, 200, 404, 404],
    request: (k) => ({ params: { jobId: k.fx.draftJob._id } }),
  },
  {
    // Payments hide only drafts: the hired freelancer still sees the money of an archived job.
    route: `GET ${base}/job/:jobId`,
    case: 'an archived job',
    expect: [401, 200, 403, 200],
    request: async (k) => ({ params: { jobId: (await k.archivedJob(true))._id } }),
  },
  { route: `GET ${base}/earnings`, expect: SIGNED_IN(200), request: () => ({}) },
  {
    // Authenticated by the provider's signature, not by a session.
    route: `POST ${base}/webhook`,
    expect: ALL(200),
    fresh: true,
    request: (k) => k.signedWebhook(),
  },
]

/** The kinds and ids of the documents `who` lists (ADR 051). */
const documentsOf = async (k: Kit, who: Who): Promise<Set<string>> => {
  const res = await injectAs(k.ctx.app, k.s[who], { method: 'GET', url: '/api/v1/documents' })
  if (res.statusCode !== 200) throw new Error(`documents ${res.statusCode} ${res.body}`)
  return new Set(
    JSON.parse(res.body).documents.map((d: { kind: string; _id: string }) => `${d.kind}/${d._id}`),
  )
}

/**
 * The documents of one release, made once per kit: `client` funds a job `freelancer` is hired on (a receipt) and
 * releases it (a payment advice); ids are what appeared in each owner's list. The kit charges no fee
 * (PLATFORM_FEE_BPS 0), so that release issues no GST invoice: test support books a second release with a fee on
 * the same contract, as the release would with one.
 */
const releasedDocs = new WeakMap<Kit, Promise<Record<'invoice' | 'advice' | 'receipt', string>>>()
const releasedDocsOf = (k: Kit) => {
  let p = releasedDocs.get(k)
  if (!p) {
    p = (async () => {
      const [clientBefore, freelancerBefore] = [
        await documentsOf(k, 'client'),
        await documentsOf(k, 'freelancer'),
      ]
      const job = await k.hiredFunded()
      const res = await injectAs(k.ctx.app, k.s.client, {
        method: 'POST',
        url: '/api/v1/payments/release',
        payload: { jobId: job._id },
      })
      if (res.statusCode !== 200) throw new Error(`release ${res.statusCode} ${res.body}`)
      const added = (before: Set<string>, after: Set<string>, kind: string) => {
        const id = [...after].find((d) => !before.has(d) && d.startsWith(`${kind}/`))
        if (!id) throw new Error(`no new ${kind} after a release`)
        return id.slice(kind.length + 1)
      }
      const [clientAfter, freelancerAfter] = [
        await documentsOf(k, 'client'),
        await documentsOf(k, 'freelancer'),
      ]
      const contracts = await injectAs(k.ctx.app, k.s.client, {
        method: 'GET',
        url: `/api/v1/contracts?jobId=${job._id}`,
      })
      const { invoice } = await insertRelease(
        k.ctx.database.db,
        createSealer(k.ctx.app.config.DATA_ENCRYPTION_KEY),
        {
          jobId: job._id,
          contractId: JSON.parse(contracts.body).contracts[0]._id,
          freelancerId: k.s.freelancer.user._id,
          clientId: k.s.client.user._id,
          grossPaise: 1000_00,
          feeBps: 1000,
          platformState: k.ctx.app.config.PLATFORM_STATE,
        },
      )
      return {
        receipt: added(clientBefore, clientAfter, 'receipt'),
        advice: added(freelancerBefore, freelancerAfter, 'advice'),
        invoice: invoice.id,
      }
    })()
    releasedDocs.set(k, p)
  }
  return p
}

export const MATRIX: Row[] = [
  // Meta
  { route: 'GET /healthz', expect: ALL(200), request: () => ({}) },
  { route: 'GET /readyz', expect: ALL(200), request: () => ({}) },
  { route: 'GET /api/v1/config', expect: ALL(200), request: () => ({}) },

  // Sign-up, login, logout
  {
    route: 'POST /api/v1/user/send-otp',
    expect: ALL(200),
    fresh: true,
    request: () => ({ body: { email: `new-${rnd()}@example.in`, fullname: 'New Person' } }),
  },
  {
    route: 'POST /api/v1/user/send-login-otp',
    expect: ALL(200),
    fresh: true,
    request: () => ({ body: { email: `someone-${rnd()}@example.in` } }),
  },
  {
    route: 'POST /api/v1/user/verify-otp',
    expect: ALL(200),
    fresh: true,
    request: async (k) => {
      const email = `verify-${rnd()}@example.in`
      // A code works only for the browser that asked for it (ADR 042): the cell sends the same device cookie.
      const device = `matrix-device-${rnd()}-${rnd()}-${rnd()}`
      await k.ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/send-otp',
        payload: { email, fullname: 'Verify Me' },
        cookies: { device },
      })
      return { body: { email, otp: await mailedCode(k.ctx, email) }, headers: { cookie: `device=${device}` } }
    },
  },
  {
    route: 'POST /api/v1/user/logout',
    expect: SIGNED_IN(200),
    fresh: true,
    request: async (k, p) => (p === 'anonymous' ? {} : { as: { [p]: await k.newUser() } }),
  },

  // Changing the sign-in email (ADR 042): each signed-in person acts on their own account only.
  {
    route: 'POST /api/v1/user/email/change',
    expect: SIGNED_IN(200),
    fresh: true,
    request: async (k, p) => {
      const body = { email: `new-${rnd()}@example.in` }
      return p === 'anonymous' ? { body } : { body, as: { [p]: await k.newUser() } }
    },
  },
  {
    route: 'POST /api/v1/user/email/confirm',
    expect: SIGNED_IN(200),
    fresh: true,
    request: async (k, p) => {
      if (p === 'anonymous') return { body: { code: '123456' } }
      const s = await k.newUser()
      const email = `confirm-${rnd()}@example.in`
      await injectAs(k.ctx.app, s, { method: 'POST', url: '/api/v1/user/email/change', payload: { email } })
      return { body: { code: await mailedCode(k.ctx, email) }, as: { [p]: s } }
    },
  },
  {
    route: 'DELETE /api/v1/user/email/change',
    expect: SIGNED_IN(200),
    request: () => ({}),
  },

  // Profiles
  { route: 'GET /api/v1/user/me', expect: SIGNED_IN(200), request: () => ({}) },
  {
    route: 'PATCH /api/v1/user/preferences',
    expect: SIGNED_IN(200),
    request: () => ({ body: { language: 'en-IN' } }),
  },
  {
    route: 'GET /api/v1/user/m/:userId',
    expect: ALL(200),
    request: (k) => ({ params: { userId: k.s.freelancer.user.userId } }),
  },
  {
    route: 'GET /api/v1/user/:id',
    expect: ALL(200),
    request: (k) => ({ params: { id: k.s.freelancer.user._id } }),
  },
  {
    route: 'PUT /api/v1/user/profile',
    expect: SIGNED_IN(200),
    request: () => ({ multipart: { fields: { fullname: 'Same Name' } } }),
  },
  {
    route: 'POST /api/v1/user/profile/update',
    expect: SIGNED_IN(200),
    request: () => ({ multipart: { fields: { fullname: 'Same Name', bio: 'I build things' } } }),
  },
  {
    route: 'POST /api/v1/user/update-skills',
    expect: SIGNED_IN(200),
    request: () => ({ body: { skills: ['React'] } }),
  },
  {
    route: 'POST /api/v1/user/role',
    expect: SIGNED_IN(200),
    fresh: true,
    request: async (k, p) =>
      p === 'anonymous'
        ? { body: { role: 'client' } }
        : { body: { role: 'client' }, as: { [p]: await k.newUser() } },
  },

  // Uploads: files are public by their unguessable name; anyone signed in uploads.
  {
    route: 'GET /uploads/:fileName',
    expect: ALL(200),
    request: (k) => ({ params: { fileName: k.fx.upload.fileName } }),
  },
  {
    route: 'POST /api/v1/uploads',
    expect: SIGNED_IN(201),
    request: (k) => ({
      multipart: { fields: {}, files: [{ field: 'files', name: 'a.png', type: 'image/png', data: k.png }] },
    }),
  },

  // Jobs
  {
    route: 'POST /api/v1/job/post',
    expect: [401, 201, 201, 403],
    request: () => ({ body: jobBody() }),
  },
  { route: 'GET /api/v1/job/get', expect: ALL(200), request: () => ({ query: { keyword: 'react' } }) },
  { route: 'GET /api/v1/job/getadminjobs', expect: [401, 200, 200, 403], request: () => ({}) },
  {
    route: 'GET /api/v1/job/:id',
    expect: ALL(200),
    request: (k) => ({ params: { id: k.fx.job._id } }),
  },
  {
    route: 'GET /api/v1/job/:id',
    case: 'a draft job',
    expect: [404, 200, 404, 404],
    request: (k) => ({ params: { id: k.fx.draftJob._id } }),
  },
  {
    route: 'GET /api/v1/job/:id',
    case: 'an archived job',
    expect: [404, 200, 404, 404],
    request: async (k) => ({ params: { id: (await k.archivedJob())._id } }),
  },
  {
    route: 'PUT /api/v1/job/:id',
    expect: OWNER_ONLY(200),
    request: (k) => ({ params: { id: k.fx.openJob._id }, body: jobBody({ title: 'Logo for a tea shop' }) }),
  },
  {
    route: 'PUT /api/v1/job/:id',
    case: 'a draft job',
    expect: [401, 200, 404, 404],
    request: (k) => ({
      params: { id: k.fx.draftJob._id },
      body: jobBody({ title: 'Secret draft', status: 'draft' }),
    }),
  },
  {
    route: 'POST /api/v1/job/:id/status',
    expect: OWNER_ONLY(200),
    fresh: true,
    request: async (k) => ({ params: { id: (await k.newJob())._id }, body: { action: 'close' } }),
  },
  {
    route: 'DELETE /api/v1/job/:id',
    expect: OWNER_ONLY(200),
    fresh: true,
    request: async (k) => ({ params: { id: (await k.newJob())._id } }),
  },
  {
    route: 'DELETE /api/v1/job/:id',
    case: 'a draft job',
    expect: [401, 200, 404, 404],
    fresh: true,
    request: async (k) => ({ params: { id: (await k.newJob({ status: 'draft' }))._id } }),
  },
  {
    // Escrow work: only the hired freelancer hands in work or asks to be paid.
    route: 'POST /api/v1/job/:id/submit-work',
    who: FREELANCER_SIDE,
    expect: OWNER_ONLY(200),
    request: (k) => ({ params: { id: k.fx.job._id }, body: { message: 'Done, see the link' } }),
  },
  {
    route: 'POST /api/v1/job/:id/request-payment',
    who: FREELANCER_SIDE,
    expect: OWNER_ONLY(200),
    request: (k) => ({ params: { id: k.fx.job._id }, body: { message: 'Please release' } }),
  },

  // Contracts (ADR 048): each caller lists their own; one contract is read by its client and its freelancer.
  { route: 'GET /api/v1/contracts', expect: SIGNED_IN(200), request: () => ({}) },
  {
    route: 'GET /api/v1/contracts/:id',
    expect: [401, 200, 403, 200],
    request: async (k) => ({ params: { id: await sharedContractId(k) } }),
    check: (persona, body) => {
      if (body.contract && body.contract.jobId === undefined) throw new Error(`${persona}: no jobId`)
    },
  },

  {
    // The split before Release (ADR 050): the contract's client only.
    route: 'GET /api/v1/contracts/:id/release-preview',
    expect: OWNER_ONLY(200),
    request: async (k) => ({ params: { id: await sharedContractId(k) }, query: { units: '1' } }),
  },

  // Delivery (ADR 057): the contract's freelancer submits work, its client asks for changes.
  {
    route: 'POST /api/v1/contracts/:id/submit',
    who: FREELANCER_SIDE,
    expect: OWNER_ONLY(200),
    request: async (k) => ({
      params: { id: await deliveryContractId(k, false) },
      body: { message: 'Logo in three sizes' },
    }),
  },
  {
    route: 'POST /api/v1/contracts/:id/request-changes',
    who: CLIENT_SIDE,
    expect: OWNER_ONLY(200),
    fresh: true,
    request: async (k) => ({
      params: { id: await deliveryContractId(k, true) },
      body: { reason: 'Make the logo bigger' },
    }),
  },

  // Reviews (ADR 060): the two parties of an ended contract; anyone reads a person's visible reviews.
  {
    route: 'POST /api/v1/contracts/:id/review',
    who: CLIENT_SIDE,
    expect: [401, 201, 403, 201],
    fresh: true,
    request: async (k) => ({
      params: { id: await endedContractId(k) },
      body: { rating: 4, text: 'Clear and quick' },
    }),
  },
  {
    route: 'GET /api/v1/contracts/:id/reviews',
    who: CLIENT_SIDE,
    expect: [401, 200, 403, 200],
    request: async (k) => ({ params: { id: await sharedContractId(k) } }),
  },
  {
    route: 'GET /api/v1/user/:id/reviews',
    expect: ALL(200),
    request: (k) => ({ params: { id: k.s.freelancer.user._id } }),
  },

  // Applications
  {
    // The job's own client is refused (own_job); any freelancer applies once.
    route: 'POST /api/v1/application/jobs/:id/apply',
    who: FREELANCER_SIDE,
    expect: [401, 201, 201, 403],
    fresh: true,
    request: async (k) => ({ params: { id: (await k.newJob())._id }, body: {} }),
  },
  {
    route: 'POST /api/v1/application/jobs/:id/apply',
    case: 'a draft job',
    who: FREELANCER_SIDE,
    expect: [401, 404, 404, 403],
    request: (k) => ({ params: { id: k.fx.draftJob._id }, body: {} }),
  },
  {
    // A resume must be the applicant's own (their upload or profile resume); the client's photo is nobody else's.
    route: 'POST /api/v1/application/jobs/:id/apply',
    case: "someone else's upload as the resume",
    who: FREELANCER_SIDE,
    expect: [401, 400, 400, 403],
    request: (k) => ({ params: { id: k.fx.openJob._id }, body: { resume: k.fx.upload.url } }),
    check: (p, body) => {
      if ((p === 'owner' || p === 'other') && body.code !== 'resume_not_yours')
        throw new Error('refused as resume_not_yours')
    },
  },
  {
    route: 'GET /api/v1/application/student/applications',
    who: FREELANCER_SIDE,
    expect: SIGNED_IN(200),
    request: () => ({}),
  },
  {
    // The shared job's freelancer was accepted: the owner sees their email and phone (ADR 041).
    route: 'GET /api/v1/application/jobs/:id/applicants',
    expect: OWNER_ONLY(200),
    request: (k) => ({ params: { id: k.fx.job._id } }),
    check: (p, body) => {
      if (p !== 'owner') return
      const apps = body.data.applications
      if (!apps.some((a: any) => a.status === 'accepted' && a.applicant.email))
        throw new Error('the poster sees the contact of the applicant they accepted')
      if (apps.some((a: any) => a.status !== 'accepted' && 'email' in a.applicant))
        throw new Error('the poster sees no contact of an applicant they have not accepted')
    },
  },
  {
    // ADR 041: anyone can post a job, so a pending application shows the poster no email or phone number.
    route: 'GET /api/v1/application/jobs/:id/applicants',
    case: 'a pending applicant',
    expect: OWNER_ONLY(200),
    request: async (k) => ({ params: { id: (await k.newApplication('freelancer2')).job._id } }),
    check: (p, body) => {
      if (p !== 'owner') return
      const [a] = body.data.applications
      if (a?.status !== 'pending' || 'email' in a.applicant || 'phoneNumber' in a.applicant)
        throw new Error('a pending applicant’s email and phone are left out')
    },
  },
  {
    route: 'GET /api/v1/application/jobs/:id/applicants',
    case: 'a draft job',
    expect: [401, 200, 404, 404],
    request: (k) => ({ params: { id: k.fx.draftJob._id } }),
  },
  {
    // wrongRole is the applicant: nobody accepts themself.
    route: 'PATCH /api/v1/application/applications/:applicationId/status',
    expect: OWNER_ONLY(200),
    fresh: true,
    request: async (k) => ({
      params: { applicationId: (await k.newApplication('freelancer')).application._id },
      body: { status: 'accepted' },
    }),
    // Accepting answers with the applicant's contact details (ADR 041); refusals carry none.
    check: (p, body) => {
      if (p === 'owner' && !body.application.applicant?.email)
        throw new Error('accepting shows the poster the applicant’s contact')
      if (p !== 'owner' && JSON.stringify(body).includes('@'))
        throw new Error('a refused caller sees no contact')
    },
  },
  {
    // wrongRole is the job's client: only the applicant withdraws.
    route: 'DELETE /api/v1/application/applications/:applicationId',
    who: FREELANCER_SIDE,
    expect: OWNER_ONLY(200),
    fresh: true,
    request: async (k) => ({
      params: { applicationId: (await k.newApplication('freelancer')).application._id },
    }),
  },

  // Companies
  {
    route: 'POST /api/v1/company',
    expect: [401, 201, 201, 403],
    // Fuzzed as the other client, so the owner's 20-company limit is left for the fresh companies of later rows.
    fuzzAs: 'other',
    request: () => ({ body: { name: `Acme ${rnd()}` } }),
  },
  { route: 'GET /api/v1/company', expect: SIGNED_IN(200), request: () => ({}) },
  {
    route: 'GET /api/v1/company/:id',
    expect: ALL(200),
    request: (k) => ({ params: { id: k.fx.company._id } }),
  },
  {
    route: 'PUT /api/v1/company/:id',
    expect: OWNER_ONLY(200),
    request: (k) => ({ params: { id: k.fx.company._id }, body: { name: k.fx.company.name } }),
  },
  {
    route: 'DELETE /api/v1/company/:id',
    expect: OWNER_ONLY(200),
    fresh: true,
    request: async (k) => ({ params: { id: (await k.newCompany())._id } }),
  },

  // Search
  { route: 'GET /api/v1/search', expect: ALL(200), request: () => ({ query: { q: 'react' } }) },

  // Payments, under both bases
  ...paymentRows('/api/payments'),
  ...paymentRows('/api/v1/payments'),

  // Saved searches and job alerts (ADR 064): each person their own; the unsubscribe link needs no session.
  { route: 'GET /api/v1/alerts', expect: SIGNED_IN(200), request: () => ({}) },
  {
    route: 'POST /api/v1/alerts',
    expect: SIGNED_IN(201),
    fresh: true,
    request: () => ({ body: { q: `matrix ${rnd()}`, frequency: 'daily' } }),
  },
  {
    route: 'PATCH /api/v1/alerts/:id',
    who: FREELANCER_SIDE,
    expect: OWNER_ONLY(200),
    fresh: true,
    request: async (k) => ({ params: { id: await savedSearchOf(k) }, body: { frequency: 'weekly' } }),
  },
  {
    route: 'DELETE /api/v1/alerts/:id',
    who: FREELANCER_SIDE,
    expect: OWNER_ONLY(200),
    fresh: true,
    request: async (k) => ({ params: { id: await savedSearchOf(k) } }),
  },
  {
    route: 'PUT /api/v1/alerts/applicants',
    expect: SIGNED_IN(200),
    request: () => ({ body: { frequency: 'daily' } }),
  },
  {
    route: 'GET /api/v1/alerts/unsubscribe',
    expect: ALL(200),
    fresh: true,
    request: async (k) => ({ query: { token: await unsubscribeToken(k) } }),
  },
  {
    route: 'POST /api/v1/alerts/unsubscribe',
    expect: ALL(200),
    fresh: true,
    request: async (k) => ({ query: { token: await unsubscribeToken(k) } }),
  },

  // Payout details (ADR 049): everyone signed in has their own; only operators read someone else's.
  { route: 'GET /api/v1/payouts/account', expect: SIGNED_IN(200), request: () => ({}) },
  {
    route: 'PUT /api/v1/payouts/account',
    expect: SIGNED_IN(200),
    request: () => ({
      body: {
        legalName: 'Matrix Person',
        pan: 'ABCPE1234F',
        state: 'Maharashtra',
        bankAccount: '123456789012',
        ifsc: 'HDFC0001234',
      },
    }),
  },
  {
    // Operators only: the owner cannot use it either (they have GET /account).
    route: 'GET /api/v1/payouts/accounts/:userId',
    expect: [401, 403, 403, 403],
    request: (k) => ({ params: { userId: k.s.freelancer.user._id } }),
  },
  // Payouts (ADR 050): everyone reads their own.
  { route: 'GET /api/v1/payouts', expect: SIGNED_IN(200), request: () => ({}) },
  {
    // Authenticated by the provider's signature, not by a session.
    route: 'POST /api/v1/payouts/webhook',
    expect: ALL(200),
    fresh: true,
    request: (k) => k.signedWebhook(),
  },

  // The operators' money page and reconciliation (ADR 053): an operator as owner; clients and freelancers never.
  {
    route: 'GET /api/v1/admin/money',
    expect: [401, 200, 403, 403],
    request: async (k) => ({ as: { owner: await operatorOf(k) } }),
  },
  {
    route: 'POST /api/v1/admin/reconciliation/run',
    expect: [401, 200, 403, 403],
    request: async (k) => ({ as: { owner: await operatorOf(k) } }),
  },
  {
    // An operator sends a failed refund again (ADR 050).
    route: 'POST /api/v1/refunds/:id/retry',
    expect: [401, 200, 403, 403],
    request: async (k) => ({ params: { id: await failedRefundId(k) }, as: { owner: await operatorOf(k) } }),
  },
  {
    // An operator retries a failed transfer (ADR 050); there is none with this id.
    route: 'POST /api/v1/transfers/:id/retry',
    expect: [401, 404, 403, 403],
    request: async (k) => ({
      params: { id: '00000000-0000-4000-8000-000000000000' },
      as: { owner: await operatorOf(k) },
    }),
  },

  // Reports and held jobs (ADR 056): anyone signed in reports someone else's profile; operators decide.
  {
    route: 'POST /api/v1/reports',
    expect: SIGNED_IN(201),
    fresh: true,
    request: async (k) => ({
      body: { targetType: 'profile', targetId: (await k.newUser()).user._id, reason: 'spam' },
    }),
  },
  {
    route: 'GET /api/v1/admin/reports',
    expect: [401, 200, 403, 403],
    request: async (k) => ({ query: { status: 'open' }, as: { owner: await operatorOf(k) } }),
  },
  {
    route: 'POST /api/v1/admin/reports/:id/resolve',
    expect: [401, 200, 403, 403],
    fresh: true,
    request: async (k) => ({
      params: { id: await openReportId(k) },
      body: { action: 'dismiss', note: 'Nothing wrong here' },
      as: { owner: await operatorOf(k) },
    }),
  },
  {
    route: 'GET /api/v1/admin/held-jobs',
    expect: [401, 200, 403, 403],
    request: async (k) => ({ as: { owner: await operatorOf(k) } }),
  },
  {
    route: 'POST /api/v1/admin/held-jobs/:id/approve',
    expect: [401, 200, 403, 403],
    fresh: true,
    request: async (k) => ({ params: { id: (await heldJob(k))._id }, as: { owner: await operatorOf(k) } }),
  },
  {
    route: 'POST /api/v1/admin/held-jobs/:id/reject',
    expect: [401, 200, 403, 403],
    fresh: true,
    request: async (k) => ({
      params: { id: (await heldJob(k))._id },
      body: { reason: 'Asking applicants to pay is not allowed' },
      as: { owner: await operatorOf(k) },
    }),
  },

  // Disputes (ADR 058): the contract's two parties open, read, answer and settle; operators queue, read and decide.
  {
    route: 'POST /api/v1/contracts/:id/dispute',
    expect: [401, 201, 403, 201],
    fresh: true,
    request: async (k, p) => ({
      params: { id: p === 'anonymous' ? NO_ID : (await disputeOf(k, false)).contractId },
      body: { reason: 'The work never came', evidence: 'Agreed on 3 pages' },
    }),
  },
  {
    route: 'GET /api/v1/contracts/:id/dispute',
    expect: [401, 200, 403, 200],
    request: async (k) => ({ params: { id: (await disputeOf(k)).contractId } }),
  },
  {
    route: 'GET /api/v1/disputes',
    expect: [401, 200, 403, 403],
    request: async (k) => ({ query: { status: 'open' }, as: { owner: await operatorOf(k) } }),
  },
  {
    route: 'GET /api/v1/disputes/:id',
    expect: [401, 200, 403, 200],
    request: async (k) => ({ params: { id: (await disputeOf(k)).disputeId } }),
  },
  {
    // Each read of the parties' chat is kept in the audit log.
    route: 'GET /api/v1/disputes/:id/operator',
    expect: [401, 200, 403, 403],
    request: async (k) => ({
      params: { id: (await disputeOf(k)).disputeId },
      as: { owner: await operatorOf(k) },
    }),
  },
  {
    // The other side answers (the freelancer, to the client's dispute); the one who opened it cannot (409).
    route: 'POST /api/v1/disputes/:id/answer',
    who: FREELANCER_SIDE,
    expect: [401, 200, 403, 409],
    fresh: true,
    request: async (k, p) => ({
      params: { id: p === 'anonymous' ? NO_ID : (await disputeOf(k)).disputeId },
      body: { answer: 'I sent the pages on time' },
    }),
  },
  {
    route: 'POST /api/v1/disputes/:id/proposals',
    expect: [401, 200, 403, 200],
    request: async (k) => {
      const d = await disputeOf(k)
      return { params: { id: d.disputeId }, body: { releaseAmount: 0, refundAmount: d.inEscrow } }
    },
  },
  {
    // The side that did not propose accepts or declines; the proposer cannot (409).
    route: 'POST /api/v1/disputes/:id/proposals/:proposalId/accept',
    who: FREELANCER_SIDE,
    expect: [401, 200, 403, 409],
    fresh: true,
    request: async (k, p) => ({
      params: p === 'anonymous' ? { id: NO_ID, proposalId: NO_ID } : await proposalOf(k),
    }),
  },
  {
    route: 'POST /api/v1/disputes/:id/proposals/:proposalId/decline',
    who: FREELANCER_SIDE,
    expect: [401, 200, 403, 409],
    fresh: true,
    request: async (k, p) => ({
      params: p === 'anonymous' ? { id: NO_ID, proposalId: NO_ID } : await proposalOf(k),
    }),
  },
  {
    route: 'POST /api/v1/disputes/:id/notes',
    expect: [401, 200, 403, 403],
    request: async (k) => ({
      params: { id: (await disputeOf(k)).disputeId },
      body: { note: 'Asked both sides for files' },
      as: { owner: await operatorOf(k) },
    }),
  },
  {
    route: 'POST /api/v1/disputes/:id/resolve',
    expect: [401, 200, 403, 403],
    fresh: true,
    request: async (k, p) => {
      const d = p === 'anonymous' ? { disputeId: NO_ID, inEscrow: 0 } : await disputeOf(k)
      return {
        params: { id: d.disputeId },
        body: { releaseAmount: 0, refundAmount: d.inEscrow, note: 'Nothing was delivered' },
        as: { owner: await operatorOf(k) },
      }
    },
  },

  // Chat. A conversation is named by the other member, so nobody can name someone else's: "other" opens their
  // own, empty one with the same person; wrongRole is that person, who cannot message themself (400).
  { route: 'GET /api/v1/chat/conversations', expect: SIGNED_IN(200), request: () => ({}) },
  {
    route: 'GET /api/v1/chat/unread',
    expect: SIGNED_IN(200),
    request: () => ({}),
    check: (p, body) => {
      if (p === 'other' && (body.data.conversations !== 0 || body.data.from.length !== 0))
        throw new Error('another user has nobody waiting on them')
    },
  },
  {
    route: 'GET /api/v1/chat/conversations/with-job/:userId',
    expect: [401, 200, 200, 400],
    request: (k) => ({ params: { userId: k.s.freelancer.user._id } }),
  },
  {
    route: 'GET /api/v1/chat/messages/:userId',
    expect: [401, 200, 200, 400],
    request: (k) => ({ params: { userId: k.s.freelancer.user._id } }),
    check: (p, body) => {
      if (p === 'owner' && body.data.messages.length < 2) throw new Error('the owner sees the conversation')
      if (p === 'other' && body.data.messages.length !== 0) throw new Error('another user sees none of it')
    },
  },
  {
    route: 'POST /api/v1/chat/send',
    expect: [401, 201, 201, 400],
    request: (k) => ({ body: { receiver: k.s.freelancer.user._id, content: 'Hello there' } }),
  },
  {
    route: 'POST /api/v1/chat/read/:userId',
    expect: [401, 200, 200, 400],
    request: (k) => ({ params: { userId: k.s.freelancer.user._id } }),
  },

  // Money documents (ADR 051): each caller lists their own; a document is read by its owner (and operators), and
  // anyone else gets 404, as for one that does not exist.
  {
    route: 'GET /api/v1/documents',
    expect: SIGNED_IN(200),
    request: () => ({ query: { year: financialYearOf(new Date()) } }),
    check: (p, body) => {
      if (p === 'other' && body.documents.some((d: { kind: string }) => d.kind !== 'statement'))
        throw new Error('another client has no documents but their statement')
    },
  },
  {
    route: 'GET /api/v1/documents',
    case: 'the statement as CSV',
    expect: SIGNED_IN(200),
    request: () => ({ query: { year: financialYearOf(new Date()), format: 'csv' } }),
  },
  {
    // The statement's id is the year; everyone signed in has their own.
    route: 'GET /api/v1/documents/:kind/:id.pdf',
    expect: SIGNED_IN(200),
    request: () => ({ params: { kind: 'statement', id: financialYearOf(new Date()) } }),
  },
  {
    route: 'GET /api/v1/documents/:kind/:id.pdf',
    case: 'a GST invoice: the freelancer of its release',
    who: FREELANCER_SIDE,
    expect: [401, 200, 404, 404],
    request: async (k) => ({ params: { kind: 'invoice', id: (await releasedDocsOf(k)).invoice } }),
  },
  {
    route: 'GET /api/v1/documents/:kind/:id.pdf',
    case: 'a payment advice: the freelancer paid',
    who: FREELANCER_SIDE,
    expect: [401, 200, 404, 404],
    request: async (k) => ({ params: { kind: 'advice', id: (await releasedDocsOf(k)).advice } }),
  },
  {
    route: 'GET /api/v1/documents/:kind/:id.pdf',
    case: 'a receipt: the client who paid',
    expect: [401, 200, 404, 404],
    request: async (k) => ({ params: { kind: 'receipt', id: (await releasedDocsOf(k)).receipt } }),
  },

  // Notifications: only the owner reads or marks one.
  { route: 'GET /api/v1/notification', expect: SIGNED_IN(200), request: () => ({}) },
  { route: 'PATCH /api/v1/notification/read-all', expect: SIGNED_IN(200), request: () => ({}) },
  {
    route: 'PATCH /api/v1/notification/:id/read',
    expect: OWNER_ONLY(200),
    request: (k) => ({ params: { id: k.fx.notification } }),
  },

  // Posts
  {
    route: 'POST /api/v1/posts/create',
    expect: SIGNED_IN(201),
    request: () => ({ body: { content: 'A post from the matrix' } }),
  },
  { route: 'GET /api/v1/posts', expect: ALL(200), request: () => ({}) },
  { route: 'GET /api/v1/posts/mine', expect: SIGNED_IN(200), request: () => ({}) },
  {
    route: 'GET /api/v1/posts/user/:userId',
    expect: ALL(200),
    request: (k) => ({ params: { userId: k.s.client.user.userId } }),
  },
  {
    route: 'DELETE /api/v1/posts/:id',
    expect: OWNER_ONLY(200),
    fresh: true,
    request: async (k) => ({ params: { id: (await k.newPost('client'))._id } }),
  },
  {
    route: 'POST /api/v1/posts/:id/like',
    expect: SIGNED_IN(200),
    request: (k) => ({ params: { id: k.fx.post._id } }),
  },
  {
    route: 'GET /api/v1/posts/:id/comments',
    expect: ALL(200),
    request: (k) => ({ params: { id: k.fx.post._id } }),
  },
  {
    route: 'POST /api/v1/posts/:id/comments',
    expect: SIGNED_IN(201),
    request: (k) => ({ params: { id: k.fx.post._id }, body: { content: 'Well said' } }),
  },
  {
    // The comment's writer deletes it; an unrelated client may not (the post's author may: next row).
    route: 'DELETE /api/v1/posts/comments/:id',
    who: { owner: 'freelancer', other: 'freelancer2', wrongRole: 'client2' },
    expect: OWNER_ONLY(200),
    fresh: true,
    request: async (k) => ({ params: { id: (await k.newComment('freelancer'))._id } }),
  },
  {
    route: 'DELETE /api/v1/posts/comments/:id',
    case: "by the author of the post it is on (client's post)",
    expect: OWNER_ONLY(200),
    who: { owner: 'client', other: 'client2', wrongRole: 'freelancer2' },
    fresh: true,
    request: async (k) => ({ params: { id: (await k.newComment('freelancer'))._id } }),
  },
]
