import fs from 'node:fs'
import type { Browser, Page, TestInfo } from '@playwright/test'
import {
  call,
  createUserViaApi,
  expect,
  getOtp,
  isMobileProject,
  main,
  signInAs,
  test,
  type Session,
} from './helpers/app'
import { operatorEmail } from './support/operators'

/*
 * Issue 23 "Trust between strangers", safety in chat and posts (ADR 056): a phone number sent before any money is in
 * escrow shows its receiver a calm notice; a job post asking for a registration fee is held, its poster sees why, and
 * an operator approves it; a reported post reaches the operators' queue and is dismissed there.
 */

// Each flow signs up two or three people through the mail sink and drives two browsers: more than the default minute.
test.describe.configure({ timeout: 180_000 })

const SHOTS = '/tmp/shots-safety'
async function snap(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: true })
}

async function openAs(browser: Browser, session: Session, path: string, mobile: boolean): Promise<Page> {
  const context = await browser.newContext(
    mobile
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1440, height: 900 } },
  )
  const page = await context.newPage()
  await signInAs(page, session, path)
  return page
}

async function postJson(p: string, body: unknown) {
  const res = await fetch(new URL(`/api/v1${p}`, process.env.E2E_BASE_URL).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as Record<string, unknown>
  if (!res.ok) throw new Error(`POST ${p} answered ${res.status}: ${JSON.stringify(json)}`)
  return json
}

/**
 * Signs this project's safety operator in with a code from the SMTP sink, once per worker: both tests here need
 * one, and a second code for the same address within the resend wait is refused (429), so a retry waits it out.
 */
let operator: Promise<Session> | undefined
function operatorSession(projectName: string): Promise<Session> {
  return (operator ??= signInOperator(projectName).catch((err) => {
    operator = undefined
    throw err
  }))
}
async function signInOperator(projectName: string): Promise<Session> {
  const email = operatorEmail(projectName, 'safety')
  for (;;) {
    const after = Date.now()
    const res = await fetch(new URL('/api/v1/user/send-login-otp', process.env.E2E_BASE_URL).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    if (res.status === 429) {
      const wait = Number(
        /(\d+) seconds?/.exec(((await res.json()) as { message?: string }).message ?? '')?.[1] ?? 5,
      )
      await new Promise((r) => setTimeout(r, (wait + 1) * 1000))
      continue
    }
    if (!res.ok) throw new Error(`send-login-otp answered ${res.status}`)
    const answer = await postJson('/user/verify-otp', { email, otp: await getOtp(email, { after }) })
    return { user: answer.data as Session['user'], token: answer.token as string, email }
  }
}

const NOTICE =
  'Payments made outside Microlance are not protected. Keep payments in escrow so your money is safe.'

test('a phone number from a stranger shows the receiver a calm notice; the sender sees none', async ({
  browser,
}, testInfo) => {
  const mobile = isMobileProject(testInfo)
  const asha = await createUserViaApi({ fullname: 'Asha Iyer', role: 'client' })
  const meera = await createUserViaApi({ fullname: 'Meera Shah', role: 'freelancer' })
  const sender = await openAs(browser, meera, `/chat/${asha.user._id}`, mobile)
  const receiver = await openAs(browser, asha, `/chat/${meera.user._id}`, mobile)

  const composer = sender.getByRole('textbox', { name: 'Message' })
  await composer.fill('Hi! Call me on 98765 43210 and we can settle the payment directly.')
  await composer.press('Enter')

  // Delivered live, with the notice under it for the receiver only.
  const received = receiver.getByTestId('chat-message').filter({ hasText: '98765 43210' })
  await expect(received).toBeVisible()
  await expect(received.getByTestId('off-platform-notice')).toHaveText(NOTICE)
  const sent = sender.getByTestId('chat-message').filter({ hasText: '98765 43210' })
  await expect(sent).toBeVisible()
  await expect(sent.getByTestId('off-platform-notice')).toHaveCount(0)
  // An ordinary reply has no notice.
  await sender.getByRole('textbox', { name: 'Message' }).fill('Or we can keep it here, either way.')
  await sender.getByRole('textbox', { name: 'Message' }).press('Enter')
  await expect(receiver.getByTestId('chat-message').filter({ hasText: 'either way' })).toBeVisible()
  await expect(receiver.getByTestId('off-platform-notice')).toHaveCount(1)

  // After a reload (the history endpoint) the notice is still there.
  await receiver.reload()
  await expect(receiver.getByTestId('off-platform-notice')).toHaveText(NOTICE)
  await snap(receiver, testInfo, 'chat-notice')
})

test('a job asking for a registration fee is held with the reason, and goes public when an operator approves it', async ({
  page,
  browser,
  toasts,
}, testInfo) => {
  const mobile = isMobileProject(testInfo)
  const client = await createUserViaApi({ fullname: 'Nandini Rao', role: 'client' })
  const title = `Form filling from home ${Date.now().toString(36)}`
  await signInAs(page, client, '/admin/jobs/create')
  await main(page).getByRole('radio', { name: 'One-time' }).check()
  await main(page).getByLabel('Title', { exact: true }).fill(title)
  await main(page)
    .getByLabel('Description', { exact: true })
    .fill('Simple form filling work. Registration fee ₹300 to be paid before you start, refunded later.')
  await main(page).getByLabel('Amount (₹)').fill('5000')
  await main(page).getByLabel('Skills', { exact: true }).fill('Typing')
  await page.mouse.move(0, 0)
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/job/post') && r.request().method() === 'POST',
  )
  await main(page).getByRole('button', { name: 'Publish', exact: true }).click()
  const job = ((await (await posted).json()) as { job: { _id: string } }).job
  await toasts.expect(/^Held for review: the post asks applicants to pay \(“Registration fee”\)/, 'info')

  // The manage page and the job's page say why, to the poster.
  await expect(page).toHaveURL('/admin/jobs/manage')
  const row = main(page).locator(`[data-job-id="${job._id}"]`).filter({ visible: true })
  await expect(row.getByTestId('moderation-notice')).toContainText('Held for review:')
  await expect(row.getByTestId('moderation-notice')).toContainText('Registration fee')
  await snap(page, testInfo, 'held-manage')
  await page.goto(`/description/${job._id}`)
  await expect(main(page).getByTestId('moderation-notice')).toContainText(
    'Only you can see this job until an operator approves it.',
  )
  await snap(page, testInfo, 'held-description')

  // Not public meanwhile.
  const anon = await fetch(new URL(`/api/v1/job/${job._id}`, process.env.E2E_BASE_URL).toString())
  expect(anon.status).toBe(404)

  // The operator approves it from the held jobs tab, from the keyboard.
  const ops = await openAs(browser, await operatorSession(testInfo.project.name), '/admin/reports', mobile)
  await expect(ops.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
  await ops.getByRole('tab', { name: 'Reports' }).focus()
  await ops.keyboard.press('ArrowRight')
  await expect(ops.getByRole('tab', { name: 'Held jobs' })).toHaveAttribute('aria-selected', 'true')
  const card = ops.getByTestId('held-job').filter({ hasText: title })
  await expect(card).toContainText('Held: the post asks applicants to pay (“Registration fee”)')
  await expect(card).toContainText('Posted by Nandini Rao')
  await snap(ops, testInfo, 'admin-held-jobs')
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(
    ops.locator('[data-sonner-toast]').filter({ hasText: 'Job approved: it is public now' }),
  ).toBeVisible()
  await expect(card).toHaveCount(0)

  // Public now: its page opens for anyone, and the poster's notice is gone.
  const after = await fetch(new URL(`/api/v1/job/${job._id}`, process.env.E2E_BASE_URL).toString())
  expect(after.status).toBe(200)
  await page.reload()
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(main(page).getByTestId('moderation-notice')).toHaveCount(0)
})

test('a reported post reaches the operators, who dismiss it with a note', async ({
  page,
  browser,
  toasts,
}, testInfo) => {
  const mobile = isMobileProject(testInfo)
  const author = await createUserViaApi({ fullname: 'Vikram Joshi', role: 'freelancer' })
  const reader = await createUserViaApi({ fullname: 'Pooja Menon', role: 'freelancer' })
  const content = `Earn ₹5,000 a day from home, DM me ${Date.now().toString(36)}`
  await call('POST', '/posts/create', author.token, { content, media: [] })

  await signInAs(page, reader, `/m/${author.user.userId}`)
  const post = main(page).getByRole('article', { name: 'Post by Vikram Joshi' }).filter({ hasText: content })
  await post.getByRole('button', { name: 'Report post' }).click()
  const dialog = page.getByRole('dialog', { name: 'Report this post' })
  // Sending without a reason says what is missing.
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason')
  await dialog.getByRole('radio', { name: 'Spam or misleading' }).check()
  await dialog.getByLabel('Details (optional)').fill('Looks like a money scheme')
  await snap(page, testInfo, 'report-dialog')
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await toasts.expect('Thanks for telling us. Our team will look at it.', 'success')
  await expect(dialog).toHaveCount(0)
  // A second report of the same post is refused with a clear sentence.
  await post.getByRole('button', { name: 'Report post' }).click()
  await dialog.getByRole('radio', { name: 'Scam or fraud' }).check()
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'You have already reported this. Our team will look at it soon.',
  )
  await page.keyboard.press('Escape')

  const ops = await openAs(browser, await operatorSession(testInfo.project.name), '/admin/reports', mobile)
  const card = ops.getByTestId('report-card').filter({ hasText: content.slice(0, 60) })
  await expect(card).toContainText('Spam or misleading')
  await expect(card).toContainText('Looks like a money scheme')
  await expect(card).toContainText('Vikram Joshi')
  await expect(card).toContainText('Pooja Menon')
  await snap(ops, testInfo, 'admin-reports')
  await card.getByLabel('Note (optional)').fill('Checked, an ordinary ad')
  await card.getByRole('button', { name: 'Dismiss' }).click()
  await expect(ops.locator('[data-sonner-toast]').filter({ hasText: 'Report dismissed' })).toBeVisible()
  await expect(card).toHaveCount(0)
  await ops.getByRole('button', { name: 'Dismissed' }).click()
  await expect(ops.getByTestId('report-card').filter({ hasText: content.slice(0, 60) })).toContainText(
    'Checked, an ordinary ad',
  )
})
