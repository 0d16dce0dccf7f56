import { describe, expect, it } from 'vitest'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import fs from 'node:fs'
import path from 'node:path'
import { catalogues, keyOf, localize, translate } from '.'

const root = path.resolve(import.meta.dirname, '../..')

/** Every argument a message uses, with its kind (simple, number, plural …), nested ones included. */
function argumentsOf(ast: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of ast) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue
    out.add(`${el.value}:${el.type}`)
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) argumentsOf(option.value, out)
    if (el.type === TYPE.tag) argumentsOf(el.children, out)
  }
  return out
}
const literalsOf = (ast: MessageFormatElement[]): string =>
  ast.map((el) => (el.type === TYPE.literal ? el.value : '')).join('')

const en = catalogues['en-IN']
const hi = catalogues['hi-IN']

describe('server catalogues (ADR 069)', () => {
  it('have the same keys in English and Hindi', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort())
    expect(Object.keys(en).length).toBeGreaterThan(150)
  })

  it('are valid ICU, with the same arguments in both languages', () => {
    for (const key of Object.keys(en)) {
      const a = [...argumentsOf(parse(en[key]))].sort()
      const b = [...argumentsOf(parse(hi[key]))].sort()
      expect(b, key).toEqual(a)
    }
  })

  it('say Hindi in Devanagari (OTP, UPI, PAN, brand names and paths may stay Latin)', () => {
    for (const [key, text] of Object.entries(hi)) {
      const words = literalsOf(parse(text))
      expect(/[\u0900-\u097F]/.test(words), `${key}: ${text}`).toBe(true)
      expect(text, key).not.toBe(en[key])
    }
  })

  it('read an English text back to its key, with its arguments', () => {
    expect(keyOf('Job not found')).toEqual({ key: 'errors.notFound.job', params: {} })
    expect(keyOf('Please wait 42 seconds before requesting another code.')).toEqual({
      key: 'errors.otp.resendTooSoon',
      params: { seconds: '42' },
    })
    expect(keyOf('Asha Iyer sent you a message', ['notifications.'])).toEqual({
      key: 'notifications.message.new',
      params: { name: 'Asha Iyer' },
    })
    // An error text is never read as a notification, nor the other way round.
    expect(keyOf('Asha Iyer sent you a message')).toBeNull()
  })

  it('render English texts in Hindi, whole or sentence by sentence, and leave unknown ones alone', () => {
    expect(localize('hi-IN', 'OTP verification failed: wrong code, 1 try left.')).toBe(
      'OTP की जाँच नहीं हो सकी: कोड गलत है, 1 कोशिश बाकी है।',
    )
    expect(localize('hi-IN', 'You are sending messages too fast. Please try again in 3 seconds.')).toBe(
      'आप बहुत तेज़ी से संदेश भेज रहे हैं। कृपया 3 सेकंड बाद फिर कोशिश करें।',
    )
    expect(localize('hi-IN', 'Something nobody wrote down')).toBe('Something nobody wrote down')
    expect(localize('en-IN', 'Job not found')).toBe('Job not found')
  })

  it('read back the success answers the web toasts, fixed or counted', () => {
    for (const text of [
      'Changes requested',
      'Work submitted. The client has until the review window ends.',
      'Application accepted',
      'Job posted successfully!',
      'File uploaded',
      'Job approved: it is public now',
      'Job rejected: the poster sees your reason',
      'Note added to the audit log',
      'Dispute resolved. Both sides have been told.',
    ])
      expect(keyOf(text, ['answers.']), text).not.toBeNull()
    expect(localize('hi-IN', '3 files uploaded', ['answers.'])).toBe('3 फ़ाइलें अपलोड हो गईं')
  })

  it('render the English emails exactly as they were written before', () => {
    expect(translate('en-IN', 'emails.otp.signUpSubject', { code: '123456' })).toBe(
      'Your Microlance sign-up code is 123456',
    )
    expect(translate('en-IN', 'emails.otp.signInText', { code: '123456', intro: '' })).toBe(
      'Your Microlance sign-in code is 123456.\n\nIt is valid for 10 minutes. If you did not ask for it, ignore this email: nobody can sign in without it.',
    )
  })
})

describe('errors named by key (ADR 078)', () => {
  it('English exactly as the code wrote it before; Hindi with rupees and words of its own', async () => {
    const { conflict, badRequest, said } = await import('../errors')
    const { money } = await import('.')
    const e = conflict(said('errors.money.releaseTooMuch', { held: money(80000), amount: money(150000000) }))
    expect(e.message).toBe('Only ₹800.00 is in escrow; ₹15,00,000.00 cannot be released')
    expect(e.messageIn('hi-IN')).toBe('एस्क्रो में सिर्फ़ ₹800 हैं; ₹15,00,000 जारी नहीं किए जा सकते')
    const terms = (count: number) => conflict(said('errors.job.termsHired', { count }))
    expect(terms(1).message).toBe(
      'The payment terms cannot change while this job has a hire: each hire keeps the terms it was made on. Post a new job for new terms.',
    )
    expect(terms(3).message).toContain('while this job has 3 hires:')
    const units = said('errors.money.chooseUnits', { max: 4, kind: 'cycles' })
    const b = badRequest(units, 'validation_failed', { units })
    expect(b.message).toBe('Choose from 1 to 4 cycles')
    expect(b.errors).toEqual({ units: 'Choose from 1 to 4 cycles' })
    expect(b.errorsIn('hi-IN')).toEqual({ units: '1 से 4 चक्रों में से चुनें' })
    expect(conflict(said('errors.dispute.closed', { status: 'settled' })).messageIn('hi-IN')).toBe(
      'यह विवाद पहले ही सुलझ चुका है',
    )
    // A field's own sentence inside another one is rendered in the same language.
    const skills = badRequest(
      said('errors.validation.skillsField', { message: keyOf('A skill is at most 40 characters')! }),
    )
    expect(skills.message).toBe('skills: A skill is at most 40 characters')
    expect(skills.messageIn('hi-IN')).toBe(
      `कौशल: ${translate('hi-IN', 'errors.validation.skillMax', { max: '40' })}`,
    )
  })
})

describe('alert mails in the reader’s language', () => {
  const job = {
    id: 'j1',
    title: 'Menu card',
    category: 'Design',
    location: 'Pune',
    paymentType: 'fixed',
    totalPaise: 80000,
  }
  it('Hindi subject and body; English exactly as before', async () => {
    const { jobsMail, applicantsMail } = await import('../modules/alerts/alerts.mail')
    const base = { to: 'a@example.in', name: 'Asha', base: 'https://m.in', token: 't' }
    const hi = jobsMail({ ...base, labels: ['Design'], jobs: [job, { ...job, id: 'j2' }], language: 'hi-IN' })
    expect(hi.subject).toBe('आपकी सहेजी गई खोजों के लिए 2 नई नौकरियाँ')
    expect(hi.text).toContain('नमस्ते Asha,\n\nआपकी सहेजी गई खोज (Design) से 2 नई नौकरियाँ मिलीं।')
    const en = jobsMail({ ...base, labels: ['Design'], jobs: [job] })
    expect(en.subject).toBe('New job: Menu card')
    expect(en.text).toContain('Hi Asha,\n\nA new job matches your saved search: Design.\n')
    expect(en.text).toContain(
      'Unsubscribe from these alerts (no sign-in needed): https://m.in/alerts/unsubscribe?token=t',
    )
    const applicants = [{ jobId: 'j1', jobTitle: 'Menu card', applicantName: 'Ravi' }]
    expect(applicantsMail({ ...base, applicants, language: 'hi-IN' }).text).toContain(
      '• Ravi ने “Menu card” के लिए आवेदन किया',
    )
    expect(applicantsMail({ ...base, applicants }).subject).toBe('New applicant for “Menu card”')
  })
})

describe('money mails in the reader’s language', () => {
  it('the auto-release notice: Hindi, and English exactly as before', async () => {
    const { autoReleasedMail, reminderMail } = await import('../modules/delivery/delivery.mail')
    const { money, moment } = await import('.')
    const p = {
      to: 'a@example.in',
      name: 'Asha',
      title: 'Logo',
      amount: money(80000),
      asClient: true,
      url: 'https://m.in/c/1',
    }
    expect(autoReleasedMail({ ...p, language: 'hi-IN' }).subject).toBe(
      '“Logo” के लिए ₹800 अपने-आप जारी कर दिए गए',
    )
    expect(autoReleasedMail(p)).toMatchObject({
      subject: '₹800.00 was released automatically for “Logo”',
      text: 'Hi Asha,\n\nThe review window for the work submitted on “Logo” ended without an answer, so ₹800.00 was released from escrow to the freelancer.\n\nSee the contract: https://m.in/c/1',
    })
    const r = {
      to: 'a@example.in',
      name: 'Asha',
      title: 'Logo',
      freelancer: 'Ravi',
      when: moment(new Date('2026-11-29T04:30:00Z')),
      url: 'u',
    }
    expect(reminderMail({ ...r, language: 'hi-IN' }).text).toContain('Ravi ने “Logo” का काम जमा किया है।')
    expect(reminderMail({ ...r, language: 'hi-IN' }).subject).toContain('29 नव॰ 2026, 10:00 am')
    expect(reminderMail(r).subject).toBe('Review the work on “Logo” before 29 Nov 2026, 10:00 am')
  })
})

/**
 * Messages written for machines and operators, not for the people the app serves in Hindi: webhooks, API-only
 * parameters, the operators' own desk. Anything else a user can meet must be in the catalogue.
 */
const NOT_FOR_READERS = new Set([
  'Database unavailable',
  'Idempotency-Key must be 8 to 128 letters, digits or -_.: characters',
  'The sandbox checkout is off',
  'Send the jobId or the contractId',
  'Send releaseAmount (or releaseUnits)',
  'The webhook body must be JSON',
  'The X-Razorpay-Signature header is missing',
  'The webhook signature does not match',
  'The transfer is being retried',
])

describe('catalogue coverage', () => {
  const files = (() => {
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name)
        if (e.isDirectory()) return ['test', 'seed', 'i18n'].includes(e.name) ? [] : walk(p)
        return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : []
      })
    return [...walk(path.join(root, 'server')), ...walk(path.join(root, 'common/schemas'))]
      .filter((f) => !f.endsWith('config.ts'))
      .map((f) => ({ name: path.relative(root, f), text: fs.readFileSync(f, 'utf8') }))
  })()
  const helpers = 'badRequest|unauthorized|forbidden|notFound|conflict|tooLarge|unsupportedType|tooMany'

  it('every fixed sentence the server answers with has an entry (or is listed as not for readers)', () => {
    const helper = new RegExp(`(?:${helpers})\\(\\s*(?:'([^']+)'|"([^"]+)")`, 'g')
    const schema = /(?:error|message):\s*'([^']+)'|\.(?:min|max|int|uuid|regex|email)\([^'")]*'([^']+)'/g
    const missing: string[] = []
    for (const f of files)
      for (const re of [helper, schema])
        for (const m of f.text.matchAll(re)) {
          const s = m[1] ?? m[2]
          if (s && !NOT_FOR_READERS.has(s) && !keyOf(s, ['errors.', 'answers.']))
            missing.push(`${f.name}: ${s}`)
        }
    expect(missing).toEqual([])
  })

  it('a sentence built from values in an error is a catalogue template, or names its key with said()', () => {
    // `${…}` becomes a sample value (a constant of the same file becomes its text): the result must read back to a
    // key. Amounts must travel raw (money()), so a template that formats money is refused outright.
    const built = new RegExp(`(?:${helpers})\\(\\s*\`([^\`]*)\``, 'g')
    const wrong: string[] = []
    for (const f of files)
      for (const m of f.text.matchAll(built)) {
        const sample = m[1].replace(/\$\{\s*([A-Za-z_]\w*)?[^}]*\}/g, (_all, id: string | undefined) => {
          const c = id && new RegExp(`const ${id} = '([^']*)'`).exec(f.text)
          return c ? c[1] : '7'
        })
        if (m[1].includes('formatPaise(') || !keyOf(sample)) wrong.push(`${f.name}: ${m[1]}`)
      }
    expect(wrong).toEqual([])
  })

  it('notifications are recorded by key, and every key code names is in both catalogues', () => {
    const byText: string[] = []
    for (const f of files)
      for (const m of f.text.matchAll(/notificationsService\.record\(([\s\S]*?)\n\s*\}\)/g))
        if (/\bmessage:/.test(m[1])) byText.push(`${f.name}: ${m[1].trim().slice(0, 120)}`)
    expect(byText).toEqual([])
    const named = new Set<string>()
    const keyRe =
      /(?:said|translate|t)\(\s*(?:[\w.?]+,\s*)?'((?:errors|notifications|emails|answers)\.[\w.]+)'|key:\s*'((?:notifications|errors)\.[\w.]+)'/g
    for (const f of files) for (const m of f.text.matchAll(keyRe)) named.add(m[1] ?? m[2])
    expect(named.size).toBeGreaterThan(40)
    expect([...named].filter((k) => en[k] === undefined || hi[k] === undefined)).toEqual([])
  })

  it('no sentence a person reads formats money itself: amounts travel raw, money(paise)', () => {
    const formatted: string[] = []
    for (const f of files)
      for (const m of f.text.matchAll(/\b(?:message|subject|text):\s*`[^`]*formatPaise\(/g))
        formatted.push(`${f.name}: ${m[0].slice(0, 100)}`)
    expect(formatted).toEqual([])
  })

  it('mail subjects and bodies come from the catalogue, never from text in code', () => {
    const inCode: string[] = []
    const mailing = files.filter((f) => /\bMail\b|mail\.enqueue/.test(f.text))
    expect(mailing.length).toBeGreaterThan(4)
    for (const f of mailing)
      for (const m of f.text.matchAll(/\b(?:subject|text):\s*(['"`][^'"`]*['"`])/g))
        inCode.push(`${f.name}: ${m[0]}`)
    expect(inCode).toEqual([])
  })

  it('the chat’s one-statement send writes its row with the catalogue key it renders by', () => {
    const send = files.find((f) => f.name.endsWith('chat-send.repo.ts'))!.text
    expect(send.match(/' sent you a message', 'notifications\.message\.new'/g)).toHaveLength(1)
    expect(
      send.match(/'notifications\.message\.new', jsonb_build_object\('name', first\.fullname\)/g),
    ).toHaveLength(1)
    expect(en['notifications.message.new']).toBe('{name} sent you a message')
  })
})
