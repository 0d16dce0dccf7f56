import { call, createUserViaApi, expect, isMobileProject, main, test } from './helpers/app'
import { attachShot, expectNoKeys, openInHindi } from './support/hindi'

/* Issue 26: the poster's screens (manage, post a job, templates, applicants) and a freelancer's "Your work" in Hindi. */

test('a client posts and manages jobs in Hindi', async ({ page }, testInfo) => {
  // Four pages and five screenshots.
  test.slow()
  const mobile = isMobileProject(testInfo)
  const client = await createUserViaApi({ fullname: 'Kavita Rao', role: 'client' })
  const { job } = await call<{ job: { _id: string } }>('POST', '/job/post', client.token, {
    title: 'Hindi voice-over for explainer videos',
    description: 'Warm, clear Hindi narration for 2-minute product explainers.',
    paymentType: 'per-unit',
    rate: 1500,
    units: 12,
    status: 'active',
  })

  await openInHindi(page, client, '/admin/jobs/manage')
  await expect(main(page).getByRole('heading', { level: 1, name: 'एडमिन जॉब्स' })).toBeVisible()
  const list = main(page).getByRole(mobile ? 'list' : 'table', { name: 'आपकी नौकरियाँ' })
  await expect(list).toBeVisible()
  const row = main(page).locator(`[data-job-id="${job._id}"]`)
  await expect(row).toContainText('प्रति यूनिट')
  await expect(
    row.getByRole('link', { name: 'Hindi voice-over for explainer videos के लिए 0 आवेदक' }),
  ).toBeVisible()
  await expect(main(page).getByText('1 नौकरी', { exact: false })).toBeVisible()
  await expectNoKeys(page, ['posting'])
  await expect(page).toHaveTitle('एडमिन जॉब्स · Microlance')
  await attachShot(page, testInfo, 'manage')

  // The form: its labels, the payment choices and the required-fields message, all in Hindi.
  await page.goto('/admin/jobs/create')
  await expect(main(page).getByRole('heading', { level: 1, name: 'काम पोस्ट करें' })).toBeVisible()
  await main(page).getByRole('radio', { name: 'एक बार' }).check()
  await main(page).getByLabel('राशि (₹)').fill('1200')
  await expect(main(page).getByLabel('कुल')).toHaveText('₹1,200')
  await main(page).getByRole('button', { name: 'प्रकाशित करें', exact: true }).click()
  await expect(main(page).getByRole('alert').filter({ hasText: 'कृपया सभी ज़रूरी खाने भरें' })).toBeVisible()
  await expect(main(page).getByLabel('शीर्षक')).toHaveAttribute('aria-invalid', 'true')
  await expect(main(page).getByText('शीर्षक ज़रूरी है')).toBeVisible()
  await expectNoKeys(page, ['posting'])
  await attachShot(page, testInfo, 'create')

  // Templates, in Hindi down to the job they prefill.
  await page.goto('/admin/job-templates')
  await expect(main(page).getByRole('heading', { level: 1, name: 'काम के टेम्पलेट' })).toBeVisible()
  await expect(main(page).getByRole('button', { name: 'टेम्पलेट इस्तेमाल करें' })).toHaveCount(3)
  await expect(main(page).getByText('₹25,000 हर महीने')).toBeVisible()
  await expectNoKeys(page, ['posting'])
  await attachShot(page, testInfo, 'templates')
  await main(page)
    .getByRole('article', { name: 'मासिक सोशल मीडिया मैनेजर' })
    .getByRole('button', { name: 'टेम्पलेट इस्तेमाल करें' })
    .click()
  await expect(main(page).getByLabel('शीर्षक')).toHaveValue('कैफ़े चेन के लिए सोशल मीडिया मैनेजर (हर महीने तय भुगतान)')
  await expect(main(page).getByText('₹25,000 × 3 महीने')).toBeVisible()
  await attachShot(page, testInfo, 'create-from-template')

  await page.goto(`/admin/jobs/${job._id}/applicants`)
  await expect(main(page).getByRole('heading', { level: 1, name: 'आवेदक' })).toBeVisible()
  await expect(main(page).getByText('कोई आवेदक नहीं मिला।')).toBeVisible()
  await expectNoKeys(page, ['posting'])
  await attachShot(page, testInfo, 'applicants')
})

test('a freelancer behind "Admin Jobs" finds their work in Hindi', async ({ page }, testInfo) => {
  const freelancer = await createUserViaApi({ fullname: 'Imran Sheikh', role: 'freelancer' })
  await openInHindi(page, freelancer, '/admin/jobs/manage')
  await expect(main(page).getByRole('heading', { level: 1, name: 'आपका काम' })).toBeVisible()
  await expect(main(page).getByText('अपने किसी काम के लिए मदद चाहिए?')).toBeVisible()
  await expect(main(page).getByText('अभी कोई कॉन्ट्रैक्ट नहीं')).toBeVisible()
  await expectNoKeys(page, ['posting'])
  await attachShot(page, testInfo, 'freelancer-work')
})
