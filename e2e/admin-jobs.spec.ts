import type { Locator, Page } from '@playwright/test'
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
  updateProfileViaApi,
} from './helpers/app'

/*
 * Issue 3 "Shown by" (client side): a client posts one job of each payment model through the form and one from a
 * template, edits one, and manages them; two freelancers apply; the client accepts one and rejects the other and
 * the freelancers see both statuses. Texts from product.md §3 (Admin jobs manage, Post a job, Job templates,
 * Applicants), §6 (Post job validation, numeric rule, totals, skills, location, drafts), §13 and §15.
 */

/** The row (desktop table) or card (mobile) of one job on the manage page. */
const jobRow = (page: Page, id: string): Locator => main(page).locator(`[data-job-id="${id}"]`)
/** The row or card of one application on the applicants page. */
const applicationRow = (page: Page, id: string): Locator =>
  main(page).locator(`[data-application-id="${id}"]`)

/** product.md §13: 20 characters on desktop, 40 on mobile, then an ellipsis. */
const cut = (title: string, max: number) => (title.length > max ? `${title.slice(0, max).trimEnd()}…` : title)

/** The page never scrolls sideways (tables scroll inside their box or become cards). */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width)
}

/** Publishes (or saves) the open form and returns the job the server created, after the redirect to manage. */
async function submitForm(page: Page, button: 'Publish' | 'Save as draft') {
  // A toast can sit over the form's buttons (bottom-right), and sonner keeps a hovered toast open: move away first.
  await page.mouse.move(0, 0)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/job/post') && r.request().method() === 'POST',
  )
  await main(page).getByRole('button', { name: button, exact: true }).click()
  const res = await posted
  expect(res.status()).toBe(201)
  return { body: res.request().postDataJSON(), job: ((await res.json()) as { job: any }).job }
}

test('a client posts a job in every payment model and from a template, edits one and manages them', async ({
  page,
  toasts,
}, testInfo) => {
  test.slow()
  const mobile = isMobileProject(testInfo)
  const client = await createUserViaApi({ fullname: 'Nandini Rao', role: 'client' })
  await signInAs(page, client, '/admin/jobs/manage')

  // --- Empty manage page: a call to post a job, and 'Outsource' goes to the form --------------------------
  await expect(main(page).getByRole('heading', { level: 1, name: 'Admin Jobs' })).toBeVisible()
  await expect(main(page).getByText("You haven't posted any jobs yet")).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'Post a job' })).toHaveAttribute(
    'href',
    '/admin/jobs/create',
  )
  await main(page).getByRole('link', { name: 'Outsource' }).click()
  await expect(page).toHaveURL('/admin/jobs/create')
  await expect(main(page).getByRole('heading', { level: 1, name: 'Post a job' })).toBeVisible()

  // --- product.md §6: submit is disabled until a payment type is chosen ----------------------------------
  const publish = main(page).getByRole('button', { name: 'Publish', exact: true })
  const draft = main(page).getByRole('button', { name: 'Save as draft', exact: true })
  await expect(publish).toBeDisabled()
  await expect(draft).toBeDisabled()
  await expect(main(page).getByText('Choose a payment type to continue.')).toBeVisible()
  await expect(main(page).getByLabel('Total')).toHaveText('—')

  // Location defaults to Remote and offers the 28 states and 8 union territories.
  const location = main(page).getByLabel('Location', { exact: true })
  await expect(location).toHaveValue('Remote')
  await expect(location.locator('optgroup[label="States"] option')).toHaveCount(28)
  await expect(location.locator('optgroup[label="Union territories"] option')).toHaveCount(8)
  await expect(location.locator('option')).toHaveCount(37)

  // --- Empty submit: 'Please fill all required fields', and nothing is sent --------------------------------
  let posts = 0
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/job/post')) posts++
  })
  await main(page).getByRole('radio', { name: 'One-time' }).check()
  await expect(publish).toBeEnabled()
  await publish.click()
  await toasts.expect('Please fill all required fields', 'error')
  // The summary, and each field's own message beside it: all announced (role=alert).
  const summary = main(page).getByRole('alert').filter({ hasText: 'Please fill all required fields' })
  await expect(summary).toHaveText('Please fill all required fields')
  await expect(main(page).getByRole('alert').filter({ hasText: 'Title is required' })).toBeVisible()
  // The chosen type's amount is marked at the same time, not after the title and description are filled.
  await expect(main(page).getByText('Enter an amount above ₹0 for a one-time job')).toBeVisible()
  await expect(main(page).getByLabel('Amount (₹)')).toHaveAttribute('aria-invalid', 'true')
  expect(posts).toBe(0)

  // --- One-time: the numeric rule blocks letters (typed or pasted), the total follows the amount -----------
  const oneTimeTitle = 'Landing page for an organic tea brand from Assam'
  await main(page).getByLabel('Title', { exact: true }).fill(oneTimeTitle)
  await expect(summary).toHaveCount(0)
  await main(page)
    .getByLabel('Description', { exact: true })
    .fill('A one-page site with our story, three teas, a WhatsApp order button and UPI details.')
  const amount = main(page).getByLabel('Amount (₹)')
  await amount.pressSequentially('45a0-0e0')
  await expect(amount).toHaveValue('45,000')
  await amount.evaluate((el) => {
    const data = new DataTransfer()
    data.setData('text/plain', '12abc')
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  })
  await expect(amount).toHaveValue('45,000')
  await expect(main(page).getByLabel('Total')).toHaveText('₹45,000.00')
  await amount.fill('')
  await amount.pressSequentially('4500.5')
  await expect(main(page).getByLabel('Total')).toHaveText('₹4,500.50')
  await amount.fill('45000')
  await expect(main(page).getByLabel('Total')).toHaveText('₹45,000.00')

  // Skills: comma separated, trimmed, empties dropped, shown as chips.
  await main(page).getByLabel('Skills', { exact: true }).fill(' Figma , ,UI Design,  SEO ,')
  const chips = main(page).getByRole('list', { name: 'Skills added' }).getByRole('listitem')
  await expect(chips).toHaveText(['Figma', 'UI Design', 'SEO'])
  await main(page).getByRole('button', { name: 'Remove SEO' }).click()
  await expect(chips).toHaveText(['Figma', 'UI Design'])
  await location.selectOption('Assam')
  // Enter in a one-line field does not send this long form by accident.
  await amount.press('Enter')
  await page.waitForTimeout(300)
  expect(posts).toBe(0)
  await expect(page).toHaveURL('/admin/jobs/create')

  const oneTime = await submitForm(page, 'Publish')
  expect(oneTime.body).toMatchObject({
    title: oneTimeTitle,
    paymentType: 'one-time',
    amount: 45000,
    skills: ['Figma', 'UI Design'],
    locationPreference: 'Assam',
    status: 'active',
    total: 45000,
  })
  expect(oneTime.job).toMatchObject({ status: 'active', total: 45000, paymentType: 'one-time' })
  await toasts.expect('Job posted successfully!', 'success')
  // product.md §13: the redirect comes 1.6 s after the post, to the manage page (§3).
  await expect(page).toHaveURL('/admin/jobs/create')
  await expect(page).toHaveURL('/admin/jobs/manage', { timeout: 5_000 })

  // --- Per unit, saved as a draft: total = rate × units ----------------------------------------------------
  await main(page).getByRole('link', { name: 'Outsource' }).click()
  await main(page).getByRole('radio', { name: 'Per unit' }).check()
  const perUnitTitle = 'Product photos for a handloom saree store in Varanasi'
  await main(page).getByLabel('Title', { exact: true }).fill(perUnitTitle)
  await main(page)
    .getByLabel('Description', { exact: true })
    .fill('Catalogue photos on white and one lifestyle shot per saree.')
  await main(page).getByLabel('Rate per unit (₹)').fill('350')
  await expect(main(page).getByLabel('Total')).toHaveText('₹0.00')
  await main(page).getByLabel('Number of units').pressSequentially('4.0')
  await expect(main(page).getByLabel('Number of units')).toHaveValue('40')
  await expect(main(page).getByLabel('Total')).toHaveText('₹14,000.00')
  await main(page).getByLabel('Location', { exact: true }).selectOption('Uttar Pradesh')
  const perUnit = await submitForm(page, 'Save as draft')
  expect(perUnit.body).toMatchObject({ paymentType: 'per-unit', rate: 350, units: 40, status: 'draft' })
  expect(perUnit.job).toMatchObject({ status: 'draft', total: 14000 })
  await toasts.expect('Draft saved', 'success')
  await expect(page).toHaveURL('/admin/jobs/manage', { timeout: 5_000 })

  // --- Recurring: total = rate × cycles, cycles defaulting to 1 --------------------------------------------
  await main(page).getByRole('link', { name: 'Outsource' }).click()
  await main(page).getByRole('radio', { name: 'Recurring' }).check()
  const recurringTitle = 'Weekly bookkeeping in Tally for a kirana wholesaler'
  await main(page).getByLabel('Title', { exact: true }).fill(recurringTitle)
  await main(page)
    .getByLabel('Description', { exact: true })
    .fill('Enter the week’s bills and reconcile the bank in Tally.')
  await main(page).getByLabel('Rate per cycle (₹)').fill('3000')
  await main(page).getByLabel('Frequency').selectOption('weekly')
  await expect(main(page).getByLabel('Total')).toHaveText('₹3,000.00')
  await main(page).getByLabel('Number of cycles').fill('12')
  await expect(main(page).getByLabel('Total')).toHaveText('₹36,000.00')
  const recurring = await submitForm(page, 'Publish')
  expect(recurring.body).toMatchObject({
    paymentType: 'recurring',
    rate: 3000,
    cycles: 12,
    frequency: 'weekly',
  })
  expect(recurring.job).toMatchObject({ status: 'active', total: 36000, frequency: 'weekly' })
  await toasts.expect('Job posted successfully!', 'success')
  await expect(page).toHaveURL('/admin/jobs/manage', { timeout: 5_000 })

  // --- From a template: 'Use Template' opens the form prefilled through navigation state -------------------
  await page.goto('/admin/job-templates')
  const cards = main(page).getByRole('article')
  await expect(cards).toHaveCount(3)
  const retainer = cards.filter({ hasText: 'Monthly social media manager' })
  await retainer.getByRole('button', { name: 'Use Template' }).click()
  await expect(page).toHaveURL('/admin/jobs/create')
  await expect(main(page).getByText('Prefilled from the template')).toBeVisible()
  await expect(main(page).getByLabel('Title', { exact: true })).toHaveValue(/^Social media manager/)
  await expect(main(page).getByRole('radio', { name: 'Recurring' })).toBeChecked()
  await expect(main(page).getByLabel('Frequency')).toHaveValue('monthly')
  await expect(main(page).getByLabel('Total')).toHaveText('₹75,000.00')
  await expect(chips).toHaveText([
    'Social Media Management',
    'Instagram Marketing',
    'Content Writing',
    'Performance Ads',
  ])
  await shot(page, testInfo, 'admin-create-from-template')
  await expectNoSidewaysScroll(page)
  const fromTemplate = await submitForm(page, 'Publish')
  expect(fromTemplate.job).toMatchObject({ paymentType: 'recurring', rate: 25000, cycles: 3, total: 75000 })
  await expect(page).toHaveURL('/admin/jobs/manage', { timeout: 5_000 })

  // --- Manage: every job, titles cut at 20 (40 on mobile), totals in ₹, status colours, fund status ---------
  const max = mobile ? 40 : 20
  for (const { job } of [oneTime, perUnit, recurring, fromTemplate]) {
    const row = jobRow(page, job._id)
    await expect(row).toBeVisible()
    const title = row.getByRole('link', { name: job.title, exact: true })
    await expect(title).toHaveText(cut(job.title, max))
    await expect(title).toHaveAttribute('title', job.title)
    await expect(row.getByText('Not Initiated')).toBeVisible()
  }
  await expect(jobRow(page, oneTime.job._id).getByText('₹45,000.00')).toBeVisible()
  await expect(jobRow(page, recurring.job._id).getByText('₹36,000.00')).toBeVisible()
  await expect(jobRow(page, perUnit.job._id).getByText('draft', { exact: true })).toBeVisible()
  await expect(main(page).getByRole(mobile ? 'list' : 'table', { name: 'Your jobs' })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await shot(page, testInfo, 'admin-manage')

  // The title filter.
  await main(page).getByLabel('Filter by title').fill('saree')
  await expect(main(page).locator('[data-job-id]')).toHaveCount(1)
  await expect(jobRow(page, perUnit.job._id)).toBeVisible()
  await main(page).getByLabel('Filter by title').fill('no such job')
  await expect(main(page).getByText('No jobs match this title')).toBeVisible()
  await main(page).getByRole('button', { name: 'Clear filter' }).click()
  await expect(main(page).locator('[data-job-id]')).toHaveCount(4)

  // --- Edit the draft: the form is prefilled, the total follows, PUT saves ----------------------------------
  await jobRow(page, perUnit.job._id).getByRole('link', { name: /^Edit/ }).click()
  await expect(page).toHaveURL(`/admin/jobs/${perUnit.job._id}/edit`)
  await expect(main(page).getByLabel('Title', { exact: true })).toHaveValue(perUnitTitle)
  await expect(main(page).getByRole('radio', { name: 'Per unit' })).toBeChecked()
  await expect(main(page).getByLabel('Location', { exact: true })).toHaveValue('Uttar Pradesh')
  await expect(main(page).getByLabel('Total')).toHaveText('₹14,000.00')
  await main(page).getByLabel('Number of units').fill('50')
  await expect(main(page).getByLabel('Total')).toHaveText('₹17,500.00')
  const put = page.waitForResponse(
    (r) => r.url().endsWith(`/api/v1/job/${perUnit.job._id}`) && r.request().method() === 'PUT',
  )
  await main(page).getByRole('button', { name: 'Save changes' }).click()
  expect((await put).status()).toBe(200)
  await toasts.expect('Job updated successfully!', 'success')
  await expect(page).toHaveURL('/admin/jobs/manage', { timeout: 5_000 })
  await expect(jobRow(page, perUnit.job._id).getByText('₹17,500.00')).toBeVisible()

  // Publish the draft from its row, then close the recurring job.
  await jobRow(page, perUnit.job._id)
    .getByRole('button', { name: /^Publish/ })
    .click()
  await toasts.expect('Job published', 'success')
  await expect(jobRow(page, perUnit.job._id).getByText('active', { exact: true })).toBeVisible()
  await jobRow(page, recurring.job._id)
    .getByRole('button', { name: /^Close/ })
    .click()
  await toasts.expect('Job closed', 'success')
  await expect(jobRow(page, recurring.job._id).getByText('closed', { exact: true })).toBeVisible()
  await expect(jobRow(page, recurring.job._id).getByRole('button', { name: /^Reopen/ })).toBeVisible()

  // Delete asks first; Cancel keeps the job, 'Delete job' removes it.
  await jobRow(page, recurring.job._id)
    .getByRole('button', { name: `Delete ${recurringTitle}` })
    .click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this job?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(jobRow(page, recurring.job._id)).toBeVisible()
  await jobRow(page, recurring.job._id)
    .getByRole('button', { name: `Delete ${recurringTitle}` })
    .click()
  await confirm.getByRole('button', { name: 'Delete job' }).click()
  await toasts.expect('Job deleted', 'success')
  await expect(jobRow(page, recurring.job._id)).toHaveCount(0)
  await expect(main(page).locator('[data-job-id]')).toHaveCount(3)
  const mine = await call<{ data: { jobs: { _id: string }[] } }>('GET', '/job/getadminjobs', client.token)
  expect(mine.data.jobs.map((j) => j._id).sort()).toEqual(
    [oneTime.job._id, perUnit.job._id, fromTemplate.job._id].sort(),
  )

  // --- A refusal from the server shows beside its field, and nothing typed is lost ------------------------
  const company = await call<{ company: { _id: string } }>('POST', '/company', client.token, {
    name: 'Brahmaputra Tea Co.',
    website: 'https://brahmaputra-tea.example.in',
  })
  await main(page).getByRole('link', { name: 'Outsource' }).click()
  await main(page).getByLabel('Company', { exact: true }).selectOption({ label: 'Brahmaputra Tea Co.' })
  await main(page).getByRole('radio', { name: 'One-time' }).check()
  await main(page)
    .getByLabel('Title', { exact: true })
    .fill('Packaging design for a first-flush Darjeeling tea')
  await main(page)
    .getByLabel('Description', { exact: true })
    .fill('Front and back of a 100 g pouch, print-ready.')
  await main(page).getByLabel('Amount (₹)').fill('18000')
  // The company goes away (another tab, another admin) before the form is sent.
  await call('DELETE', `/company/${company.company._id}`, client.token)
  await main(page).getByRole('button', { name: 'Publish', exact: true }).click()
  await toasts.expect('Company not found', 'error')
  await expect(main(page).locator('#job-company-error')).toHaveText('Company not found')
  await expect(main(page).getByLabel('Title', { exact: true })).toHaveValue(
    'Packaging design for a first-flush Darjeeling tea',
  )
  await expect(main(page).getByLabel('Amount (₹)')).toHaveValue('18,000')
  await expect(page).toHaveURL('/admin/jobs/create')
  await main(page).getByLabel('Company', { exact: true }).selectOption('')
  const retried = await submitForm(page, 'Publish')
  expect(retried.job).toMatchObject({ company: null, total: 18000 })
  await toasts.expect('Job posted successfully!', 'success')
  await expect(page).toHaveURL('/admin/jobs/manage', { timeout: 5_000 })
})

test('freelancers apply; the client accepts one and rejects the other, and each freelancer sees the decision', async ({
  page,
  toasts,
}, testInfo) => {
  test.slow()
  const mobile = isMobileProject(testInfo)
  const client = await createUserViaApi({ fullname: 'Farhan Qureshi', role: 'client' })
  const asha = await createUserViaApi({ fullname: 'Asha Pillai', role: 'freelancer' })
  const dev = await createUserViaApi({ fullname: 'Dev Malhotra', role: 'freelancer' })
  const ashaPhone = '+91 98450 12345'
  await updateProfileViaApi(asha, { phoneNumber: ashaPhone })
  const { job } = await call<{ job: { _id: string; title: string } }>('POST', '/job/post', client.token, {
    title: 'Hindi voice-over for twelve explainer videos',
    description: 'Warm, clear Hindi narration for 2-minute product explainers. Scripts are ready.',
    paymentType: 'per-unit',
    rate: 1500,
    units: 12,
    skills: ['Hindi Translation', 'Communication'],
  })

  await signInAs(page, client, `/admin/jobs/${job._id}/applicants`)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Applicants' })).toBeVisible()
  await expect(main(page).getByText('No applicants found.')).toBeVisible()

  // The manage list is polled every 15 s: new applications show up without a reload.
  await main(page).getByRole('link', { name: 'Your jobs' }).click()
  const row = jobRow(page, job._id)
  await expect(row.getByRole('link', { name: `0 applicants for ${job.title}` })).toBeVisible()

  const apply = (s: Session, coverLetter: string) =>
    call<{ application: { _id: string } }>('POST', `/application/jobs/${job._id}/apply`, s.token, {
      coverLetter,
    })
  const longLetter =
    'Namaste! I have voiced over 40 explainer videos in Hindi for fintech and edtech brands.\n' +
    'I record in a treated home studio with a Rode NT1 and deliver clean WAV files within 48 hours, with one round of retakes included.'
  const fromAsha = (await apply(asha, longLetter)).application
  const fromDev = (await apply(dev, 'Happy to help, samples on my profile.')).application
  await expect(row.getByRole('link', { name: `2 applicants for ${job.title}` })).toBeVisible({
    timeout: 20_000,
  })
  await row.getByRole('link', { name: `2 applicants for ${job.title}` }).click()
  await expect(page).toHaveURL(`/admin/jobs/${job._id}/applicants`)

  // --- The populated table: name → profile, resume, cover letter, status; no contact until accepted -----
  const ashaRow = applicationRow(page, fromAsha._id)
  const devRow = applicationRow(page, fromDev._id)
  await expect(ashaRow.getByRole('link', { name: 'Asha Pillai' })).toHaveAttribute(
    'href',
    `/m/${asha.user.userId}`,
  )
  // ADR 041: anyone can post a job, so a pending applicant's email and phone stay private; chat is the way.
  const contactLater = 'Contact details appear once you accept this applicant; until then, use chat.'
  for (const r of [ashaRow, devRow]) await expect(r.getByText(contactLater)).toBeVisible()
  await expect(ashaRow.getByRole('link', { name: asha.email })).toHaveCount(0)
  await expect(main(page)).not.toContainText(asha.email)
  await expect(main(page)).not.toContainText(ashaPhone)
  await expect(main(page)).not.toContainText(dev.email)
  await expect(ashaRow.getByRole('button', { name: /^Message/ })).toBeVisible()
  await expect(ashaRow.getByText('No resume uploaded')).toBeVisible()
  await expect(ashaRow.getByText('pending', { exact: true })).toBeVisible()
  await expect(devRow.getByText('Happy to help, samples on my profile.')).toBeVisible()
  const expand = ashaRow.getByRole('button', { name: 'Read cover letter' })
  await expect(expand).toHaveAttribute('aria-expanded', 'false')
  await expand.click()
  await expect(ashaRow.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true')
  await expect(main(page).getByRole(mobile ? 'list' : 'table', { name: 'Applicants' })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await shot(page, testInfo, 'admin-applicants-pending')

  // --- Accept one, reject the other: each row updates in place ------------------------------------------
  const decisions: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/application/applications/')) decisions.push(r.postData() ?? '')
  })
  await ashaRow.getByRole('button', { name: /^Accept/ }).click()
  await toasts.expect('Application accepted', 'success')
  await expect(ashaRow.getByText('accepted', { exact: true })).toBeVisible()
  await expect(ashaRow.getByRole('button', { name: /^Accept/ })).toBeDisabled()
  // Accepting shows how to reach her, in place (the answer carries the contact; no refetch).
  await expect(ashaRow.getByRole('link', { name: asha.email })).toHaveAttribute(
    'href',
    `mailto:${asha.email}`,
  )
  await expect(ashaRow.getByRole('link', { name: ashaPhone })).toHaveAttribute('href', 'tel:+919845012345')
  await expect(ashaRow.getByText(contactLater)).toHaveCount(0)
  await toasts.clear() // on a phone the toast sits over the lower row's buttons
  await devRow.getByRole('button', { name: /^Reject/ }).click()
  await toasts.expect('Application rejected', 'success')
  await expect(devRow.getByText('rejected', { exact: true })).toBeVisible()
  await expect(devRow.getByRole('button', { name: /^Reject/ })).toBeDisabled()
  await expect(devRow.getByText(contactLater)).toBeVisible()
  await expect(main(page)).not.toContainText(dev.email)
  // Rejecting someone already hired asks first; keeping them sends nothing.
  await ashaRow.getByRole('button', { name: /^Reject/ }).click()
  const confirm = page.getByRole('dialog', { name: `Reject ${asha.user.fullname}?` })
  await expect(confirm).toContainText('Rejecting ends the hire')
  await confirm.getByRole('button', { name: 'Keep hired' }).click()
  await expect(confirm).toBeHidden()
  await expect(ashaRow.getByText('accepted', { exact: true })).toBeVisible()
  // The status travels in lowercase.
  expect(decisions.map((d) => JSON.parse(d))).toEqual([{ status: 'accepted' }, { status: 'rejected' }])
  await shot(page, testInfo, 'admin-applicants')

  // The decisions are stored: a reload shows the same, and each freelancer sees their own.
  await page.reload()
  await expect(applicationRow(page, fromAsha._id).getByText('accepted', { exact: true })).toBeVisible()
  await expect(applicationRow(page, fromDev._id).getByText('rejected', { exact: true })).toBeVisible()
  await expect(applicationRow(page, fromAsha._id).getByRole('link', { name: asha.email })).toBeVisible()
  await expect(applicationRow(page, fromDev._id).getByText(contactLater)).toBeVisible()
  await expect(main(page)).not.toContainText(dev.email)
  const statusFor = async (s: Session) => {
    const mineAnswer = await call<{
      data: { applications: { status: string; job: { _id: string } | null }[] }
    }>('GET', '/application/student/applications', s.token)
    return mineAnswer.data.applications.find((a) => a.job?._id === job._id)?.status
  }
  expect(await statusFor(asha)).toBe('accepted')
  expect(await statusFor(dev)).toBe('rejected')

  // A failed change says so ('Failed to update status' unless the server has a sentence) and leaves the row.
  await page.route('**/api/v1/application/applications/*/status', (route) => route.abort('failed'))
  await applicationRow(page, fromDev._id)
    .getByRole('button', { name: /^Accept/ })
    .click()
  await toasts.expect('Failed to update status', 'error')
  await expect(applicationRow(page, fromDev._id).getByText('rejected', { exact: true })).toBeVisible()

  // Confirmed, the hire ends: the row says rejected and the freelancer's own list says so too.
  await page.unroute('**/api/v1/application/applications/*/status')
  await toasts.clear()
  await applicationRow(page, fromAsha._id)
    .getByRole('button', { name: /^Reject/ })
    .click()
  await page
    .getByRole('dialog', { name: `Reject ${asha.user.fullname}?` })
    .getByRole('button', { name: 'Reject', exact: true })
    .click()
  await toasts.expect('Application rejected', 'success')
  await expect(applicationRow(page, fromAsha._id).getByText('rejected', { exact: true })).toBeVisible()
  expect(await statusFor(asha)).toBe('rejected')
})

test('a company is added, renamed and deleted from the post-a-job form; deleting one an active job names is refused', async ({
  page,
  toasts,
}) => {
  const client = await createUserViaApi({ fullname: 'Farhan Qureshi', role: 'client' })
  await signInAs(page, client, '/admin/jobs/create')
  const field = main(page).getByLabel('Company', { exact: true })

  // Added: it is chosen for the job at once.
  await main(page).getByRole('button', { name: 'Add a company' }).click()
  const add = page.getByRole('dialog', { name: 'Add a company' })
  await add.getByLabel('Company name').fill('Zari Looms Pvt')
  await add.getByRole('button', { name: 'Add company' }).click()
  await toasts.expect('Company added', 'success')
  await expect(field.locator('option:checked')).toHaveText('Zari Looms Pvt')

  // Renamed: the form opens with what it holds, and the choice shows the new name.
  await main(page).getByRole('button', { name: 'Edit Zari Looms Pvt' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit company' })
  await expect(edit.getByLabel('Company name')).toHaveValue('Zari Looms Pvt')
  await edit.getByLabel('Company name').fill('Zari Looms')
  await edit.getByLabel('Website').fill('https://zari-looms.example.in')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await toasts.expect('Company updated', 'success')
  await expect(edit).toBeHidden()
  await expect(field.locator('option:checked')).toHaveText('Zari Looms')
  const [mine] = (
    await call<{ data: { companies: { _id: string; name: string; website: string }[] } }>(
      'GET',
      '/company',
      client.token,
    )
  ).data.companies
  expect(mine).toMatchObject({ name: 'Zari Looms', website: 'https://zari-looms.example.in' })

  // An active job names it: deleting is refused with the server's reason, and the company stays.
  const { job } = await call<{ job: { _id: string } }>('POST', '/job/post', client.token, {
    title: 'Weaver for a Banarasi silk saree',
    description: 'Weave one silk saree with zari borders.',
    paymentType: 'one-time',
    locationPreference: 'Uttar Pradesh',
    amount: '25000',
    companyId: mine._id,
  })
  await main(page).getByRole('button', { name: 'Edit Zari Looms' }).click()
  await edit.getByRole('button', { name: 'Delete this company' }).click()
  await edit.getByRole('button', { name: 'Delete company' }).click()
  await expect(edit.getByRole('alert')).toHaveText(
    'Active jobs still name this company. Close them or choose another company first.',
  )
  await expect(edit).toBeVisible()

  // Once that job is closed, the company goes, and the form posts as the client.
  await call('POST', `/job/${job._id}/status`, client.token, { action: 'close' })
  await edit.getByRole('button', { name: 'Delete this company' }).click()
  await edit.getByRole('button', { name: 'Delete company' }).click()
  await toasts.expect('Company deleted', 'success')
  await expect(edit).toBeHidden()
  await expect(field).toHaveValue('')
  await expect(field.locator('option', { hasText: 'Zari Looms' })).toHaveCount(0)
  await expect(main(page).getByRole('button', { name: /^Edit Zari/ })).toHaveCount(0)
})
