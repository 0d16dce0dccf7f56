import fs from 'node:fs'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { call, createUserViaApi, signInAs } from './helpers/app'
import { sinkMessages } from './support/fixtures'
import { openInHindi } from './support/hindi'
import type { SinkMessage } from './support/smtp-sink'

// The e2e server runs the alert sweep every 2 s with no quiet hours (support/global-setup.ts).

/**
 * The alert mail to `email` about `word` received since `after`, once the sweep has sent it (it runs every 2 s; the
 * poll allows for a loaded machine), its subject checked to be `subject`.
 */
async function alertMail(email: string, after: number, word: string, subject: string) {
  let mail: SinkMessage | undefined
  await expect
    .poll(
      async () => {
        mail = (await sinkMessages(email, after)).find((m) => m.subject.includes(word))
        return mail?.subject ?? ''
      },
      { timeout: 60_000 },
    )
    .toBe(subject)
  return mail!
}

/** The one-click unsubscribe link an alert mail carries. */
const unsubscribeLink = (text: string) => /(https?:\/\/\S+\/alerts\/unsubscribe\?token=[\w-]+)/.exec(text)![1]

async function look(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync('/tmp/shots-alerts', { recursive: true })
  await page.screenshot({ path: `/tmp/shots-alerts/${name}-${testInfo.project.name}.png`, fullPage: true })
}

test('a freelancer saves a search, gets its alert by email and unsubscribes without signing in', async ({
  page,
  browser,
}, testInfo) => {
  // Two sign-ups, a sweep period and a mail: more than the default minute on a loaded machine.
  test.setTimeout(120_000)
  const word = `kathak${Math.random().toString(36).slice(2, 7)}`
  const freelancer = await createUserViaApi({ fullname: 'Ravi Alerts', role: 'freelancer' })
  const client = await createUserViaApi({ fullname: 'Asha Poster', role: 'client' })

  await signInAs(page, freelancer, `/search?q=${word}`)
  await page.getByRole('button', { name: 'Save this search' }).click()
  const form = page.getByRole('form', { name: 'Save this search' })
  await form.getByLabel('How often').selectOption('instant')
  await look(page, testInfo, 'save-search')
  await form.getByRole('button', { name: 'Save alert' }).click()
  await expect(page.getByText(/Search saved/)).toBeVisible()

  await page.goto('/settings/alerts')
  await expect(page.getByRole('heading', { name: 'Job alerts' })).toBeVisible()
  await expect(page.getByText(`“${word}”`, { exact: true })).toBeVisible()
  await look(page, testInfo, 'settings-alerts')

  const after = Date.now()
  const { job } = await call<{ job: { _id: string } }>('POST', '/job/post', client.token, {
    title: `${word} dancer for a wedding`,
    description: 'Two evenings of classical dance for a family wedding in Kochi.',
    paymentType: 'one-time',
    amount: '20000',
    locationPreference: 'Kerala',
  })

  const mail = await alertMail(freelancer.email, after, word, `New job: ${word} dancer for a wedding`)
  expect(mail.text).toContain(`/description/${job._id}`)
  const link = unsubscribeLink(mail.text)

  // The link works in a browser that has never signed in.
  const stranger = await browser.newContext({ viewport: page.viewportSize()! })
  const visitor = await stranger.newPage()
  await visitor.goto(link)
  await expect(visitor.getByText('Unsubscribed', { exact: true })).toBeVisible()
  await expect(visitor.getByText(`You will no longer get alerts for “${word}”.`)).toBeVisible()
  await look(visitor, testInfo, 'unsubscribed')
  await stranger.close()

  await page.reload()
  await expect(page.getByText('No saved searches yet')).toBeVisible()
  await look(page, testInfo, 'settings-alerts-empty')
})

test('in Hindi: the saved search, its alert email and the unsubscribe page all speak Hindi', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const word = `bharatanatyam${Math.random().toString(36).slice(2, 7)}`
  const freelancer = await createUserViaApi({ fullname: 'Meena Alerts', role: 'freelancer' })
  const client = await createUserViaApi({ fullname: 'Kiran Poster', role: 'client' })
  // Her account reads Hindi (as the switcher stores it): the screens, and the mail the server writes to her.
  await openInHindi(page, freelancer, `/search?q=${word}`)
  await page.getByRole('button', { name: 'यह खोज सेव करें' }).click()
  const form = page.getByRole('form', { name: 'यह खोज सेव करें' })
  await form.getByLabel('कितनी बार').selectOption('instant')
  await form.getByRole('button', { name: 'अलर्ट सेव करें' }).click()
  await expect(page.getByText(/खोज सेव हो गई/)).toBeVisible()
  await page.goto('/settings/alerts')
  await expect(page.getByRole('heading', { name: 'नौकरी अलर्ट' })).toBeVisible()
  await look(page, testInfo, 'settings-alerts-hi')

  const after = Date.now()
  await call('POST', '/job/post', client.token, {
    title: `${word} dancer for a school day`,
    description: 'One morning of classical dance for a school function in Chennai.',
    paymentType: 'one-time',
    amount: '15000',
    locationPreference: 'Tamil Nadu',
  })
  const mail = await alertMail(freelancer.email, after, word, `नई नौकरी: ${word} dancer for a school day`)
  // The body is Hindi too, around the job's own (English) title.
  expect(mail.text).toMatch(/[\u0900-\u097F]{3}/)
  const link = unsubscribeLink(mail.text)

  // Opened in a browser that asks for Hindi and has never signed in.
  const stranger = await browser.newContext({ viewport: page.viewportSize()!, locale: 'hi-IN' })
  const visitor = await stranger.newPage()
  await visitor.goto(link)
  await expect(visitor.getByText('अनसब्सक्राइब हो गया', { exact: true })).toBeVisible()
  await expect(visitor.getByText(`अब आपको “${word}” के लिए अलर्ट नहीं मिलेंगे।`)).toBeVisible()
  await expect(visitor.locator('body')).not.toContainText(/\baccount\.[a-z]/)
  await look(visitor, testInfo, 'unsubscribed-hi')
  await stranger.close()

  await page.reload()
  await expect(page.getByText('अभी कोई सेव की गई खोज नहीं')).toBeVisible()
})
