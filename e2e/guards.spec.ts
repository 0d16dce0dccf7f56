import {
  call,
  createUserViaApi,
  expect,
  getOtp,
  logoutViaUi,
  main,
  otpField,
  requestLoginCode,
  signInAs,
  signUpViaUi,
  test,
  uniqueEmail,
  updateProfileViaApi,
  type ApiUser,
} from './helpers/app'

/* product.md §3 "Routes" (admin routes), §2 "Roles and permissions" and issue 2's public-profile rule. */

test.describe('admin route guard', () => {
  test('a visitor is sent to /login and, once logged in as a client, comes back to the admin page', async ({
    page,
  }) => {
    // The login must wait out the server's 30 s between two codes to one email (product.md §4).
    test.slow()
    const email = uniqueEmail('client')
    const user = await signUpViaUi(page, { fullname: 'Kabir Mehta', email, role: 'I want to hire' })
    await expect(main(page).getByText('Hiring', { exact: true })).toBeVisible()
    await logoutViaUi(page)

    for (const path of ['/admin/jobs/create', '/admin/job-templates', '/skills']) {
      await page.goto(path)
      await expect(page).toHaveURL('/login')
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
    }

    await page.goto('/admin/jobs/manage')
    await expect(page).toHaveURL('/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
    await page.getByLabel('Email').fill(email)
    const after = await requestLoginCode(page)
    // The next code waits 30 s, counted in seconds.
    await expect(page.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled()
    await otpField(page).fill(await getOtp(email, { after }))
    await page.getByRole('button', { name: 'Verify OTP & Login' }).click()

    // The kept return location wins over the usual landing page (/).
    await expect(page).toHaveURL('/admin/jobs/manage')
    await expect(page.getByRole('heading', { level: 1, name: /Admin Jobs/ })).toBeVisible()
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.userId)).toBe(
      user.userId,
    )
  })

  test('a freelancer on the admin pages finds their work and Start hiring, not a trip home', async ({
    page,
    toasts,
  }) => {
    const freelancer = await createUserViaApi({ fullname: 'Meera Iyer', role: 'freelancer' })
    await signInAs(page, freelancer)
    for (const path of ['/admin/jobs/manage', '/admin/jobs/create', '/admin/job-templates']) {
      await page.goto(path)
      await expect(page).toHaveURL(path)
      await expect(page.getByRole('heading', { level: 1, name: 'Your work' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Start hiring' })).toBeVisible()
    }
    // Nothing was refused, so nothing says so.
    const refused = (await toasts.all()).filter((t) => t.title.startsWith('Posting and managing jobs'))
    expect(refused).toHaveLength(0)
  })

  test("someone else's applicants page leads to the job's page: a rejected applicant's notification, a freelancer or another client", async ({
    page,
  }) => {
    const poster = await createUserViaApi({ fullname: 'Asha Iyer', role: 'client' })
    const applicant = await createUserViaApi({ fullname: 'Ravi Kumar', role: 'freelancer' })
    const other = await createUserViaApi({ fullname: 'Vikram Reddy', role: 'client' })
    const title = `Shop signboard in Tamil for ${applicant.user.userId}`
    const { job } = await call('POST', '/job/post', poster.token, {
      title,
      description: 'Letter a shop signboard in Tamil and English.',
      paymentType: 'one-time',
      locationPreference: 'Tamil Nadu',
      amount: '3000',
    })
    const { application } = await call('POST', `/application/jobs/${job._id}/apply`, applicant.token, {})
    await call('PATCH', `/application/applications/${application._id}/status`, poster.token, {
      status: 'rejected',
    })

    // The notification goes where product.md §11 says (the applicants page), and that page hands the applicant to the
    // job they applied to.
    await signInAs(page, applicant, '/jobs')
    await page
      .getByRole('button', { name: /^Notifications/ })
      .filter({ visible: true })
      .click()
    const drawer = page.getByRole('dialog', { name: 'Notifications' })
    const applicantsPage = page.waitForURL(`/admin/jobs/${job._id}/applicants`)
    await drawer
      .getByRole('button', { name: new RegExp(`Your application for “${title}” was not selected`) })
      .click()
    await applicantsPage
    await expect(page).toHaveURL(`/description/${job._id}`)
    await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible()
    // There the applicant reads where their application stands.
    await expect(main(page).getByRole('status').filter({ hasText: 'Your application:' })).toHaveText(
      'Your application: rejectedNot selected this time.',
    )

    // A client who did not post the job: its page too, not a Retry that can never work.
    await signInAs(page, other, `/admin/jobs/${job._id}/applicants`)
    await expect(page).toHaveURL(`/description/${job._id}`)
    await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible()

    // Its poster sees the applicants.
    await signInAs(page, poster, `/admin/jobs/${job._id}/applicants`)
    await expect(page).toHaveURL(`/admin/jobs/${job._id}/applicants`)
    await expect(main(page).getByRole('heading', { level: 1, name: 'Applicants' })).toBeVisible()
    await expect(main(page).getByText('Ravi Kumar').first()).toBeVisible()
  })

  test('a client reaches the admin pages', async ({ page }) => {
    const client = await createUserViaApi({ fullname: 'Rohan Das', role: 'client' })
    await signInAs(page, client, '/admin/jobs/manage')
    await expect(page).toHaveURL('/admin/jobs/manage')
    await expect(page.getByRole('heading', { level: 1, name: /Admin Jobs/ })).toBeVisible()
  })
})

test.describe('profile privacy', () => {
  async function ownerWithDetails() {
    const owner = await createUserViaApi({ fullname: 'Priya Sharma', role: 'freelancer' })
    await updateProfileViaApi(owner, {
      email: owner.email,
      phoneNumber: '+91 91234 56789',
      bio: 'Illustrator and motion designer.',
      skills: 'Illustration, Animation',
    })
    return owner
  }

  /** The profile answer the page loaded, for checking what the server sent (not only what is drawn). */
  const profileAnswer = (page: import('@playwright/test').Page, userId: string) =>
    page.waitForResponse((r) => r.url().endsWith(`/api/v1/user/m/${userId}`) && r.status() === 200)

  test("another user's profile shows no edit controls, no Applied Jobs and no contact details", async ({
    page,
  }) => {
    const owner = await ownerWithDetails()
    const viewer = await createUserViaApi({ fullname: 'Vikram Singh', role: 'client' })
    await signInAs(page, viewer)

    // Control: the viewer's own profile does have the owner-only parts.
    await page.goto(`/m/${viewer.user.userId}`)
    await expect(main(page).getByRole('button', { name: 'Edit Profile' })).toBeVisible()
    await expect(main(page).getByRole('table', { name: 'Applied Jobs' })).toBeVisible()
    // The page never scrolls sideways, even with a long email on a phone.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth).toBeLessThanOrEqual(page.viewportSize()!.width)

    const answer = profileAnswer(page, owner.user.userId)
    await page.goto(`/m/${owner.user.userId}`)
    await expect(main(page).getByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeVisible()
    await expect(main(page).getByText('Illustrator and motion designer.')).toBeVisible()
    await expect(main(page).getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveText([
      'Illustration',
      'Animation',
    ])
    await expect(main(page).getByRole('button', { name: 'Edit Profile' })).toHaveCount(0)
    await expect(main(page).getByRole('link', { name: 'Edit Skills' })).toHaveCount(0)
    await expect(main(page).getByRole('table', { name: 'Applied Jobs' })).toHaveCount(0)
    await expect(main(page).getByText('Applied Jobs')).toHaveCount(0)
    await expect(page.getByText(owner.email)).toHaveCount(0)
    await expect(page.getByText('+91 91234 56789')).toHaveCount(0)

    const shown = ((await (await answer).json()) as { user: ApiUser }).user
    expect(shown.userId).toBe(owner.user.userId)
    expect(shown).not.toHaveProperty('email')
    expect(shown).not.toHaveProperty('phoneNumber')
  })

  test('the public profile (signed out) hides the email and phone', async ({ page }) => {
    const owner = await ownerWithDetails()
    const answer = profileAnswer(page, owner.user.userId)
    await page.goto(`/m/${owner.user.userId}`)
    await expect(main(page).getByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeVisible()
    await expect(main(page).getByText(`@${owner.user.username}`, { exact: true })).toBeVisible()
    await expect(main(page).getByText('Illustrator and motion designer.')).toBeVisible()
    await expect(page.getByText(owner.email)).toHaveCount(0)
    await expect(page.getByText('+91 91234 56789')).toHaveCount(0)
    await expect(main(page).getByRole('button', { name: 'Edit Profile' })).toHaveCount(0)
    await expect(main(page).getByRole('table', { name: 'Applied Jobs' })).toHaveCount(0)

    const shown = ((await (await answer).json()) as { user: ApiUser }).user
    expect(shown).not.toHaveProperty('email')
    expect(shown).not.toHaveProperty('phoneNumber')
  })
})
