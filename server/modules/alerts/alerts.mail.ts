import { formatPaise } from '@common/money'
import { DEFAULT_LANGUAGE, type Language } from '@common/languages'
import { translate } from '../../i18n'
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
  /** The reader's language (ADR 069). */
  language?: Language
}): Mail {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(p.language ?? DEFAULT_LANGUAGE, `emails.alerts.${key}`, params)
  const l = links(p.base, p.token)
  const n = p.jobs.length
  const subject = n === 1 ? t('jobSubjectOne', { title: p.jobs[0].title }) : t('jobSubjectMany', { count: n })
  const lines = p.jobs.map(
    (j) =>
      `• ${j.title}\n  ${formatPaise(Number(j.totalPaise))} · ${j.paymentType} · ${j.category} · ${j.location}\n  ${p.base}/description/${j.id}`,
  )
  const text = [
    t('hello', { name: p.name }),
    '',
    t('jobsMatch', { count: n, searches: p.labels.length, labels: p.labels.join('; ') }),
    '',
    ...lines,
    '',
    t('manage', { link: l.manage }),
    t('unsubscribe', { link: l.page }),
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
  /** The reader's language (ADR 069). */
  language?: Language
}): Mail {
  const language = p.language ?? DEFAULT_LANGUAGE
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(language, `emails.alerts.${key}`, params)
  const l = links(p.base, p.token)
  const n = p.applicants.length
  const subject =
    n === 1
      ? t('applicantSubjectOne', { title: p.applicants[0].jobTitle })
      : t('applicantSubjectMany', { count: n })
  const lines = p.applicants.map(
    (a) =>
      `• ${translate(language, 'notifications.application.new', { name: a.applicantName, title: a.jobTitle })}\n  ${p.base}/admin/jobs/${a.jobId}/applicants`,
  )
  const text = [
    t('hello', { name: p.name }),
    '',
    ...lines,
    '',
    t('manage', { link: l.manage }),
    t('stopApplicants', { link: l.page }),
  ].join('\n')
  return { to: p.to, subject, text, headers: unsubscribeHeaders(l.api) }
}
