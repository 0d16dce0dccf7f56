import { call, createUserViaApi, expect, isMobileProject, main, test } from './helpers/app'
import { attachShot, expectNoKeys, openInHindi, visitInHindi } from './support/hindi'

/* Issue 26: the feed, My Posts and chat in Hindi — posts, comments, the composer, messages and their day and time. */

test('the feed, My Posts and chat in Hindi', async ({ page }, testInfo) => {
  // Four pages, a dialog and five screenshots.
  test.slow()
  const mobile = isMobileProject(testInfo)
  const meera = await createUserViaApi({ fullname: 'Meera Pillai', role: 'client' })
  const arjun = await createUserViaApi({ fullname: 'Arjun Nair', role: 'freelancer' })
  // Every run's post is in the one feed: this one is told apart by a word of its own.
  const tag = `#logo${Date.now()}`
  const { post } = await call<{ post: { _id: string } }>('POST', '/posts/create', arjun.token, {
    content: `नया लोगो तैयार है — Kochi की एक चाय की दुकान के लिए। ${tag}`,
    media: [],
    visibility: 'public',
  })
  await call('POST', `/posts/${post._id}/comments`, meera.token, { content: 'बहुत सुंदर!' })
  await call('POST', '/chat/send', arjun.token, {
    receiver: meera.user._id,
    content: 'नमस्ते, मैं कल से शुरू कर सकता हूँ।',
  })

  // A visitor who reads Hindi is asked to log in, the link where Hindi puts it: at the end of the sentence.
  await visitInHindi(page, '/feed')
  await expect(main(page).getByText('पोस्ट करने, पसंद करने और टिप्पणी करने के लिए लॉग इन करें।')).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'लॉग इन करें', exact: true })).toBeVisible()

  // The feed: a post with its Hindi actions, its comments open.
  await openInHindi(page, meera, '/feed')
  await expect(main(page).getByRole('heading', { level: 1, name: 'फ़ीड' })).toBeVisible()
  await expect(page).toHaveTitle('फ़ीड · Microlance')
  const card = main(page).getByRole('article', { name: 'Arjun Nair की पोस्ट' }).filter({ hasText: tag })
  await expect(card.getByRole('button', { name: /^पसंद करें/ })).toBeVisible()
  await expect(card.getByLabel('1 टिप्पणी', { exact: true })).toBeVisible()
  await card.getByRole('button', { name: /^टिप्पणी/ }).click()
  await expect(card.getByRole('region', { name: 'टिप्पणियाँ' })).toContainText('बहुत सुंदर!')
  await expect(card.getByPlaceholder('टिप्पणी लिखें...')).toBeVisible()
  await expectNoKeys(page, ['feed', 'chat'])
  await attachShot(page, testInfo, 'feed')

  // The composer dialog.
  await main(page).getByRole('button', { name: 'आप क्या सोच रहे हैं?' }).click()
  const dialog = page.getByRole('dialog', { name: 'पोस्ट बनाएँ' })
  await expect(dialog.getByRole('button', { name: 'फ़ोटो/वीडियो' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'पोस्ट करें' })).toBeDisabled()
  await expectNoKeys(page, ['feed', 'chat'])
  await attachShot(page, testInfo, 'create-post')
  await page.keyboard.press('Escape')

  // My Posts, empty for her.
  await page.goto('/posts')
  await expect(main(page).getByRole('heading', { level: 1, name: 'मेरी पोस्ट' })).toBeVisible()
  await expect(main(page).getByText('अभी कोई पोस्ट नहीं')).toBeVisible()
  await expect(main(page).getByRole('button', { name: 'अपनी पहली पोस्ट बनाएँ' })).toBeVisible()
  await expectNoKeys(page, ['feed', 'chat'])
  await attachShot(page, testInfo, 'my-posts')

  // Messages: the list, then the conversation with its day separator and time in Hindi.
  await page.goto('/chat')
  await expect(main(page).getByRole('heading', { level: 1, name: 'संदेश' })).toBeVisible()
  await expect(page).toHaveTitle('संदेश · Microlance')
  const row = main(page).getByRole('link', { name: /Arjun Nair/ })
  await expect(row).toContainText('नमस्ते, मैं कल से शुरू कर सकता हूँ।')
  await expect(row.getByTestId('unread-count')).toHaveAttribute('aria-label', '1 अपठित')
  await expectNoKeys(page, ['feed', 'chat'])
  await attachShot(page, testInfo, 'chat-list')

  await row.click()
  await expect(main(page).getByRole('log', { name: 'Arjun Nair के साथ संदेश' })).toBeVisible()
  await expect(main(page).getByRole('separator').filter({ hasText: 'आज' })).toHaveCount(1)
  await expect(main(page).getByRole('textbox', { name: 'संदेश' })).toHaveAttribute('placeholder', 'संदेश लिखें…')
  await main(page).getByRole('textbox', { name: 'संदेश' }).fill('धन्यवाद, कल मिलते हैं।')
  await main(page).getByRole('textbox', { name: 'संदेश' }).press('Enter')
  await expect(main(page).getByTestId('chat-message').last()).toContainText('भेजा गया')
  if (!mobile) await expect(main(page).getByRole('complementary', { name: 'साझा नौकरियाँ' })).toBeVisible()
  await expectNoKeys(page, ['feed', 'chat'])
  await attachShot(page, testInfo, 'conversation')
})
