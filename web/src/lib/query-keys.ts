/**
 * Every TanStack Query key of the app, grouped by server domain (ADR 046). Features read and write the cache only
 * through these: when one feature's change must refresh another's data, the key it names is written here, not as a
 * literal array that silently has to match the other feature's.
 *
 * A group's `all` (or a function without its last argument) is a prefix: invalidating it reaches every key below it.
 */
export const queryKeys = {
  /** GET /config: public server settings. */
  serverConfig: () => ['server-config'] as const,
  /** GET /user/me, asked once per restored session. */
  session: (userId: string | undefined) => ['session', userId] as const,

  users: {
    /** GET /user/:userId: a profile. */
    detail: (userId: string) => ['users', userId] as const,
    /** The email change waiting for its code (ADR 042). */
    pendingEmail: (userId: string) => ['pending-email', userId] as const,
  },

  /** The public job board: lists and detail pages, per viewer (relevance and `hasApplied` are theirs). */
  jobs: {
    all: ['jobs'] as const,
    lists: () => ['jobs', 'list'] as const,
    list: <F>(viewerId: string | null, filters: F) =>
      ['jobs', 'list', viewerId ?? 'anonymous', filters] as const,
    details: () => ['jobs', 'detail'] as const,
    detail: (viewerId: string | null, id: string) => ['jobs', 'detail', viewerId ?? 'anonymous', id] as const,
  },

  /** The jobs a client posted, as the job-posting area (the /admin/jobs/… pages of product.md §3) reads them. */
  postedJobs: {
    all: ['posted-jobs'] as const,
    list: () => ['posted-jobs', 'list'] as const,
    /** One posted job as its edit form reads it (drafts included). */
    detail: (id: string) => ['posted-jobs', 'detail', id] as const,
  },

  applications: {
    all: ['applications'] as const,
    /** The freelancer's own applications (profile → Applied Jobs). */
    mine: () => ['applications', 'mine'] as const,
    /** Every job's applicants, as their poster sees them. */
    applicantsOfAllJobs: () => ['applications', 'applicants'] as const,
    applicants: (jobId: string) => ['applications', 'applicants', jobId] as const,
  },

  companies: {
    all: ['companies'] as const,
    /** The caller's own company profiles. */
    mine: () => ['companies', 'mine'] as const,
  },

  payments: {
    all: ['payments'] as const,
    /** One job's escrow summary. */
    job: (jobId: string) => ['payments', 'job', jobId] as const,
    earnings: () => ['payments', 'earnings'] as const,
    /** GET /contracts: every hire of the caller, as client or freelancer. */
    contracts: () => ['payments', 'contracts', 'mine'] as const,
    /** GET /contracts/:id: one hire with its refunds[] and payouts[] (ADR 050). */
    contract: (contractId: string) => ['payments', 'contract', contractId] as const,
    /** GET /contracts/:id/release-preview: the split of releasing `units`. */
    releasePreview: (contractId: string, units: number) =>
      ['payments', 'release-preview', contractId, units] as const,
  },

  /** GET /alerts: the caller's saved searches; an unsubscribe link's answer by its token (ADR 064). */
  alerts: {
    all: ['alerts'] as const,
    list: () => ['alerts', 'list'] as const,
    unsubscribe: (token: string) => ['alerts', 'unsubscribe', token] as const,
  },
  payouts: {
    all: ['payouts'] as const,
    /** The caller's payout details, masked (ADR 049). */
    account: () => ['payouts', 'account'] as const,
    /** GET /payouts: the caller's payouts with their totals (ADR 050). */
    list: () => ['payouts', 'list'] as const,
  },

  /** GET /documents?year=: invoices, receipts, advices and the statement of one financial year. */
  documents: {
    all: ['documents'] as const,
    year: (year: string) => ['documents', year] as const,
  },

  /** GET /admin/money: the operators' money page, the latest reconciliation and money out to retry (ADR 053). */
  operatorMoney: () => ['operator-money'] as const,

  /** Disputes (ADR 058): a contract's, and the operators' queue and view. */
  disputes: {
    all: ['disputes'] as const,
    ofContract: (contractId: string) => ['disputes', 'contract', contractId] as const,
    queue: (status: string) => ['disputes', 'queue', status] as const,
    operator: (disputeId: string) => ['disputes', 'operator', disputeId] as const,
  },

  /** Reviews and profile facts (ADR 060). */
  reviews: {
    all: ['reviews'] as const,
    ofContract: (contractId: string) => ['reviews', 'contract', contractId] as const,
    ofUser: (userId: string) => ['reviews', 'user', userId] as const,
    reputation: (userId: string) => ['reviews', 'reputation', userId] as const,
  },

  /** The operators' reports and held jobs (ADR 056). */
  moderation: {
    all: ['moderation'] as const,
    reports: (status: string) => ['moderation', 'reports', status] as const,
    heldJobs: () => ['moderation', 'held-jobs'] as const,
  },

  /** The socket handlers write to the same keys the chat screens read. */
  chat: {
    all: ['chat'] as const,
    conversations: () => ['chat', 'conversations'] as const,
    unread: () => ['chat', 'unread'] as const,
    messages: (userId: string) => ['chat', 'messages', userId] as const,
    withJobs: (userId: string) => ['chat', 'with-job', userId] as const,
    typing: (userId: string) => ['chat', 'typing', userId] as const,
  },

  notifications: {
    all: ['notifications'] as const,
  },

  posts: {
    all: ['posts'] as const,
    lists: () => ['posts', 'list'] as const,
    list: <S>(viewerId: string | null, scope: S) =>
      ['posts', 'list', viewerId ?? 'anonymous', scope] as const,
    comments: (postId: string) => ['posts', 'comments', postId] as const,
  },

  /** /search results: jobs, people and posts together. */
  search: {
    all: ['search'] as const,
    results: (viewerId: string | null, q: string) => ['search', viewerId ?? 'anonymous', q] as const,
  },
}

/**
 * What the client's job-posting area shows: its list, edit form, applicants and companies. A change to a job's money
 * or a deleted job re-reads all of it.
 */
export const jobPostingAreaKeys = [
  queryKeys.postedJobs.all,
  queryKeys.applications.applicantsOfAllJobs(),
  queryKeys.companies.all,
] as const
