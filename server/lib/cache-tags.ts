import type { FastifyRequest } from 'fastify'
import { RawJson } from './raw-json'
import { ALL_ANSWERS, DROP_ALL, SESSIONS, type Drop, type Scope } from './read-cache'

/**
 * The read cache's tags (ADR 052): what each cached answer shows, and what each write and realtime event can change.
 * A write drops the answers carrying any tag it names; nothing else.
 */
export const tag = {
  /** Every answer that lists jobs: the job browser's pages, search, a conversation's shared jobs. */
  jobs: 'jobs',
  /** One job's detail, for every viewer. */
  job: (id: string) => `job:${id}`,
  /** Every job's detail (a write that changes jobs it cannot name: a company, an application by its id). */
  jobDetails: 'job-details',
  /** Every answer that lists posts: the feed's pages, search. */
  posts: 'posts',
  /** Every answer that shows this post (its likes and comment count). */
  post: (id: string) => `post:${id}`,
  /** Every answer that lists people found by name (search). */
  users: 'users',
  /** Every answer that shows this person's name or photo (read from the answer: a profile save changes them). */
  person: (userId: string) => `person:${userId}`,
  /** A person's chat answers: conversations, unread count, messages, shared jobs. */
  chat: (userId: string) => `chat:${userId}`,
  /** A person's notifications. */
  notifications: (userId: string) => `notif:${userId}`,
  /** Every answer kept for this signed-in person (what they see depends on their skills and role). */
  me: (userId: string) => `me:${userId}`,
} as const

const POST_KIND = 'post:'
const PERSON_KIND = 'person:'
const mine = (req: FastifyRequest): string[] => (req.user ? [tag.me(req.user.id)] : [])

/** The people an answer shows: every object in it with a `fullname` (a job's poster, a post's author, a sender). */
export function peopleIn(answer: unknown): string[] {
  const ids = new Set<string>()
  const walk = (v: unknown): void => {
    if (v instanceof RawJson) for (const id of v.people) ids.add(id)
    else if (Array.isArray(v)) for (const x of v) walk(x)
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>
      if (typeof o.fullname === 'string' && typeof o._id === 'string') ids.add(o._id)
      for (const k in o) if (o[k] && typeof o[k] === 'object') walk(o[k])
    }
  }
  walk(answer)
  return [...ids].map(tag.person)
}
const postsIn = (a: { data: { posts: { _id: string }[] } }) => a.data.posts.map((p) => tag.post(p._id))
type WithPosts = { data: { posts: { _id: string }[] } }

/** The tags of each cached read answer, by what it shows. */
export const scopes = {
  jobList: (req: FastifyRequest): Scope => ({
    tags: [tag.jobs, ...mine(req)],
    of: peopleIn,
    kinds: [PERSON_KIND],
  }),
  job: (req: FastifyRequest, id: string): Scope => ({
    tags: [tag.job(id), tag.jobDetails, ...mine(req)],
    of: peopleIn,
    kinds: [PERSON_KIND],
  }),
  search: (req: FastifyRequest): Scope<WithPosts> => ({
    tags: [tag.jobs, tag.posts, tag.users, ...mine(req)],
    of: (a) => [...postsIn(a), ...peopleIn(a)],
    kinds: [POST_KIND, PERSON_KIND],
  }),
  feed: (req: FastifyRequest): Scope<WithPosts> => ({
    tags: [tag.posts, ...mine(req)],
    of: (a) => [...postsIn(a), ...peopleIn(a)],
    kinds: [POST_KIND, PERSON_KIND],
  }),
  /** Conversations, unread count, messages: the person's messages and the names of whom they talk with. */
  chat: (req: FastifyRequest): Scope => ({
    tags: [tag.chat(req.user!.id), ...mine(req)],
    of: peopleIn,
    kinds: [PERSON_KIND],
  }),
  /** The jobs two people share, beside their conversation. */
  chatJobs: (req: FastifyRequest): Scope => ({
    tags: [tag.chat(req.user!.id), tag.jobs, ...mine(req)],
    of: peopleIn,
    kinds: [PERSON_KIND],
  }),
  notifications: (req: FastifyRequest): Scope => ({ tags: [tag.notifications(req.user!.id), ...mine(req)] }),
}

type Req = FastifyRequest<{ Params: Record<string, string>; Body: Record<string, unknown> }>
const param = (req: Req, name: string) => String(req.params?.[name] ?? '')
const bodyField = (req: Req, name: string): string | undefined => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name]
  return typeof v === 'string' ? v : undefined
}
const me = (req: Req) => (req.user ? [tag.me(req.user.id)] : [])
/** The job a payment acts on, when the request names it; otherwise any job's detail. */
const paymentJob = (req: Req) => {
  const jobId = bodyField(req, 'jobId')
  return [tag.jobs, jobId ? tag.job(jobId) : tag.jobDetails]
}
/**
 * Money paid in: as `paymentJob`, and every answer showing the payer, whose jobs now carry "Payment verified"
 * (ADR 060).
 */
const funding = (req: Req) => [...paymentJob(req), ...(req.user ? [tag.person(req.user.id)] : [])]
/**
 * A change to the person (name, photo, skills, role, email): their remembered session, the answers that show them,
 * people found by name, and their own answers.
 */
const person = (req: Req) => [SESSIONS, ...(req.user ? [tag.person(req.user.id)] : []), tag.users, ...me(req)]
const nothing = (): Drop => []

/**
 * What every write route drops when it succeeds (ADR 052), by `METHOD url` as registered. A write route missing here
 * drops everything (and `read-cache-drops.test.ts` fails until it has a row). Realtime events drop their own answers
 * (`eventDrop`): a write that publishes one need not name them too, but may.
 */
export const WRITE_DROPS: Record<string, (req: Req) => Drop> = {
  // Asking for a code changes nothing anyone reads; signing in may make a new person, whom search can find.
  'POST /api/v1/user/send-login-otp': nothing,
  'POST /api/v1/user/send-otp': nothing,
  'POST /api/v1/user/verify-otp': () => [tag.users],
  'POST /api/v1/user/logout': () => [SESSIONS],
  'POST /api/v1/user/email/change': nothing,
  'POST /api/v1/user/email/confirm': person,
  'DELETE /api/v1/user/email/change': nothing,
  'PUT /api/v1/user/profile': person,
  'POST /api/v1/user/profile/update': person,
  'POST /api/v1/user/update-skills': person,
  'POST /api/v1/user/role': person,
  // The language rides on the person's own answers (their session and /me).
  'PATCH /api/v1/user/preferences': person,
  // An upload is nobody's until a post claims it.
  'POST /api/v1/uploads': nothing,
  'POST /api/v1/job/post': () => [tag.jobs],
  'PUT /api/v1/job/:id': (req) => [tag.jobs, tag.job(param(req, 'id'))],
  'POST /api/v1/job/:id/status': (req) => [tag.jobs, tag.job(param(req, 'id'))],
  'DELETE /api/v1/job/:id': (req) => [tag.jobs, tag.job(param(req, 'id'))],
  'POST /api/v1/job/:id/submit-work': (req) => [tag.jobs, tag.job(param(req, 'id'))],
  'POST /api/v1/job/:id/request-payment': (req) => [tag.jobs, tag.job(param(req, 'id'))],
  // An application changes its job's count and applicants, and the applicant's own view of lists.
  'POST /api/v1/application/jobs/:id/apply': (req) => [tag.jobs, tag.job(param(req, 'id'))],
  'PATCH /api/v1/application/applications/:applicationId/status': () => [tag.jobs, tag.jobDetails],
  'DELETE /api/v1/application/applications/:applicationId': () => [tag.jobs, tag.jobDetails],
  // A company no job uses yet shows nowhere; an edit shows on its jobs.
  'POST /api/v1/company': nothing,
  'PUT /api/v1/company/:id': () => [tag.jobs, tag.jobDetails],
  'DELETE /api/v1/company/:id': () => [tag.jobs, tag.jobDetails],
  // Money moves a job's fund status and amounts, shown on its card and detail.
  ...Object.fromEntries(
    ['/api/payments', '/api/v1/payments'].flatMap((base) => [
      [`POST ${base}/create-order`, paymentJob],
      [`POST ${base}/verify`, funding],
      [`POST ${base}/sandbox/pay`, funding],
      [`POST ${base}/release`, paymentJob],
      [`POST ${base}/refund`, paymentJob],
      [`POST ${base}/webhook`, () => [tag.jobs, tag.jobDetails]],
    ]),
  ),
  // A retried refund moves its job's fund status; a reconciliation run records findings no cached answer shows.
  'POST /api/v1/refunds/:id/retry': () => [tag.jobs, tag.jobDetails],
  'POST /api/v1/admin/reconciliation/run': nothing,
  // A retried transfer pays a freelancer out: no cached answer shows payouts.
  'POST /api/v1/transfers/:id/retry': nothing,
  // Disputes (ADR 058): their own answers are not cached; a split accepted or decided moves the job's fund status.
  'POST /api/v1/contracts/:id/dispute': nothing,
  'POST /api/v1/disputes/:id/answer': nothing,
  'POST /api/v1/disputes/:id/proposals': nothing,
  'POST /api/v1/disputes/:id/proposals/:proposalId/accept': () => [tag.jobs, tag.jobDetails],
  'POST /api/v1/disputes/:id/proposals/:proposalId/decline': nothing,
  'POST /api/v1/disputes/:id/notes': nothing,
  'POST /api/v1/disputes/:id/resolve': () => [tag.jobs, tag.jobDetails],
  // Delivery (ADR 057): the review window shows only on the contract's own answer, which is not cached.
  'POST /api/v1/contracts/:id/submit': nothing,
  'POST /api/v1/contracts/:id/request-changes': nothing,
  // Payout details show in no cached answer.
  'PUT /api/v1/payouts/account': nothing,
  'POST /api/v1/payouts/webhook': nothing,
  // Saved searches and the applicant choice show in no cached answer; an alert's notification drops the person's
  // notifications through its realtime event.
  'POST /api/v1/alerts': nothing,
  'PATCH /api/v1/alerts/:id': nothing,
  'DELETE /api/v1/alerts/:id': nothing,
  'PUT /api/v1/alerts/applicants': nothing,
  'POST /api/v1/alerts/unsubscribe': nothing,
  'POST /api/v1/chat/send': (req) => {
    const to = bodyField(req, 'receiver')
    return [tag.chat(req.user!.id), ...(to ? [tag.chat(to), tag.notifications(to)] : [])]
  },
  'POST /api/v1/chat/read/:userId': (req) => [
    tag.chat(req.user!.id),
    tag.chat(param(req, 'userId')),
    tag.notifications(req.user!.id),
  ],
  'PATCH /api/v1/notification/read-all': (req) => [tag.notifications(req.user!.id)],
  'PATCH /api/v1/notification/:id/read': (req) => [tag.notifications(req.user!.id)],
  // A review shows nowhere until both sides wrote; the write that reveals them drops the answers showing the two
  // people itself (reviews.service onVisible: their rating on job cards), and its notification drops the bells.
  'POST /api/v1/contracts/:id/review': nothing,
  'POST /api/v1/posts/create': () => [tag.posts],
  'DELETE /api/v1/posts/:id': (req) => [tag.posts, tag.post(param(req, 'id'))],
  'POST /api/v1/posts/:id/like': (req) => [tag.post(param(req, 'id'))],
  'POST /api/v1/posts/:id/comments': (req) => [tag.post(param(req, 'id'))],
  // A comment named by its own id: its post is not in the request.
  'DELETE /api/v1/posts/comments/:id': () => [tag.posts],
  // Reports show in no cached answer (ADR 056); the operators' queue is read fresh.
  'POST /api/v1/reports': nothing,
  'POST /api/v1/admin/reports/:id/resolve': nothing,
  // A held job goes live (or stays hidden, rejected): the lists that may now show it, and its page for every viewer.
  'POST /api/v1/admin/held-jobs/:id/approve': (req) => [tag.jobs, tag.job(param(req, 'id'))],
  'POST /api/v1/admin/held-jobs/:id/reject': (req) => [tag.jobs, tag.job(param(req, 'id'))],
}

/** What a successful write request drops: its row in `WRITE_DROPS`, or everything when it has none. */
export function writeDrop(req: FastifyRequest): Drop {
  // A preflight reads nothing and changes nothing.
  if (req.method === 'OPTIONS') return []
  const rule = WRITE_DROPS[`${req.method} ${req.routeOptions.url}`]
  return rule ? rule(req as Req) : DROP_ALL
}

/**
 * What a realtime event drops, on the instance that publishes it and on every instance that delivers it (ADR 052):
 * the answers of the people it is for. An event never changes a session (ADR 032). Typing and refusals change
 * nothing; an event not named here drops every answer.
 */
export function eventDrop(event: string, userIds: readonly string[]): Drop {
  switch (event) {
    case 'receiveMessage':
    case 'messagesRead':
      return userIds.map(tag.chat)
    case 'receiveNotification':
    case 'notificationsRead':
      return userIds.map(tag.notifications)
    case 'typing':
    case 'rateLimited':
      return []
    default:
      return [ALL_ANSWERS]
  }
}
