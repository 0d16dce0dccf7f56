import fs from 'node:fs'
import path from 'node:path'
import { call, createUserViaApi, expect, main, test, type Session, hireAndFund } from './helpers/app'

/*
 * Reviews (ADR 060): after a funded hire is fully released, the client reviews the freelancer; the freelancer sees
 * only that they were reviewed, writes theirs, and then both see both. The profile shows the rating, and the job's
 * page the client's "Payment verified" badge.
 */

const SHOTS = '/tmp/shots-reviews'
async function snap(page: import('@playwright/test').Page, name: string, project: string) {
  fs.mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SHOTS, `${name}-${project}.png`), fullPage: true })
}

/** Signs `who` in from a clean slate (the app does not run on the JSON page, so it cannot write over it). */
async function switchTo(page: import('@playwright/test').Page, who: Session, to: string) {
  await page.goto('/api/v1/config')
  await page.context().clearCookies()
  await page.evaluate(({ user, token }) => {
    localStorage.clear()
    localStorage.setItem('user', JSON.stringify(user))
    localStorage.setItem('token', token)
  }, who)
  await page.goto(to)
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible({ timeout: 30_000 })
}

/** A ₹`amount` one-time job, the freelancer (with payout details) hired, funded through the sandbox, released. */
async function releasedHire(client: Session, freelancer: Session, title: string, amount: string) {
  await call('PUT', '/payouts/account', freelancer.token, {
    legalName: freelancer.user.fullname,
    pan: 'ABCPK1234K',
    state: 'Karnataka',
    bankAccount: '50100123456789',
    ifsc: 'HDFC0001234',
  })
  const { job } = await call('POST', '/job/post', client.token, {
    title,
    description:
      'A hand-lettered logo for a small bakery, delivered as vector files with two colour variants.',
    paymentType: 'one-time',
    locationPreference: 'Remote',
    amount,
    skills: ['Logo Design'],
  })
  await hireAndFund(client, freelancer, job._id)
  await call('POST', '/payments/release', client.token, { jobId: job._id })
  const { contracts } = await call('GET', `/contracts?jobId=${job._id}`, client.token)
  return { jobId: job._id as string, contractId: contracts[0]._id as string }
}

test('both sides review a released hire and see each other’s reviews only once both wrote', async ({
  page,
  toasts,
}, testInfo) => {
  test.setTimeout(180_000)
  const project = testInfo.project.name
  const client = await createUserViaApi({ fullname: 'Kavya Nair', role: 'client' })
  const freelancer = await createUserViaApi({ fullname: 'Arjun Das', role: 'freelancer' })
  const title = `Bakery logo ${Math.floor(Math.random() * 1e6)}`
  const { jobId, contractId } = await releasedHire(client, freelancer, title, '2500')

  // The client rates the freelancer: the picker is a radio group the keyboard can use.
  await switchTo(page, client, `/contracts/${contractId}`)
  const mine = main(page).getByRole('region', { name: 'Reviews' })
  await expect(mine.getByText(/Their review appears when they write theirs or on/)).toBeVisible()
  await mine.getByRole('button', { name: 'Post review' }).click()
  await expect(mine.getByText('Choose a rating from 1 to 5 stars')).toBeVisible()
  await mine.getByRole('radio', { name: /^4 stars/ }).check()
  await page.keyboard.press('ArrowRight')
  await expect(mine.getByRole('radio', { name: /^5 stars/ })).toBeChecked()
  await mine.getByLabel('Your review').fill('Lovely lettering, delivered early.')
  await snap(page, 'contract-review-form', project)
  await mine.getByRole('button', { name: 'Post review' }).click()
  await toasts.expect(
    'Review posted. Theirs appears when they write it or when the review time ends.',
    'success',
  )
  await expect(mine.getByRole('article', { name: 'Your review' })).toContainText('Lovely lettering')
  await toasts.clear()

  // The freelancer is told they were reviewed, but not what was said.
  await switchTo(page, freelancer, `/contracts/${contractId}`)
  const theirs = main(page).getByRole('region', { name: 'Reviews' })
  await expect(theirs.getByText(/They have reviewed you\. Write yours to see it/)).toBeVisible()
  await expect(page.getByText('Lovely lettering, delivered early.')).toHaveCount(0)
  await theirs.getByRole('radio', { name: /^5 stars/ }).check()
  await theirs.getByLabel('Your review').fill('Clear brief and paid on time.')
  await theirs.getByRole('button', { name: 'Post review' }).click()
  await toasts.expect('Review posted. You can now see each other’s reviews.', 'success')
  await expect(theirs.getByRole('article', { name: 'Their review' })).toContainText('Lovely lettering')
  await expect(theirs.getByRole('article', { name: 'Your review' })).toContainText('Clear brief')
  await snap(page, 'contract-reviews-both', project)

  // The client sees both too.
  await switchTo(page, client, `/contracts/${contractId}`)
  const after = main(page).getByRole('region', { name: 'Reviews' })
  await expect(after.getByRole('article', { name: 'Their review' })).toContainText(
    'Clear brief and paid on time.',
  )

  // The freelancer's profile shows the rating and the review; the job's page the client's badge.
  await page.goto(`/m/${freelancer.user.userId}`)
  const rep = main(page).getByTestId('profile-reputation')
  await expect(rep.getByLabel('Rated 5.0 out of 5 from 1 review')).toBeVisible()
  await expect(main(page).getByText('Lovely lettering, delivered early.')).toBeVisible()
  await snap(page, 'profile-reviews', project)
  await page.goto(`/m/${client.user.userId}`)
  await expect(main(page).getByTestId('profile-reputation')).toContainText('Payment verified')
  await page.goto(`/description/${jobId}`)
  await expect(main(page).getByTestId('client-trust').first()).toContainText('Payment verified')
  await snap(page, 'job-client-badge', project)
})
