import {
  call,
  createUserViaApi,
  expect,
  getOtp,
  isMobileProject,
  main,
  otpField,
  test,
  uniqueEmail,
  type ApiUser,
} from './helpers/app'
import type { Page, TestInfo } from '@playwright/test'

/*
 * Issue 26 "Shown by": the newcomer journey at desktop and mobile sizes. A freelancer signs up (errors beside the
 * fields; "Change email" keeps the code), sees the setup checklist and moves it, opens Admin Jobs and finds their
 * applications and contracts with "Start hiring" instead of a trip home, and types an amount the Indian way.
 */

const SHOTS = '/tmp/shots-newcomers'
const snap = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage: true })

test('a new freelancer signs up, moves the checklist, finds their work behind Admin Jobs and starts hiring', async ({
  page,
  toasts,
}, testInfo) => {
  // A long journey (signup, profile, a job page, the poster pages): more time than one screen's test.
  test.slow()
  const client = await createUserViaApi({ fullname: 'Kavya Menon', role: 'client' })
  const title = `Subtitles for a Tamil cooking channel ${Date.now()}`
  const { job } = await call('POST', '/job/post', client.token, {
    title,
    description: 'Twelve short videos a month need English subtitles, timed and checked.',
    paymentType: 'one-time',
    locationPreference: 'Remote',
    amount: '8000',
    skills: ['Subtitling'],
  })

  // --- Signup: an empty form says what is missing beside each field, and announces it ----------------------
  await page.goto('/signup')
  await page.getByRole('button', { name: 'Send OTP' }).click()
  await toasts.expect('Please fill all fields!', 'error')
  const name = page.getByLabel('Full name')
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('alert').filter({ hasText: 'Enter your full name' })).toBeVisible()
  await expect(name).toHaveAccessibleDescription('Enter your full name')
  await snap(page, testInfo, 'signup-inline-errors')

  const email = uniqueEmail('newcomer')
  await name.fill('Nisha Rao')
  await expect(name).not.toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('Email').fill(email)
  const after = Date.now()
  await page.getByRole('button', { name: 'Send OTP' }).click()
  await expect(otpField(page)).toBeVisible()

  // --- "Change email" while the code is on its way: the code step comes back, the code still works ----------
  await page.getByRole('button', { name: 'Change email' }).click()
  await expect(page.getByText(`The code sent to ${email} works until`)).toBeVisible()
  await snap(page, testInfo, 'signup-code-still-valid')
  await page.getByRole('button', { name: 'Enter that code' }).click()
  await expect(otpField(page)).toBeVisible()
  await otpField(page).fill(await getOtp(email, { after }))
  const verified = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/verify-otp'))
  await page.getByRole('button', { name: 'Verify OTP & Signup' }).click()
  const user = ((await (await verified).json()) as { data: ApiUser }).data
  await expect(page).toHaveURL(`/m/${user.userId}`)

  // --- The checklist on the profile: five steps, none done --------------------------------------------------
  const checklist = main(page).getByRole('region', { name: 'Get set up' })
  await expect(checklist).toBeVisible()
  const progress = checklist.getByRole('progressbar', { name: 'Setup progress' })
  await expect(progress).toHaveAttribute('aria-valuetext', '0 of 5 done')
  await expect(checklist.getByRole('listitem')).toHaveText([
    /Add a profile photo/,
    /Write a short bio/,
    /Pick your skills/,
    /Upload your resume/,
    /Add payout details/,
  ])
  await expect(checklist.getByRole('link', { name: 'Add details' })).toHaveAttribute(
    'href',
    '/settings/payouts',
  )
  await snap(page, testInfo, 'profile-checklist')

  // The bio step opens Edit Profile at the bio. An emptied name is refused beside the field, with the toast.
  await checklist.getByRole('button', { name: 'Add bio' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' })
  await expect(dialog.getByLabel('Bio')).toBeFocused()
  await dialog.getByLabel('Full name').fill('  ')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await toasts.expect('Name cannot be empty', 'error')
  await expect(dialog.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByLabel('Full name')).toHaveAccessibleDescription('Name cannot be empty')
  await snap(page, testInfo, 'profile-edit-inline-error')
  await dialog.getByLabel('Full name').fill('Nisha Rao')
  await dialog.getByLabel('Bio').fill('I subtitle Tamil and Telugu videos into English, on time.')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await toasts.expect('Profile updated!', 'success')
  await expect(dialog).toHaveCount(0)
  await expect(progress).toHaveAttribute('aria-valuetext', '1 of 5 done')
  await expect(checklist.getByRole('listitem').nth(1)).toContainText('(done)')
  await expect(checklist.getByRole('button', { name: 'Add bio' })).toHaveCount(0)

  // --- Admin Jobs: a freelancer's applications and contracts, and Start hiring; no trip home ----------------
  await page.goto(`/description/${job._id}`)
  await main(page).getByRole('button', { name: 'Apply Now' }).click()
  await expect(main(page).getByRole('button', { name: 'Applied Successfully' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Jobs' }).click()
  await expect(page).toHaveURL('/admin/jobs/manage')
  await expect(main(page).getByRole('heading', { level: 1, name: 'Your work' })).toBeVisible()
  await expect(main(page).getByRole('table', { name: 'Applied Jobs' })).toContainText(title)
  await expect(main(page).getByText('No contracts yet')).toBeVisible()
  await expect(main(page).getByRole('button', { name: 'Start hiring' })).toBeVisible()
  await snap(page, testInfo, 'admin-jobs-freelancer')

  if (isMobileProject(testInfo)) {
    // The tab bar's Admin menu leads to the same pages, none of which sends them home. The application's toast sits
    // over the menu's items at the bottom of a phone screen, its timer paused under the emulated pointer: it goes
    // first, as a person's would.
    await toasts.clear()
    await page.getByRole('button', { name: 'Admin menu' }).click()
    await page.getByRole('menuitem', { name: 'Post a job' }).click()
    await expect(page).toHaveURL('/admin/jobs/create')
    await expect(main(page).getByRole('heading', { level: 1, name: 'Your work' })).toBeVisible()
  }

  // One click: they can post, and land on the form.
  await main(page).getByRole('button', { name: 'Start hiring' }).click()
  await expect(page).toHaveURL('/admin/jobs/create')
  await expect(main(page).getByRole('heading', { level: 1, name: 'Post a job' })).toBeVisible()

  // --- Amounts the Indian way: "150000" reads 1,50,000 as it is typed; "1,50,000.50" is taken whole --------
  await main(page).getByRole('radio', { name: 'One-time' }).check()
  const amount = main(page).getByLabel('Amount (₹)')
  await amount.pressSequentially('150000')
  await expect(amount).toHaveValue('1,50,000')
  await amount.fill('1,50,000.50')
  await expect(amount).toHaveValue('1,50,000.50')
  await expect(main(page).getByLabel('Total')).toContainText('1,50,000.5')
  await snap(page, testInfo, 'post-job-amount')
})
