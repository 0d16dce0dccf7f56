import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import {
  call,
  createUserViaApi,
  expect,
  type Session,
  signInAs,
  test,
  updateProfileViaApi,
} from './helpers/app'

/*
 * Hostile text (markup, script, SQL, javascript: links, Unicode tricks, very long words) typed by one user is shown
 * to others as the text it is: on the job detail, the job list, search, a profile, chat and the feed. No dialog, no
 * injected element, no script run, no CSP violation. The server side of the same is server/hostile-input.test.ts.
 */

const PWN = {
  img: '<img src=x onerror="window.__pwned=1;alert(1)">',
  svg: '<svg onload="window.__pwned=2;alert(2)"></svg>',
  script: '<script>window.__pwned=3;alert(3)</script>',
  sql: `x'); drop table users;--`,
  jsUrl: 'javascript:alert(document.cookie)',
  rtl: 'invoice\u202Efdp.exe',
  zeroWidth: 'dev\u200Bops\u200C\u200D👩\u200D💻',
  combining: 'Z\u0351\u0363\u036B\u0489a\u0300\u0301\u0302lgo',
  emoji: '🇮🇳 ₹ नमस्ते 🙏🏽',
  entity: '&lt;b&gt;not bold&lt;/b&gt; &amp;amp;',
} as const
const LONG_WORD = 'pneumonoultramicroscopic'.repeat(20)
/** Every hostile piece in one line of text (no line breaks, so each stays one text node wherever it is shown). */
const ALL = `${Object.values(PWN).join(' ')} ${LONG_WORD}`

interface World {
  client: Session
  freelancer: Session
  token: string
  job: { _id: string; title: string }
}

async function makeWorld(): Promise<World> {
  const token = `quokka${crypto.randomBytes(4).toString('hex')}`
  const client = await createUserViaApi({ fullname: `Asha ${PWN.img}`.slice(0, 100), role: 'client' })
  const freelancer = await createUserViaApi({ fullname: 'Ravi', role: 'freelancer' })
  freelancer.user.fullname = `Ravi ${PWN.svg} ${PWN.rtl}`
  await updateProfileViaApi(freelancer, { bio: ALL, skills: [PWN.script, PWN.sql, PWN.emoji].join(',') })
  const title = `${token} ${PWN.script} ${PWN.sql}`
  const { job } = await call('POST', '/job/post', client.token, {
    title,
    description: ALL,
    paymentType: 'one-time',
    locationPreference: 'Remote',
    amount: '12000',
    skills: [PWN.img.slice(0, 60), 'React'],
  })
  await call('POST', `/application/jobs/${job._id}/apply`, freelancer.token, { coverLetter: ALL })
  await call('POST', '/chat/send', freelancer.token, { receiver: client.user._id, content: ALL })
  const { post } = await call('POST', '/posts/create', freelancer.token, {
    content: `${token} ${ALL}`,
    media: [],
    visibility: 'public',
  })
  await call('POST', `/posts/${post._id}/comments`, client.token, { content: `${PWN.img} ${PWN.jsUrl}` })
  return { client, freelancer, token, job }
}

/** Fails the test on any dialog, page error or CSP violation; records them for the final check. */
async function guard(page: Page) {
  const problems: string[] = []
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`)
    void d.dismiss()
  })
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to (execute|load|run)/i.test(m.text()))
      problems.push(`CSP: ${m.text()}`)
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { __csp?: string[] }
      ;(w.__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI}`)
    })
  })
  return problems
}

/** The text is on the page as text, and nothing it carries became markup or ran. */
async function expectLiteral(page: Page, pieces: string[]) {
  for (const piece of pieces)
    await expect
      .poll(() => page.evaluate((p) => document.body.textContent?.includes(p) ?? false, piece), {
        message: `shown literally: ${JSON.stringify(piece.slice(0, 80))}`,
      })
      .toBe(true)
  const found = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: number }).__pwned ?? null,
    csp: (window as unknown as { __csp?: string[] }).__csp ?? [],
    injected: document.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload]').length,
    scripts: [...document.scripts].filter((s) => (s.textContent ?? '').includes('__pwned')).length,
    jsLinks: document.querySelectorAll('a[href^="javascript:" i], [src^="javascript:" i]').length,
  }))
  expect(found).toEqual({ pwned: null, csp: [], injected: 0, scripts: 0, jsLinks: 0 })
}

test.describe('hostile input is shown as text', () => {
  let world: World
  test.beforeAll(async () => {
    world = await makeWorld()
  })

  test('job detail, job list and search', async ({ page }) => {
    const problems = await guard(page)
    await signInAs(page, world.freelancer, '/')
    const doc = await page.goto(`/description/${world.job._id}`)
    // the page itself carries the policy
    expect(doc?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
    await expectLiteral(page, [world.job.title, PWN.img, PWN.rtl, PWN.zeroWidth, PWN.combining, LONG_WORD])

    await page.goto(`/jobs?q=${world.token}`)
    await expectLiteral(page, [world.job.title])

    await page.goto(`/search?q=${world.token}`)
    await expectLiteral(page, [world.job.title])
    // a hostile query in the search box is text too
    await page.goto(`/search?q=${encodeURIComponent(`${PWN.img} ${PWN.sql}`)}`)
    await expect(page.getByRole('main')).toBeVisible()
    await expectLiteral(page, [])
    expect(problems).toEqual([])
  })

  test('job detail for a signed-out visitor, whose page arrives with the job inside it', async ({ page }) => {
    const problems = await guard(page)
    const asked: string[] = []
    page.on('request', (r) => {
      if (r.url().includes(`/api/v1/job/${world.job._id}`)) asked.push(r.url())
    })
    const doc = await page.goto(`/description/${world.job._id}`)
    expect(doc?.headers()['content-security-policy']).toContain("script-src 'self'")
    await expectLiteral(page, [world.job.title, PWN.img, PWN.rtl, PWN.zeroWidth, PWN.combining, LONG_WORD])
    // The answer came in the page (no request for it), and its data block is gone once read.
    expect(asked).toEqual([])
    await expect(page.locator('#first-answer')).toHaveCount(0)
    expect(problems).toEqual([])
  })

  test('profile: name, bio and skills', async ({ page }) => {
    const problems = await guard(page)
    await signInAs(page, world.client, `/m/${world.freelancer.user.userId}`)
    await expectLiteral(page, [PWN.svg, PWN.rtl, PWN.script, PWN.sql, PWN.emoji, PWN.entity, LONG_WORD])
    expect(problems).toEqual([])
  })

  test('chat: the conversation and its list', async ({ page }) => {
    const problems = await guard(page)
    await signInAs(page, world.client, `/chat/${world.freelancer.user._id}`)
    await expectLiteral(page, [PWN.img, PWN.script, PWN.jsUrl, PWN.rtl, PWN.combining, PWN.entity, LONG_WORD])
    expect(problems).toEqual([])
  })

  test('feed: post and comment', async ({ page }) => {
    const problems = await guard(page)
    await signInAs(page, world.client, '/feed')
    await expectLiteral(page, [`${world.token} ${PWN.img}`, PWN.svg, PWN.jsUrl, PWN.zeroWidth])
    const post = page.locator('article', { hasText: world.token }).first()
    await post
      .getByRole('button', { name: /comment/i })
      .first()
      .click()
    await expectLiteral(page, [`${PWN.img} ${PWN.jsUrl}`])
    expect(problems).toEqual([])
  })
})
