import type { Mail } from '../../mail/mailer'

/** The client's reminder that submitted work is released automatically soon (ADR 057). */
export function reminderMail(p: {
  to: string
  name: string
  title: string
  freelancer: string
  when: string
  url: string
}): Mail {
  return {
    to: p.to,
    subject: `Review the work on “${p.title}” before ${p.when}`,
    text: [
      `Hi ${p.name},`,
      '',
      `${p.freelancer} submitted work for “${p.title}”. If you do not answer, the money for it is released to them automatically on ${p.when} (India time).`,
      '',
      `Release it, ask for changes or open a dispute: ${p.url}`,
    ].join('\n'),
  }
}

/** The notice to each side that a review window ended and the money was released (ADR 057). */
export function autoReleasedMail(p: {
  to: string
  name: string
  title: string
  amount: string
  asClient: boolean
  url: string
}): Mail {
  return {
    to: p.to,
    subject: `${p.amount} was released automatically for “${p.title}”`,
    text: [
      `Hi ${p.name},`,
      '',
      p.asClient
        ? `The review window for the work submitted on “${p.title}” ended without an answer, so ${p.amount} was released from escrow to the freelancer.`
        : `The client did not answer within the review window, so ${p.amount} for “${p.title}” was released to you from escrow.`,
      '',
      `See the contract: ${p.url}`,
    ].join('\n'),
  }
}
