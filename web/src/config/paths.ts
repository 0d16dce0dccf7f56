/** Every route string of the app (ADR 046): `pattern` for the router, `href()` for links. */
const enc = encodeURIComponent

export const paths = {
  home: { pattern: '/', href: () => '/' },
  jobs: { pattern: '/jobs', href: () => '/jobs' },
  login: { pattern: '/login', href: () => '/login' },
  signup: { pattern: '/signup', href: () => '/signup' },
  jobDescription: { pattern: '/description/:id', href: (id: string) => `/description/${enc(id)}` },
  explore: { pattern: '/explore', href: () => '/explore' },
  search: { pattern: '/search', href: (q?: string) => (q ? `/search?q=${enc(q)}` : '/search') },
  posts: { pattern: '/posts', href: () => '/posts' },
  profile: { pattern: '/m/:userId', href: (userId: string) => `/m/${enc(userId)}` },
  skills: { pattern: '/skills', href: () => '/skills' },
  chat: { pattern: '/chat', href: () => '/chat' },
  conversation: { pattern: '/chat/:userId', href: (userId: string) => `/chat/${enc(userId)}` },
  experiencesCreate: { pattern: '/experiences/create', href: () => '/experiences/create' },
  // The /admin/* pages of product.md §3: the client's job-posting area (features/job-posting), not the operator role
  // `admin`.
  adminJobsManage: { pattern: '/admin/jobs/manage', href: () => '/admin/jobs/manage' },
  adminJobsCreate: { pattern: '/admin/jobs/create', href: () => '/admin/jobs/create' },
  adminJobTemplates: { pattern: '/admin/job-templates', href: () => '/admin/job-templates' },
  adminApplicants: {
    pattern: '/admin/jobs/:id/applicants',
    href: (id: string) => `/admin/jobs/${enc(id)}/applicants`,
  },
  adminJobEdit: { pattern: '/admin/jobs/:id/edit', href: (id: string) => `/admin/jobs/${enc(id)}/edit` },
  earnings: { pattern: '/earnings', href: () => '/earnings' },
  feed: { pattern: '/feed', href: () => '/feed' },
  payoutSettings: { pattern: '/settings/payouts', href: () => '/settings/payouts' },
  // Saved searches and applicant mail (ADR 064), and the alert mail's unsubscribe link (no sign-in).
  alertSettings: { pattern: '/settings/alerts', href: () => '/settings/alerts' },
  alertsUnsubscribe: { pattern: '/alerts/unsubscribe', href: () => '/alerts/unsubscribe' },
  // The operators' (role `admin`) money page: reconciliation and money out to retry (ADR 053).
  adminMoney: { pattern: '/admin/money', href: () => '/admin/money' },
  // One hire: its escrow, delivery, timeline, dispute and reviews (ADR 055); either party, and operators.
  contract: { pattern: '/contracts/:id', href: (id: string) => `/contracts/${enc(id)}` },
  // The operators' queues (role `admin`): disputes to decide, reports and held jobs to look at (ADR 055).
  adminDisputes: { pattern: '/admin/disputes', href: () => '/admin/disputes' },
  adminReports: { pattern: '/admin/reports', href: () => '/admin/reports' },
} as const

/** product.md §3: Chat is highlighted when the path contains /chat. */
export const isChatActive = (pathname: string) => pathname.includes('/chat')
/** product.md §3: Admin Jobs is highlighted when the path starts with /admin/jobs/manage. */
export const isAdminJobsActive = (pathname: string) => pathname.startsWith('/admin/jobs/manage')
/** The social feed. */
export const isFeedActive = (pathname: string) => pathname === '/feed'
/** Home covers the job browser at / and /jobs. */
export const isHomeActive = (pathname: string) => pathname === '/' || pathname === '/jobs'

/** A return location is only honoured when it stays on this site (no open redirect). */
export function safeReturnPath(value: unknown): string | null {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  )
    return null
  return value
}
