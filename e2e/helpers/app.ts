import type { Locator, Page, TestInfo } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { test as base, expect, getOtp, uniqueEmail } from '../support/fixtures'

/** The user as the API presents it (the fields these specs read). */
export interface ApiUser {
  _id: string
  userId: string
  username: string
  fullname: string
  email?: string
  phoneNumber?: string | null
  role: 'freelancer' | 'client' | 'admin'
  profile: {
    bio: string
    skills: string[]
    resume: string | null
    resumeOriginalName: string | null
    profilePhoto: string | null
  }
}

export interface Session {
  user: ApiUser
  token: string
  email: string
}

export interface ToastEntry {
  type: string | null
  title: string
}

const TOAST_LOG = '__e2eToasts'

/**
 * Records every toast sonner renders, in sessionStorage so the log survives reloads and navigations in the tab.
 * Some toasts only live 900 ms (product.md §13); a recorder catches each one the moment it enters the toaster, where
 * polling for visibility could miss it.
 */
function recordToasts(key: string) {
  const seen = new WeakSet<Element>()
  const record = (li: Element) => {
    if (seen.has(li)) return
    seen.add(li)
    const title = (li.querySelector('[data-title]')?.textContent ?? li.textContent ?? '').trim()
    let list: unknown[] = []
    try {
      list = JSON.parse(sessionStorage.getItem(key) || '[]')
    } catch {
      list = []
    }
    list.push({ type: li.getAttribute('data-type'), title })
    sessionStorage.setItem(key, JSON.stringify(list))
  }
  const scan = (node: Node) => {
    if (!(node instanceof Element)) return
    if (node.matches('[data-sonner-toast]')) record(node)
    node.querySelectorAll('[data-sonner-toast]').forEach(record)
  }
  new MutationObserver((mutations) => mutations.forEach((m) => m.addedNodes.forEach(scan))).observe(
    document,
    {
      childList: true,
      subtree: true,
    },
  )
}

/** The toasts a page has shown, checked in order: each `expect` consumes the toast it matched. */
export class Toasts {
  private consumed = 0

  constructor(private readonly page: Page) {}

  async install() {
    await this.page.addInitScript(recordToasts, TOAST_LOG)
  }

  async all(): Promise<ToastEntry[]> {
    try {
      return await this.page.evaluate(
        (key) => JSON.parse(sessionStorage.getItem(key) || '[]') as ToastEntry[],
        TOAST_LOG,
      )
    } catch {
      // The page is between documents; the next poll reads the log again.
      return []
    }
  }

  /** Waits for a toast with this title (exact string, or a pattern) shown after the last one matched. */
  async expect(title: string | RegExp, type?: 'success' | 'error' | 'info') {
    const matches = (t: ToastEntry) =>
      (typeof title === 'string' ? t.title === title : title.test(t.title)) && (!type || t.type === type)
    let index = -1
    await expect
      .poll(
        async () => {
          const log = await this.all()
          index = log.findIndex((t, i) => i >= this.consumed && matches(t))
          return index >= 0 ? 'shown' : log.slice(this.consumed)
        },
        { message: `a ${type ?? ''} toast ${String(title)}` },
      )
      .toBe('shown')
    this.consumed = index + 1
    // Sonner pauses every toast while the pointer rests on the toaster (it "expands"). A person's pointer moves on;
    // Playwright's stays where it last clicked, often right under the new toast. Move it away, as a hand would,
    // so the toasts time out and stop covering the buttons at the bottom of a phone screen.
    await this.page.mouse.move(1, 1)
  }

  /**
   * Waits for every toast to time out; one still there after a few seconds (its timer paused under a phone's emulated
   * pointer) is closed with its own Close button, as a person would before tapping what it covers.
   */
  async clear() {
    const shown = this.page.locator('[data-sonner-toast]')
    try {
      await expect(shown).toHaveCount(0, { timeout: 5000 })
    } catch {
      for (const close of await this.page.getByRole('button', { name: 'Close toast' }).all())
        await close.click({ force: true, timeout: 2000 }).catch(() => {})
      await expect(shown).toHaveCount(0)
    }
  }
}

/** `test` with a toast recorder installed on the page before the first navigation. */
export const test = base.extend<{ toasts: Toasts }>({
  toasts: async ({ page }, use) => {
    const toasts = new Toasts(page)
    await toasts.install()
    await use(toasts)
  },
})

export { expect, getOtp, uniqueEmail }

function apiUrl(p: string) {
  const baseURL = process.env.E2E_BASE_URL
  if (!baseURL) throw new Error('E2E_BASE_URL is not set: run the specs through playwright.config.ts')
  return new URL(`/api/v1${p}`, baseURL).toString()
}

async function postJson(p: string, body: unknown, token?: string) {
  const res = await fetch(apiUrl(p), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as Record<string, unknown>
  if (!res.ok) throw new Error(`POST ${p} answered ${res.status}: ${JSON.stringify(json)}`)
  return json
}

/**
 * Creates an account straight through the API (no browser, no cookies), for specs whose subject is not the
 * signup screen itself. The code still travels through the real SMTP sink.
 */
export async function createUserViaApi(opts: {
  fullname: string
  role?: 'freelancer' | 'client'
  emailPrefix?: string
}): Promise<Session> {
  const email = uniqueEmail(opts.emailPrefix ?? opts.role ?? 'user')
  const after = Date.now()
  await postJson('/user/send-otp', { email, fullname: opts.fullname, role: opts.role })
  const otp = await getOtp(email, { after })
  const answer = await postJson('/user/verify-otp', { email, otp })
  return { user: answer.data as ApiUser, token: answer.token as string, email }
}

/** Updates the profile of an API-created user (multipart, bearer token). */
export async function updateProfileViaApi(session: Session, fields: Record<string, string>) {
  const form = new FormData()
  form.append('fullname', session.user.fullname)
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  const res = await fetch(apiUrl('/user/profile/update'), {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}` },
    body: form,
  })
  if (!res.ok) throw new Error(`profile update answered ${res.status}: ${await res.text()}`)
  const json = (await res.json()) as { user: ApiUser }
  session.user = json.user
  return json.user
}

/**
 * Puts an API-created session into the browser the way the app keeps it (product.md §4: `user` and the token in local
 * storage), then opens `path`; the app restores it on load.
 */
export async function signInAs(page: Page, session: Session, path = '/') {
  await page.goto('/')
  await page.evaluate(({ user, token }) => {
    localStorage.setItem('user', JSON.stringify(user))
    localStorage.setItem('token', token)
  }, session)
  await page.goto(path)
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible()
}

/** The user the app keeps in local storage under `user` (product.md §4), or null. */
export async function storedUser(page: Page): Promise<ApiUser | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('user')
    return raw ? (JSON.parse(raw) as ApiUser) : null
  })
}

/** The one-time-code field of step two of login and signup. */
export const otpField = (page: Page) => page.getByLabel('One-time code')

/**
 * Clicks 'Send OTP' on the login form until the server sends a code. The server allows one code per email every
 * 30 s (product.md §4), so a login soon after the signup code is refused with 429 ('Please wait N seconds...');
 * the click is repeated until the code step shows. Returns the time before the accepted request, for getOtp.
 */
export async function requestLoginCode(page: Page): Promise<number> {
  let after = Date.now()
  await expect(async () => {
    after = Date.now()
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/send-login-otp'))
    await page.getByRole('button', { name: 'Send OTP' }).click()
    const res = await answered
    if (res.status() === 429) throw new Error(`resend gap: ${(await res.json()).message}`)
    expect(res.status()).toBe(200)
  }).toPass({ intervals: [2_000], timeout: 50_000 })
  await expect(otpField(page)).toBeVisible()
  return after
}

/** Signs up through the /signup screen and returns the user the server created. */
export async function signUpViaUi(
  page: Page,
  opts: { fullname: string; email: string; role?: 'I want to work' | 'I want to hire' },
): Promise<ApiUser> {
  await page.goto('/signup')
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible()
  if (opts.role) await page.getByRole('radio', { name: opts.role }).check()
  await page.getByLabel('Full name').fill(opts.fullname)
  await page.getByLabel('Email').fill(opts.email)
  const after = Date.now()
  await page.getByRole('button', { name: 'Send OTP' }).click()
  await expect(otpField(page)).toBeVisible()
  await otpField(page).fill(await getOtp(opts.email, { after }))
  const verified = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/verify-otp'))
  await page.getByRole('button', { name: 'Verify OTP & Signup' }).click()
  const user = ((await (await verified).json()) as { data: ApiUser }).data
  await expect(page).toHaveURL(`/m/${user.userId}`)
  return user
}

/** Opens the profile popover (desktop sidebar or mobile top bar) and clicks Logout. */
export async function logoutViaUi(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click()
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('button', { name: 'Profile menu' })).toHaveCount(0)
}

/**
 * Holds every request to `urlSuffix` until `release()` is called, so a busy state ('Sending OTP...', 'Verifying...')
 * can be seen for as long as the test needs instead of for however long the server happens to take.
 *
 * `release()` first waits until a request has reached the hold, and fails if none does: a busy state on screen does
 * not prove the request was sent, let alone held. The wait also keeps the route in place until Playwright has the
 * request. The app can show its busy text before the held request reaches the route handler; unrouting then turns
 * interception off between the browser's two reports of the request, and Playwright never reports it or its
 * response (the page still gets its answer), so a `waitForResponse` for it waits until the test times out.
 */
export async function holdRequests(page: Page, urlSuffix: string) {
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  const handled: Promise<void>[] = []
  const pattern = (url: URL) => url.pathname.endsWith(urlSuffix)
  await page.route(pattern, (route) => {
    const done = gate.then(() => route.continue())
    handled.push(done)
    return done
  })
  return {
    release: async () => {
      await expect
        .poll(() => handled.length, { message: `a request to ${urlSuffix} reached the hold` })
        .toBeGreaterThan(0)
      release()
      await Promise.all(handled)
      await page.unroute(pattern)
    },
  }
}

/** Saves a screenshot under /tmp/e2e-shots, named for the project (desktop or mobile). */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  const dir = '/tmp/e2e-shots'
  fs.mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name}-${testInfo.project.name}.png`), fullPage: true })
}

/** True when the project is the mobile one (the top bar and tab bar instead of the sidebar). */
export const isMobileProject = (testInfo: TestInfo) => testInfo.project.name === 'mobile'

/** The main landmark, where the page content (not the chrome) lives. */
export const main = (page: Page): Locator => page.getByRole('main')

/**
 * A small but real one-page PDF, with a correct cross-reference table, built in memory.
 */
export function makePdf(text = 'Resume'): Buffer {
  const content = `BT /F1 18 Tf 24 60 Td (${text}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 240 120] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out)
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

/** Calls the API as `token` (bearer) and returns the JSON answer; any non-2xx fails the test with the answer. */
export async function call<T = any>(method: string, p: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(`/api/v1${p}`, process.env.E2E_BASE_URL).toString(), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await res.json()) as T
  if (!res.ok) throw new Error(`${method} ${p} answered ${res.status}: ${JSON.stringify(json)}`)
  return json
}

/** `freelancer` applies to the client's job, is accepted, and the client funds the whole job through the sandbox. */
export async function hireAndFund(client: Session, freelancer: Session, jobId: string) {
  const { application } = await call('POST', `/application/jobs/${jobId}/apply`, freelancer.token, {})
  await call('PATCH', `/application/applications/${application._id}/status`, client.token, {
    status: 'accepted',
  })
  const order = await call('POST', '/payments/create-order', client.token, { jobId })
  const paid = await call('POST', '/payments/sandbox/pay', client.token, {
    orderId: order.orderId,
    outcome: 'success',
  })
  const { razorpay_payment_id, razorpay_order_id, razorpay_signature } = paid
  await call('POST', '/payments/verify', client.token, {
    jobId,
    razorpay_payment_id,
    razorpay_order_id,
    razorpay_signature,
  })
}
