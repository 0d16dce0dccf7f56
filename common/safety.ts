/**
 * Safety rules shared by the server and the web (ADR 056): contact details that take a conversation (and its
 * payment) off Microlance, and job posts that ask applicants to pay. Pure functions over plain text.
 */

export type OffPlatformKind = 'phone' | 'upi' | 'whatsapp' | 'telegram'

/** What the receiver of a flagged message reads under it. */
export const OFF_PLATFORM_NOTICE =
  'Payments made outside Microlance are not protected. Keep payments in escrow so your money is safe.'

/**
 * UPI handles (the part after @) of the apps and banks in use in India. An address with one of these after the @,
 * and no dot after it, is a UPI id; anything else with an @ is left alone (a@gmail.com is an email).
 */
export const UPI_HANDLES = new Set([
  'upi',
  'ybl',
  'ibl',
  'axl',
  'paytm',
  'apl',
  'yapl',
  'rapl',
  'okaxis',
  'oksbi',
  'okicici',
  'okhdfcbank',
  'okbizaxis',
  'axisbank',
  'axisb',
  'icici',
  'sbi',
  'hdfcbank',
  'hdfc',
  'kotak',
  'kmbl',
  'indus',
  'pnb',
  'boi',
  'barodampay',
  'unionbank',
  'uboi',
  'cnrb',
  'idbi',
  'idfcbank',
  'idfcfirst',
  'federal',
  'fbl',
  'yesbank',
  'yesbankltd',
  'rbl',
  'aubank',
  'equitas',
  'dbs',
  'airtel',
  'jio',
  'freecharge',
  'ikwik',
  'mobikwik',
  'waaxis',
  'wahdfcbank',
  'wasbi',
  'waicici',
  'ptyes',
  'ptaxis',
  'pthdfc',
  'ptsbi',
  'pingpay',
  'jupiteraxis',
  'naviaxis',
  'sliceaxis',
  'superyes',
  'tapicici',
  'timecosmos',
  'abfspay',
  'amazonpay',
  'postbank',
  'citi',
  'hsbc',
  'sc',
  'dlb',
  'kvb',
  'kbl',
  'tmb',
  'csbpay',
  'jkb',
  'iob',
  'indianbank',
  'centralbank',
  'mahb',
  'allbank',
  'ezeepay',
  'payzapp',
  'okpayaxis',
])

const UPI = /(?<![\w.@-])[a-z0-9][a-z0-9._-]{1,255}@([a-z]{2,32})(?![\w@-]|\.[a-z])/gi
const WHATSAPP =
  /(?<![\w.-])(?:https?:\/\/)?(?:www\.)?(?:wa\.me\/\S+|api\.whatsapp\.com\/\S+|chat\.whatsapp\.com\/\S+|whatsapp\.com\/\S+)/i
const TELEGRAM = /(?<![\w.-])(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog)\/[\w+]/i
/** A run of digits with single spaces or dashes between them, maybe after a + (a phone number as people type it). */
const DIGIT_RUN = /\+?\d(?:[ -]?\d)*/g
/** Money just before a number: ₹, Rs, INR. */
const MONEY_BEFORE = /(?:₹|\brs\.?|\binr)\s*$/i

/** Whether these digits (with a + before them or not) are an Indian mobile number: +91 / 91 / 0 and 6–9 + 9 digits. */
function isIndianMobile(digits: string, plus: boolean): boolean {
  let d = digits
  if (plus) {
    if (!d.startsWith('91')) return false
    d = d.slice(2)
  } else if (d.length === 12 && d.startsWith('91')) d = d.slice(2)
  else if (d.length === 11 && d.startsWith('0')) d = d.slice(1)
  return /^[6-9]\d{9}$/.test(d)
}

/** Whether the text has an Indian mobile number in it (not a price, a year, an amount or an order id). */
function hasPhone(text: string): boolean {
  for (const m of text.matchAll(DIGIT_RUN)) {
    const start = m.index!
    const end = start + m[0].length
    const prev = text[start - 1] ?? ''
    const next = text.slice(end, end + 2)
    // Part of a word or an id (OD123…, #123…, a/b), or of an amount with commas or decimals (₹60,000, 1.5).
    if (/[\p{L}\d_#₹@/.,]/u.test(prev)) continue
    if (/^[\p{L}_@/]|^[.,]\d/u.test(next)) continue
    if (MONEY_BEFORE.test(text.slice(Math.max(0, start - 6), start))) continue
    // Spaces may split a number into groups ("98765 43210") or separate it from other numbers ("2 9876543210"):
    // every run of whole groups is tried. Dashes always join.
    const groups = m[0].split(' ')
    for (let i = 0; i < groups.length; i++)
      for (let j = i; j < Math.min(groups.length, i + 5); j++) {
        const part = groups.slice(i, j + 1).join('')
        if (isIndianMobile(part.replace(/\D/g, ''), part.startsWith('+'))) return true
      }
  }
  return false
}

/** The kinds of off-platform contact details in a message (empty when none). */
export function detectOffPlatform(text: string): OffPlatformKind[] {
  const kinds: OffPlatformKind[] = []
  if (hasPhone(text)) kinds.push('phone')
  for (const m of text.matchAll(UPI))
    if (UPI_HANDLES.has(m[1].toLowerCase())) {
      kinds.push('upi')
      break
    }
  if (WHATSAPP.test(text)) kinds.push('whatsapp')
  if (TELEGRAM.test(text)) kinds.push('telegram')
  return kinds
}

/**
 * Phrases of a job post that ask applicants to pay (English, Hindi, Hinglish). A job that pays the freelancer, or
 * "deposit the files", is not one of them.
 */
const PAY_TO_APPLY: RegExp[] = [
  /\b(?:registration|regn?\.?|joining|application|applying|processing|verification|onboarding|enrol(?:l?ment)?|interview|form|training|kit|id[ -]?card)\s+(?:fees?|charges?|amount|money|cost)\b/i,
  /\b(?:security|refundable|caution|advance)\s+(?:deposit|amount|money|fees?)\b/i,
  /\bcaution\s+money\b/i,
  /\bpay(?:ing)?\s+(?:a\s+(?:small\s+)?(?:fee|amount)\s+)?(?:to|before|for)\s+(?:apply|applying|register|registering|registration|join|joining|the\s+interview|selection|get\s+(?:selected|the\s+job|started))\b/i,
  /\bpay\s+(?:₹|rs\.?|inr)\s*\d[\d,]*(?:\/-)?\s+(?:to|for|before|as)\b/i,
  /\b(?:you|candidates?|applicants?|freelancers?|students?|workers?)\s+(?:must|need\s+to|have\s+to|has\s+to|should|will\s+have\s+to|are\s+required\s+to)\s+(?:first\s+)?(?:pay|deposit)\b/i,
  /\bdeposit\s+(?:of\s+)?(?:₹|rs\.?|inr)\s*\d[\d,]*/i,
  /(?:\b(?:fees?|charges?|paise|paisa)|(?:₹|\brs\.?)\s*\d[\d,]*(?:\/-)?)\s+(?:jama|dena|dene|bhejna|bhejo|bhejne|bhejni)\s*(?:karo|karna|karein|karen|kare|karne|hoga|honge|hogi|padega|padenge|padegi)\b/i,
  /(?:रजिस्ट्रेशन|पंजीकरण|पंजीयन|जॉइनिंग|ज्वाइनिंग|आवेदन|प्रोसेसिंग)\s*(?:फीस|शुल्क|चार्ज)/,
  /(?:सिक्योरिटी|सिक्यूरिटी)\s*(?:डिपॉजिट|डिपॉज़िट|राशि)|जमानत\s*राशि/,
  /(?:फीस|शुल्क|पैसे|₹\s*\d[\d,]*)\s*(?:जमा|भेजने|देने|देना)\s*(?:करें|करना|होगा|होंगे|होगी|पड़ेगा|पड़ेंगे)/,
]

/**
 * The phrase of a job post (title and description) that asks applicants to pay, as written in it, or null. It is the
 * reason shown to the poster and to operators.
 */
export function detectPayToApply(text: string): string | null {
  for (const re of PAY_TO_APPLY) {
    const m = re.exec(text)
    if (m) return m[0].replace(/\s+/g, ' ').trim().slice(0, 80)
  }
  return null
}

/** The reason a held job shows (poster and operators). */
export const heldReason = (phrase: string) => `the post asks applicants to pay (“${phrase}”)`
