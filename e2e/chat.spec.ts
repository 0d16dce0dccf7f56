import type { Browser, Page } from '@playwright/test'
import {
  call,
  createUserViaApi,
  expect,
  isMobileProject,
  main,
  type Session,
  shot,
  signInAs,
  test,
} from './helpers/app'

/*
 * Issue 5 "Shown by" (web): a client and a freelancer chat live in two browsers — typing shown, unread counts,
 * read receipts — the client accepts the application and the freelancer's bell badge rises without a reload, and
 * the notification opens /chat/{employerId}. product.md §9 (chat screens, send rule), §11 (Notification panel), §13.
 */

const jobBody = (title: string) => ({
  title,
  description: 'A small, well-defined piece of work with a clear brief and a friendly client.',
  paymentType: 'one-time',
  locationPreference: 'Remote',
  amount: '12000',
  skills: ['React'],
})

/** A client with a job, and a freelancer who applied to it. */
async function clientAndApplicant(title: string) {
  const client = await createUserViaApi({ fullname: 'Asha Iyer', role: 'client' })
  const freelancer = await createUserViaApi({ fullname: 'Ravi Kumar', role: 'freelancer' })
  const { job } = await call('POST', '/job/post', client.token, jobBody(title))
  const { application } = await call('POST', `/application/jobs/${job._id}/apply`, freelancer.token, {})
  return { client, freelancer, job, application }
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

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ }).filter({ visible: true })
const badge = (page: Page) => page.getByTestId('notification-badge').filter({ visible: true })
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' })
const messages = (page: Page) => page.getByTestId('chat-message')

test('client and freelancer chat live: typing, unread counts, read receipts, Enter and Shift+Enter', async ({
  browser,
}, testInfo) => {
  const mobile = isMobileProject(testInfo)
  const { client, freelancer, job } = await clientAndApplicant('Landing page for a tea shop')
  const asha = await openAs(browser, client, `/chat/${freelancer.user._id}`, mobile)
  const ravi = await openAs(browser, freelancer, '/jobs', mobile)

  // The conversation page: header, empty history, the shared job selected in the panel.
  await expect(main(asha).getByRole('link', { name: 'Ravi Kumar' })).toBeVisible()
  await expect(main(asha).getByText('No messages yet. Say hello to Ravi Kumar!')).toBeVisible()
  // On a phone the panel covers the conversation, so it opens only when asked for.
  const panel = main(asha).getByRole('complementary', { name: 'Shared jobs' })
  if (mobile) {
    await expect(panel).toHaveCount(0)
    await main(asha).getByRole('button', { name: 'Shared jobs' }).click()
  }
  await expect(panel.getByRole('option', { name: job.title })).toHaveAttribute('aria-selected', 'true')
  await expect(panel.getByText('₹12,000.00', { exact: true })).toBeVisible()
  // The selected job's payment actions sit in the panel: the creator can fund it from the chat.
  await expect(panel.getByText('Fund status')).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Pay ₹12,000.00' })).toBeVisible()
  await shot(asha, testInfo, 'chat-jobs-panel')
  if (mobile) await main(asha).getByRole('button', { name: 'Shared jobs' }).click()

  // Send is blocked on whitespace; Enter sends; Shift+Enter adds a line.
  await composer(asha).fill('   ')
  await expect(main(asha).getByRole('button', { name: 'Send' })).toBeDisabled()
  await composer(asha).press('Enter')
  await expect(messages(asha)).toHaveCount(0)
  await composer(asha).fill('Hello Ravi!')
  await composer(asha).press('Shift+Enter')
  await composer(asha).pressSequentially('Can you start on Monday?')
  await expect(composer(asha)).toHaveValue('Hello Ravi!\nCan you start on Monday?')
  await composer(asha).press('Enter')
  await expect(messages(asha)).toHaveCount(1)
  await expect(messages(asha).first()).toContainText('Hello Ravi!\nCan you start on Monday?')
  await expect(composer(asha)).toHaveValue('')
  await expect(messages(asha).first()).toContainText('Sent')

  // Ravi's bell rises without a reload; the list shows the unread count and the last message.
  await expect(badge(ravi)).toHaveText('1')
  await ravi.goto('/chat')
  const row = main(ravi).getByRole('link', { name: /Asha Iyer/ })
  await expect(row).toContainText('Can you start on Monday?')
  await expect(row.getByTestId('unread-count')).toHaveText('1')
  await shot(ravi, testInfo, 'chat-list')
  await row.click()
  await expect(ravi).toHaveURL(`/chat/${client.user._id}`)
  await expect(messages(ravi)).toHaveCount(1)

  // Opening it reads it: Asha sees the receipt, Ravi's unread count and bell clear.
  await expect(messages(asha).first()).toContainText('Seen')
  await expect(badge(ravi)).toHaveCount(0)
  if (!mobile) await expect(main(ravi).getByTestId('unread-count')).toHaveCount(0)

  // Typing is shown to the other side, then the answer arrives live.
  await composer(ravi).pressSequentially('Yes, Monday works')
  await expect(asha.getByTestId('typing')).toHaveText(/Ravi Kumar is typing/)
  await composer(ravi).press('Enter')
  await expect(messages(asha)).toHaveCount(2)
  await expect(messages(asha).nth(1)).toContainText('Yes, Monday works')
  await expect(asha.getByTestId('typing')).toHaveCount(0)
  // Asha has the conversation open, so the reply is read at once: no unread count, and of her bell only the
  // new-applicant notification is left (the message one was read with the conversation).
  await expect(badge(asha)).toHaveText('1')
  if (!mobile) await expect(main(asha).getByTestId('unread-count')).toHaveCount(0)
  await expect(main(asha).getByRole('separator').filter({ hasText: 'Today' })).toHaveCount(1)
  await shot(asha, testInfo, 'chat-conversation')
  await asha.context().close()
  await ravi.context().close()
})

const chatBadge = (page: Page) => page.getByTestId('chat-unread-badge').filter({ visible: true })

/** From now on, every count the page's Chat item shows, in order — a count shown for an instant is kept too. */
async function recordChatCounts(page: Page) {
  await page.evaluate(() => {
    const shown: string[] = []
    ;(window as unknown as { chatCounts: string[] }).chatCounts = shown
    const note = () => {
      const text = document.querySelector('[data-testid="chat-unread-badge"]')?.textContent ?? ''
      if (shown.at(-1) !== text) shown.push(text)
    }
    note()
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true })
  })
}
const chatCounts = (page: Page) =>
  page.evaluate(() => (window as unknown as { chatCounts: string[] }).chatCounts)

/** Makes the tab look hidden (another tab in front) or visible again, as the browser tells a page. */
async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (h ? 'hidden' : 'visible'),
    })
    document.dispatchEvent(new Event('visibilitychange'))
  }, hidden)
}

test('the Chat item counts the people waiting for a reply: live, never for the conversation in front, again while the tab is hidden', async ({
  browser,
}, testInfo) => {
  const mobile = isMobileProject(testInfo)
  const { client, freelancer } = await clientAndApplicant('Poster for a music night')
  const meera = await createUserViaApi({ fullname: 'Meera Shah', role: 'client' })
  const say = (from: Session, content: string) =>
    call('POST', '/chat/send', from.token, { receiver: freelancer.user._id, content })
  const ravi = await openAs(browser, freelancer, '/jobs', mobile)
  await expect(main(ravi).getByRole('heading', { level: 1 })).toBeVisible()
  await expect(chatBadge(ravi)).toHaveCount(0)

  // Two people write while Ravi browses jobs: the count rises live, one for each person, not for each message.
  await say(client, 'Hello Ravi!')
  await expect(chatBadge(ravi)).toHaveText('1')
  await say(client, 'Are you free on Friday?')
  await say(meera, 'Do you take logo work?')
  await expect(chatBadge(ravi)).toHaveText('2')
  const chatLink = ravi
    .getByRole('navigation', { name: 'Main' })
    .filter({ visible: true })
    .getByRole('link', { name: /^Chat/ })
  await expect(chatLink).toHaveAccessibleName('Chat 2 unread conversations')
  await shot(ravi, testInfo, 'chat-unread-nav')
  // The server counts the same after a reload.
  await ravi.reload()
  await expect(chatBadge(ravi)).toHaveText('2')

  // Reading Asha's conversation takes her off the count.
  await chatLink.click()
  await expect(ravi).toHaveURL('/chat')
  // The list, not the page it came from (the address changes before the new page is drawn).
  await expect(main(ravi).getByRole('heading', { name: 'Messages' })).toBeVisible()
  await main(ravi)
    .getByRole('link', { name: /Asha Iyer/ })
    .click()
  await expect(messages(ravi)).toHaveCount(2)
  await expect(chatBadge(ravi)).toHaveText('1')

  // With her conversation in front of him, what Asha writes is read as it arrives: never counted, not for an instant.
  await recordChatCounts(ravi)
  await say(client, 'See you on Friday then.')
  await expect(messages(ravi)).toHaveCount(3)
  await expect(messages(ravi).last()).toContainText('See you on Friday then.')
  await expect
    .poll(async () => (await call('GET', '/chat/unread', freelancer.token)).data.from)
    .toEqual([meera.user._id])
  expect(await chatCounts(ravi)).toEqual(['1'])

  // Behind another tab, it stays unread and counts; back in front, it is read.
  await setTabHidden(ravi, true)
  await say(client, 'One more thing: bring your laptop.')
  await expect(messages(ravi)).toHaveCount(4)
  await expect(chatBadge(ravi)).toHaveText('2')
  await setTabHidden(ravi, false)
  await expect(chatBadge(ravi)).toHaveText('1')

  // Meera's conversation, read from the list: nobody is waiting any more.
  await chatLink.click()
  await expect(ravi).toHaveURL('/chat')
  // The list, not the page it came from (the address changes before the new page is drawn).
  await expect(main(ravi).getByRole('heading', { name: 'Messages' })).toBeVisible()
  await main(ravi)
    .getByRole('link', { name: /Meera Shah/ })
    .click()
  await expect(messages(ravi)).toHaveCount(1)
  await expect(chatBadge(ravi)).toHaveCount(0)
  // The badge leaves the conversation on screen out at once; the server counts it read once the page has said so.
  await expect
    .poll(async () => (await call('GET', '/chat/unread', freelancer.token)).data)
    .toEqual({ conversations: 0, messages: 0, from: [] })
  await ravi.context().close()
})

test('accepting an application raises the freelancer’s bell live; the notification opens /chat/{employerId}', async ({
  browser,
}, testInfo) => {
  const mobile = isMobileProject(testInfo)
  const { client, freelancer, job, application } = await clientAndApplicant('Logo for a bakery')
  const ravi = await openAs(browser, freelancer, '/jobs', mobile)
  const asha = await openAs(browser, client, `/admin/jobs/${job._id}/applicants`, mobile)
  await expect(badge(ravi)).toHaveCount(0)

  await main(asha)
    .locator(`[data-application-id="${application._id}"]`)
    .getByRole('button', { name: /^Accept/ })
    .click()
  await expect(badge(ravi)).toHaveText('1')

  await bell(ravi).click()
  const drawer = ravi.getByRole('dialog', { name: 'Notifications' })
  await expect(drawer.getByRole('button', { name: 'Mark all read' })).toBeVisible()
  const item = drawer.getByRole('button', { name: /was accepted/ })
  await expect(item).toHaveAttribute('data-unread', 'true')
  await expect(item.getByLabel('Unread')).toBeVisible()
  // Its time in the browser's own format, to the minute.
  const stamp = item.locator('time')
  const iso = await stamp.getAttribute('datetime')
  const local = await ravi.evaluate(
    (at) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    iso!,
  )
  await expect(stamp).toHaveText(local)
  await shot(ravi, testInfo, 'chat-notifications')
  await item.click()
  await expect(ravi).toHaveURL(`/chat/${client.user._id}`)
  await expect(badge(ravi)).toHaveCount(0)
  await bell(ravi).click()
  await expect(drawer.getByRole('button', { name: /was accepted/ })).not.toHaveAttribute(
    'data-unread',
    'true',
  )
  await expect(drawer.getByRole('button', { name: 'Mark all read' })).toHaveCount(0)
  await asha.context().close()
  await ravi.context().close()
})

test('Mark all read clears the bell; a message notification opens the floating chat window', async ({
  browser,
}, testInfo) => {
  const mobile = isMobileProject(testInfo)
  const { client, freelancer, application } = await clientAndApplicant('Menu card design')
  await call('PATCH', `/application/applications/${application._id}/status`, client.token, {
    status: 'rejected',
  })
  await call('POST', '/chat/send', client.token, {
    receiver: freelancer.user._id,
    content: 'Thanks for applying!',
  })
  const ravi = await openAs(browser, freelancer, '/jobs', mobile)
  await expect(badge(ravi)).toHaveText('2')

  await bell(ravi).click()
  const drawer = ravi.getByRole('dialog', { name: 'Notifications' })
  await expect(drawer.locator('[data-unread]')).toHaveCount(2)
  await drawer.getByRole('button', { name: 'Mark all read' }).click()
  await expect(drawer.locator('[data-unread]')).toHaveCount(0)
  await expect(drawer.getByRole('button', { name: 'Mark all read' })).toHaveCount(0)
  await expect(badge(ravi)).toHaveCount(0)

  // A new one arrives while the drawer is open: prepended, unread.
  await call('POST', '/chat/send', client.token, {
    receiver: freelancer.user._id,
    content: 'Another job may suit you.',
  })
  await expect(drawer.locator('[data-unread]')).toHaveCount(1)
  await expect(drawer.getByRole('listitem').first()).toContainText('Asha Iyer sent you a message')

  await drawer
    .getByRole('button', { name: /Asha Iyer sent you a message/ })
    .first()
    .click()
  const chat = ravi.getByRole('dialog', { name: 'Chat' })
  await expect(chat).toBeVisible()
  await expect(chat.getByTestId('chat-message')).toHaveCount(2)
  await expect(chat.getByTestId('chat-message').last()).toContainText('Another job may suit you.')
  await chat.getByRole('textbox', { name: 'Message' }).fill('Thank you, I will look.')
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter')
  await expect(chat.getByTestId('chat-message')).toHaveCount(3)
  await shot(ravi, testInfo, 'chat-window')
  await chat.getByRole('button', { name: 'Close chat' }).click()
  await expect(chat).toHaveCount(0)
  await ravi.context().close()
})

test('Message on another person’s profile opens the chat window with them; the first message starts the conversation', async ({
  browser,
}, testInfo) => {
  const mobile = isMobileProject(testInfo)
  const client = await createUserViaApi({ fullname: 'Asha Iyer', role: 'client' })
  const freelancer = await createUserViaApi({ fullname: 'Ravi Kumar', role: 'freelancer' })
  const asha = await openAs(browser, client, `/m/${client.user.userId}`, mobile)
  // Control: one's own profile has the edit controls and no Message button.
  await expect(main(asha).getByRole('button', { name: 'Edit Profile' })).toBeVisible()
  await expect(main(asha).getByRole('button', { name: 'Message' })).toHaveCount(0)

  await asha.goto(`/m/${freelancer.user.userId}`)
  await expect(main(asha).getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible()
  await main(asha).getByRole('button', { name: 'Message' }).click()
  const chat = asha.getByRole('dialog', { name: 'Chat' })
  await expect(chat).toBeVisible()
  await expect(chat.getByText('Ravi Kumar').first()).toBeVisible()
  await expect(chat.getByTestId('chat-message')).toHaveCount(0)
  await chat.getByRole('textbox', { name: 'Message' }).fill('Hello Ravi, I saw your profile.')
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter')
  await expect(chat.getByTestId('chat-message')).toHaveCount(1)
  await expect(chat.getByTestId('chat-message')).toContainText('Hello Ravi, I saw your profile.')
  await shot(asha, testInfo, 'profile-message')

  // It reached Ravi as a new conversation from Asha, unread, with no job attached.
  const { data } = await call('GET', '/chat/conversations', freelancer.token)
  expect(
    data.conversations.map((c: any) => [c.user._id, c.unreadCount, c.lastMessage?.content, c.jobCount]),
  ).toEqual([[client.user._id, 1, 'Hello Ravi, I saw your profile.', 0]])
  await asha.context().close()

  // Signed out, a profile offers no Message button.
  const visitor = await browser.newPage()
  await visitor.goto(`/m/${freelancer.user.userId}`)
  await expect(main(visitor).getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible()
  await expect(main(visitor).getByRole('button', { name: 'Message' })).toHaveCount(0)
  await visitor.close()
})

test('a chat window that cannot load can still be closed; on a phone the name opens the profile', async ({
  browser,
}, testInfo) => {
  const mobile = isMobileProject(testInfo)
  const client = await createUserViaApi({ fullname: 'Asha Iyer', role: 'client' })
  const freelancer = await createUserViaApi({ fullname: 'Ravi Kumar', role: 'freelancer' })
  const asha = await openAs(browser, client, `/m/${freelancer.user.userId}`, mobile)
  const chat = asha.getByRole('dialog', { name: 'Chat' })

  // The server fails the conversation: the window says so, offers Retry, and still closes.
  await asha.route('**/api/v1/chat/messages/**', (route) =>
    route.fulfill({ status: 503, json: { success: false, message: 'Service unavailable' } }),
  )
  await main(asha).getByRole('button', { name: 'Message' }).click()
  await expect(chat.getByRole('heading', { name: 'Failed to load the conversation' })).toBeVisible()
  await expect(chat.getByRole('button', { name: 'Retry' })).toBeVisible()
  await shot(asha, testInfo, 'chat-window-error')
  await chat.getByRole('button', { name: 'Close chat' }).click()
  await expect(chat).toHaveCount(0)

  // Working again: the name in the window's header leads to the person's profile. On a phone the window covers
  // the page, so it closes; on a desktop it stays in its corner.
  await asha.unroute('**/api/v1/chat/messages/**')
  await main(asha).getByRole('button', { name: 'Message' }).click()
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeVisible()
  await chat.getByRole('link', { name: 'Ravi Kumar' }).click()
  await expect(asha).toHaveURL(`/m/${freelancer.user.userId}`)
  await expect(main(asha).getByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeVisible()
  if (mobile) await expect(chat).toHaveCount(0)
  else await expect(chat).toBeVisible()
  await asha.context().close()
})

test('Messages: empty list for a newcomer', async ({ page }, testInfo) => {
  const newcomer = await createUserViaApi({ fullname: 'Neha Joshi' })
  await signInAs(page, newcomer, '/chat')
  await expect(page.getByRole('heading', { name: 'Messages' })).toBeVisible()
  await expect(main(page).getByText('No conversations yet')).toBeVisible()
  await shot(page, testInfo, 'chat-empty')

  // An address with a malformed or unknown person in it says so plainly, with no retry to offer.
  for (const who of ['ravi0001', '00000000-0000-4000-8000-000000000000']) {
    await page.goto(`/chat/${who}`)
    await expect(main(page).getByRole('heading', { name: 'User not found' })).toBeVisible()
    await expect(main(page).getByRole('button', { name: 'Retry' })).toHaveCount(0)
  }
})

test('a dropped connection comes back by itself and shows what arrived meanwhile, without a reload', async ({
  browser,
}, testInfo) => {
  const mobile = isMobileProject(testInfo)
  const { client, freelancer, job } = await clientAndApplicant('Menu card for a dosa stall')
  const asha = await openAs(browser, client, `/chat/${freelancer.user._id}`, mobile)
  await expect(main(asha).getByText('No messages yet. Say hello to Ravi Kumar!')).toBeVisible()
  // Sent after the page's own fetch, so it can only come through the socket: the socket is up.
  await call('POST', '/chat/send', freelancer.token, {
    receiver: client.user._id,
    content: 'Hello! Sharing the first draft soon.',
    jobId: job._id,
  })
  await expect(messages(asha).filter({ hasText: 'Hello! Sharing the first draft soon.' })).toBeVisible({
    timeout: 15_000,
  })
  // The network goes away (the socket client closes its transport on the browser's offline event) …
  await asha.context().setOffline(true)
  for (const content of ['Draft is ready.', 'Please check the colours.'])
    await call('POST', '/chat/send', freelancer.token, { receiver: client.user._id, content, jobId: job._id })
  await expect(messages(asha)).toHaveCount(1)
  // … and comes back: the socket reconnects within its 1–5 s delay and the missed messages appear, once each.
  await asha.context().setOffline(false)
  await expect(messages(asha).filter({ hasText: 'Please check the colours.' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(messages(asha)).toHaveText([
    /Hello! Sharing the first draft soon\./,
    /Draft is ready\./,
    /Please check the colours\./,
  ])
  await asha.context().close()
})

test('a conversation keeps the messages readable on a tablet and a small laptop; the jobs panel lies over them until there is room', async ({
  page,
}, testInfo) => {
  // Runs once, in the desktop project: it sets its own tablet and laptop widths, so a phone run would repeat it.
  test.skip(isMobileProject(testInfo), 'widths between a phone and a desktop, set below')
  const { client, freelancer } = await clientAndApplicant('Menu photos for a bakery in Kochi')
  await call('POST', '/chat/send', freelancer.token, {
    receiver: client.user._id,
    content: 'Hello! I can shoot the menu this week.',
  })
  const panel = main(page).getByRole('complementary', { name: 'Shared jobs' })
  const toggle = main(page).getByRole('button', { name: 'Shared jobs' })
  const list = main(page).getByRole('heading', { name: 'Messages' })
  const width = async () => (await composer(page).boundingBox())!.width

  // A small laptop (1024 px): the list beside the messages, the panel closed and asked for with its button.
  await page.setViewportSize({ width: 1024, height: 768 })
  await signInAs(page, client, `/chat/${freelancer.user._id}`)
  await expect(messages(page)).toContainText(['Hello! I can shoot the menu this week.'])
  await expect(list).toBeVisible()
  await expect(panel).toBeHidden()
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  expect(await width()).toBeGreaterThan(300)
  await toggle.click()
  await expect(panel.getByText('Menu photos for a bakery in Kochi').first()).toBeVisible()
  // It lies over the right of the conversation instead of squeezing it: the composer keeps its width beneath.
  expect(await width()).toBeGreaterThan(300)
  await shot(page, testInfo, 'chat-1024-panel')
  await toggle.click()
  await expect(panel).toBeHidden()

  // A tablet (800 px): the messages take the width, with a way back to the list.
  await page.setViewportSize({ width: 800, height: 1024 })
  await expect(list).toBeHidden()
  expect(await width()).toBeGreaterThan(400)
  await main(page).getByRole('link', { name: 'Back to messages' }).click()
  await expect(page).toHaveURL('/chat')
  await expect(main(page).getByRole('heading', { name: 'Messages' })).toBeVisible()

  // From 1280 px there is room for all three, and the panel starts open.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`/chat/${freelancer.user._id}`)
  await expect(list).toBeVisible()
  await expect(panel).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  expect(await width()).toBeGreaterThan(250)
})
