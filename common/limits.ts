/** Numbers fixed by the product decisions; both sides import them so they cannot drift. */
export const OTP = {
  digits: 6,
  ttlMs: 10 * 60 * 1000,
  maxAttempts: 5,
  resendAfterMs: 30 * 1000,
  /** Per address and requester (a browser, or a network without the browser's cookie): a stranger's count is theirs. */
  maxSendsPerHour: 5,
  /** Per address, from browsers that have never signed in to its account: bounds the mail a stranger can cause. */
  maxAddressSendsPerHour: 10,
  /** Wrong codes per address in any 24 hours from such browsers: NIST SP 800-63B's 100 (ADR 042). */
  maxAddressFailuresPerDay: 100,
} as const

export const SESSION = {
  ttlMs: 30 * 24 * 60 * 60 * 1000,
  cookie: 'token',
  xsrfCookie: 'XSRF-TOKEN',
  xsrfHeader: 'x-xsrf-token',
} as const

export const UPLOAD = {
  resumeMaxBytes: 5 * 1024 * 1024,
  photoMaxBytes: 5 * 1024 * 1024,
  photoMaxPx: 512,
} as const

export const TEXT = {
  fullnameMax: 100,
  bioMax: 2000,
  skillMax: 60,
  skillsMax: 50,
  phoneMax: 20,
} as const

/** Toast timings from product.md §13 (milliseconds). */
export const TOAST = {
  defaultMs: 4000,
  visible: 3,
  width: 356,
  gap: 14,
  profileMs: 900,
  loginMs: 2500,
  loginSuccessMs: 1000,
  signupMs: 3000,
  signupSuccessMs: 1500,
  jobActionMs: 1000,
} as const
