import { DEFAULT_LANGUAGE, type Language } from '@common/languages'
import { translate, type Arg } from '../../i18n'
import type { Mail } from '../../mail/mailer'

/** The client's reminder that submitted work is released automatically soon (ADR 057), in their language (ADR 069). */
export function reminderMail(p: {
  to: string
  name: string
  title: string
  freelancer: string
  /** `moment(date)`: the day and time in the reader's words (IST). */
  when: Arg
  url: string
  language?: Language
}): Mail {
  const language = p.language ?? DEFAULT_LANGUAGE
  return {
    to: p.to,
    subject: translate(language, 'emails.delivery.reminderSubject', { title: p.title, when: p.when }),
    text: [
      translate(language, 'emails.hello', { name: p.name }),
      '',
      translate(language, 'emails.delivery.reminderText', {
        freelancer: p.freelancer,
        title: p.title,
        when: p.when,
      }),
      '',
      translate(language, 'emails.delivery.reminderAction', { url: p.url }),
    ].join('\n'),
  }
}

/** The notice to each side that a review window ended and the money was released (ADR 057), in their language. */
export function autoReleasedMail(p: {
  to: string
  name: string
  title: string
  /** `money(paise)`: rupees as the reader writes them. */
  amount: Arg
  asClient: boolean
  url: string
  language?: Language
}): Mail {
  const language = p.language ?? DEFAULT_LANGUAGE
  const params = { title: p.title, amount: p.amount }
  return {
    to: p.to,
    subject: translate(language, 'emails.delivery.autoSubject', params),
    text: [
      translate(language, 'emails.hello', { name: p.name }),
      '',
      translate(
        language,
        p.asClient ? 'emails.delivery.autoClient' : 'emails.delivery.autoFreelancer',
        params,
      ),
      '',
      translate(language, 'emails.seeContract', { url: p.url }),
    ].join('\n'),
  }
}
