import { createUserViaApi, expect, main, test } from './helpers/app'
import { attachShot, expectNoKeys, openInHindi, visitInHindi } from './support/hindi'

/* Issue 26: the account screens (profile, setup checklist, edit profile, skills, job alerts, unsubscribe) in Hindi. */

/** The areas whose keys these screens could show: their own, the shared ones and the chrome's. */
const AREAS = ['account', 'common', 'report', 'status', 'chrome']

test('a freelancer sets up their profile, skills and alerts in Hindi', async ({ page }, testInfo) => {
  // Five pages, two dialogs and six screenshots.
  test.slow()
  const me = await createUserViaApi({ fullname: 'Sunita Verma', role: 'freelancer' })
  const other = await createUserViaApi({ fullname: 'Rahul Mehta', role: 'client' })

  await openInHindi(page, me, `/m/${me.user.userId}`)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Sunita Verma' })).toBeVisible()
  await expect(main(page).getByRole('heading', { name: 'शुरुआत करें' })).toBeVisible()
  await expect(main(page).getByRole('progressbar', { name: 'शुरुआत की प्रगति' })).toHaveAttribute(
    'aria-valuetext',
    '5 में से 0 पूरे',
  )
  await expect(main(page).getByText('अपना रिज़्यूमे अपलोड करें')).toBeVisible()
  await expect(main(page).getByText('संपर्क', { exact: true })).toBeVisible()
  await expect(page).toHaveTitle('Sunita Verma की प्रोफ़ाइल · Microlance')
  await expectNoKeys(page, AREAS)
  await attachShot(page, testInfo, 'profile')

  await main(page).getByRole('button', { name: 'प्रोफ़ाइल बदलें' }).click()
  const dialog = page.getByRole('dialog', { name: 'प्रोफ़ाइल बदलें' })
  await expect(dialog.getByLabel('फ़ोन नंबर')).toBeVisible()
  await dialog.getByLabel('पूरा नाम').fill('')
  await dialog.getByRole('button', { name: 'बदलाव सेव करें' }).click()
  await expect(dialog.getByRole('alert').filter({ hasText: 'नाम खाली नहीं हो सकता' })).toBeVisible()
  await attachShot(page, testInfo, 'edit-profile')
  await dialog.getByRole('button', { name: 'रद्द करें' }).click()

  await page.goto('/skills')
  await expect(main(page).getByRole('heading', { level: 1, name: 'आपके कौशल' })).toBeVisible()
  await expect(main(page).getByText('कोई कौशल नहीं चुना')).toBeVisible()
  await main(page).getByRole('button', { name: 'React' }).click()
  await expect(main(page).getByText('1 कौशल चुना')).toBeVisible()
  await expectNoKeys(page, AREAS)
  await attachShot(page, testInfo, 'skills')

  await page.goto('/settings/alerts')
  await expect(main(page).getByRole('heading', { level: 1, name: 'नौकरी अलर्ट' })).toBeVisible()
  await expect(main(page).getByText('अभी कोई सेव की गई खोज नहीं')).toBeVisible()
  await expect(page).toHaveTitle('नौकरी अलर्ट · Microlance')
  await expectNoKeys(page, AREAS)
  await attachShot(page, testInfo, 'alerts')

  // Someone else's profile: Message and the report dialog, in Hindi.
  await page.goto(`/m/${other.user.userId}`)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Rahul Mehta' })).toBeVisible()
  await main(page).getByRole('button', { name: 'रिपोर्ट करें', exact: true }).click()
  const report = page.getByRole('dialog', { name: 'इस प्रोफ़ाइल की रिपोर्ट करें' })
  await expect(report.getByRole('radio', { name: 'नकली प्रोफ़ाइल या किसी और के नाम से' })).toBeVisible()
  await report.getByRole('button', { name: 'रिपोर्ट भेजें' }).click()
  await expect(report.getByRole('alert')).toHaveText('कोई कारण चुनें')
  await expect(report.getByRole('button', { name: 'बंद करें' })).toBeVisible()
  await attachShot(page, testInfo, 'report')
})

test('a visitor with a broken unsubscribe link is told so in Hindi', async ({ page }, testInfo) => {
  await visitInHindi(page, '/alerts/unsubscribe')
  await expect(main(page).getByText('यह लिंक काम नहीं करता')).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'नौकरी अलर्ट सँभालें' })).toBeVisible()
  await expect(page).toHaveTitle('अनसब्सक्राइब · Microlance')
  await expectNoKeys(page, AREAS)
  await attachShot(page, testInfo, 'unsubscribe')
})
