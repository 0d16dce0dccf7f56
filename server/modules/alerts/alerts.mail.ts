import { formatPaise } from '@common/money'
import type { Mail } from '../../mail/mailer'

export interface AlertJob {
  id: string
  title: string
  category: string
  location: string
  paymentType: string
  totalPaise: number | string
}

/** RFC 8058: a mail client may POST to the link to unsubscribe in one click, without opening a page. */
function unsubscribeHeaders(apiLink: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${apiLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}

const links = (base: string, token: string) => ({
  page: `${base}/alerts/unsubscribe?token=${token}`,
  api: `${base}/api/v1/alerts/unsubscribe?token=${token}`,
  manage: `${base}/settings/alerts`,
})

/** The mail of new jobs for a person's saved searches: one line and one link per job. */
export function jobsMail(p: {
  to: string
  name: string
  base: string
  token: string
  labels: string[]
  jobs: AlertJob[]
}): Mail {
  const l = links(p.base, p.token)
  const n = p.jobs.length
  const subject = n === 1 ? `New job: ${p.jobs[0].title}` : `${n} new jobs for your saved searches`
  const lines = p.jobs.map(
    (j) =>
      `• ${j.title}\n  ${formatPaise(Number(j.totalPaise))} · ${j.paymentType} · ${j.category} · ${j.location}\n  ${p.base}/description/${j.id}`,
  )
  const text = [
    `Hi ${p.name},`,
    '',
    `${n === 1 ? 'A new job matches' : `${n} new jobs match`} your saved ${p.labels.length === 1 ? 'search' : 'searches'}: ${p.labels.join('; ')}.`,
    '',
    ...lines,
    '',
    `Manage your alerts: ${l.manage}`,
    `Unsubscribe from these alerts (no sign-in needed): ${l.page}`,
  ].join('\n')
  return { to: p.to, subject, text, headers: unsubscribeHeaders(l.api) }
}

/** The mail of new applicants on a client's jobs. */
export function applicantsMail(p: {
  to: string
  name: string
  base: string
  token: string
  applicants: { jobId: string; jobTitle: string; applicantName: string }[]
}): Mail {
  const l = links(p.base, p.token)
  const n = p.applicants.length
  const subject =
    n === 1 ? `New applicant for “${p.applicants[0].jobTitle}”` : `${n} new applicants for your jobs`
  const lines = p.applicants.map(
    (a) => `• ${a.applicantName} applied to “${a.jobTitle}”\n  ${p.base}/admin/jobs/${a.jobId}/applicants`,
  )
  const text = [
    `Hi ${p.name},`,
    '',
    ...lines,
    '',
    `Manage your alerts: ${l.manage}`,
    `Stop mail about new applicants (no sign-in needed): ${l.page}`,
  ].join('\n')
  return { to: p.to, subject, text, headers: unsubscribeHeaders(l.api) }
}
