import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { call, createUserViaApi, expect, main, shot, signInAs, test } from './helpers/app'

/*
 * Issue 6 "Shown by": a post with two photos and a link from the Create Post dialog (product.md §10, §15);
 * it shows in the feed, My Posts and the profile; a second person likes and comments; the author deletes it.
 */

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
/** Small real images made at test time. */
const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer()

test('a post with two photos and a link: create, see everywhere, like and comment, delete', async ({
  page,
  browser,
  toasts,
}, testInfo) => {
  test.slow()
  // Both projects post at once to one server: each post's text names its project, and lookups go by that text.
  const words = `Finished a brand kit for a Kochi bakery! (${testInfo.project.name})`
  const author = await createUserViaApi({ fullname: 'Kavya Menon', emailPrefix: 'poster' })
  const fan = await createUserViaApi({ fullname: 'Rohan Gupta', emailPrefix: 'fan' })
  await signInAs(page, author, '/feed')
  await expect(page.getByRole('heading', { level: 1, name: 'Feed' })).toBeVisible()
  await expect(
    main(page)
      .getByText('No posts yet')
      .or(main(page).getByRole('list', { name: 'Posts' })),
  ).toBeVisible()

  // --- The dialog from the create menu (product.md §3) ---------------------------------------------------
  await mainNav(page).getByRole('button', { name: 'Create' }).click()
  await page.getByRole('menuitem', { name: 'Post', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Post' })
  await expect(dialog).toBeVisible()
  const text = dialog.getByPlaceholder("What's on your mind?")
  const postButton = dialog.getByRole('button', { name: 'Post', exact: true })
  // product.md §10: disabled while there is neither trimmed text nor media.
  await expect(postButton).toBeDisabled()
  await text.fill('   ')
  await expect(postButton).toBeDisabled()
  for (const name of ['Emoji', 'Location']) await expect(dialog.getByRole('button', { name })).toBeVisible()

  // product.md §10: the Link toggle inserts 'Add link' prefilled with 'https://'.
  await dialog.getByRole('button', { name: 'Link' }).click()
  const linkInput = dialog.getByPlaceholder('Add link')
  await expect(linkInput).toHaveValue('https://')

  // Three photos picked; each is uploaded at once; one is removed again from the 2-column grid.
  await dialog.getByTestId('post-media-input').setInputFiles([
    { name: 'sunrise.png', mimeType: 'image/png', buffer: await png(250, 160, 40) },
    { name: 'studio.png', mimeType: 'image/png', buffer: await png(40, 120, 220) },
    { name: 'extra.png', mimeType: 'image/png', buffer: await png(10, 200, 90) },
  ])
  const grid = dialog.getByRole('list', { name: 'Selected media' })
  for (const name of ['sunrise.png', 'studio.png', 'extra.png'])
    await expect(grid.getByRole('img', { name })).toBeVisible()
  await expect(grid).toHaveCSS('grid-template-columns', /^\S+ \S+$/)
  await expect(dialog.getByRole('progressbar')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Remove extra.png' }).click()
  await expect(grid.getByRole('listitem')).toHaveCount(2)
  await expect(postButton).toBeEnabled()
  // Never local object URLs (product.md §10): the previews are the server's thumbnails.
  for (const img of await grid.getByRole('img').all())
    expect(await img.getAttribute('src')).toMatch(/^\/uploads\//)

  // A link the server refuses: the dialog stays open with the server's message (product.md §10, §15).
  await linkInput.fill('https://not a link')
  await text.fill(`  ${words}  `)
  await postButton.click()
  await toasts.expect('The link must be a web address starting with http:// or https://', 'error')
  await expect(dialog).toBeVisible()
  await expect(grid.getByRole('listitem')).toHaveCount(2)

  await linkInput.fill('https://portfolio.example/kavya')
  await shot(page, testInfo, 'posts-dialog')
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/posts/create'))
  await postButton.click()
  const payload = (await sent).postDataJSON()
  expect(payload).toMatchObject({
    content: `  ${words}  `,
    link: 'https://portfolio.example/kavya',
    visibility: 'public',
  })
  expect(payload.media).toHaveLength(2)
  for (const m of payload.media)
    expect(m).toEqual({ url: expect.stringMatching(/^\/uploads\//), type: 'image' })
  await toasts.expect('Post created successfully!', 'success')
  await expect(dialog).toBeHidden()

  // Cleared: opening it again shows an empty composer.
  await mainNav(page).getByRole('button', { name: 'Create' }).click()
  await page.getByRole('menuitem', { name: 'Post', exact: true }).click()
  await expect(dialog.getByPlaceholder("What's on your mind?")).toHaveValue('')
  await expect(dialog.getByRole('list', { name: 'Selected media' })).toHaveCount(0)
  await expect(dialog.getByPlaceholder('Add link')).toHaveCount(0)
  await page.keyboard.press('Escape')

  // --- In the feed: text, two photos, the link; the lightbox works by keyboard ---------------------------
  const post = main(page).getByRole('article', { name: 'Post by Kavya Menon' }).filter({ hasText: words })
  await expect(post.getByText(words)).toBeVisible()
  await expect(post.getByRole('img', { name: /^Photo \d from Kavya Menon$/ })).toHaveCount(2)
  await expect(post.getByRole('link', { name: /portfolio\.example\/kavya/ })).toHaveAttribute(
    'href',
    'https://portfolio.example/kavya',
  )
  await shot(page, testInfo, 'posts-feed')
  await post.getByRole('button', { name: 'Open photo 1 of 2' }).click()
  const viewer = page.getByRole('dialog', { name: 'Photo 1 of 2 from Kavya Menon' })
  await expect(viewer).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('dialog', { name: 'Photo 2 of 2 from Kavya Menon' })).toBeVisible()
  await shot(page, testInfo, 'posts-lightbox')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // --- My Posts and the profile ---------------------------------------------------------------------------
  await page.goto('/posts')
  await expect(page.getByRole('heading', { level: 1, name: 'My Posts' })).toBeVisible()
  await expect(main(page).getByRole('article', { name: 'Post by Kavya Menon' })).toHaveCount(1)
  await page.goto(`/m/${author.user.userId}`)
  const profilePosts = main(page).getByRole('region', { name: 'Posts' })
  await expect(profilePosts.getByText(words)).toBeVisible()
  // The posts keep the profile's column: as wide as the section they sit in, like the cards above.
  const sectionBox = (await profilePosts.boundingBox())!
  const postBox = (await profilePosts.getByRole('article').first().boundingBox())!
  expect(Math.abs(postBox.x - sectionBox.x)).toBeLessThan(1)
  expect(Math.abs(postBox.width - sectionBox.width)).toBeLessThan(1)
  await shot(page, testInfo, 'posts-profile')

  // --- A second person likes and comments -----------------------------------------------------------------
  const other = await browser.newContext({ ...testInfo.project.use, baseURL: process.env.E2E_BASE_URL })
  const fanPage = await other.newPage()
  await signInAs(fanPage, fan, `/m/${author.user.userId}`)
  const seen = main(fanPage).getByRole('article', { name: 'Post by Kavya Menon' }).filter({ hasText: words })
  await expect(seen.getByRole('button', { name: 'Post options' })).toHaveCount(0)
  await seen.getByRole('button', { name: /^Like/ }).click()
  await expect(seen.getByRole('button', { name: /^Liked/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(seen.getByLabel('1 likes')).toBeVisible()
  await seen.getByRole('button', { name: /^Comment/ }).click()
  await seen.getByLabel('Write a comment').fill('Lovely colours!')
  await seen.getByRole('button', { name: 'Send comment' }).click()
  await expect(seen.getByRole('region', { name: 'Comments' }).getByText('Lovely colours!')).toBeVisible()
  await expect(seen.getByLabel('1 comments')).toBeVisible()
  await other.close()

  // The author's bell rises live, without a reload: one like and one comment.
  await expect(page.getByTestId('notification-badge').filter({ visible: true })).toHaveText('2')
  await page
    .getByRole('button', { name: /^Notifications/ })
    .filter({ visible: true })
    .click()
  const drawer = page.getByRole('dialog', { name: 'Notifications' })
  await expect(drawer.getByText(/Rohan Gupta liked your post/)).toBeVisible()
  await expect(drawer.getByText(/Rohan Gupta commented/)).toBeVisible()
  // A like on one's post opens My Posts, where it is.
  await drawer.getByRole('button', { name: /Rohan Gupta liked your post/ }).click()
  await expect(page).toHaveURL('/posts')
  await expect(
    main(page).getByRole('article', { name: 'Post by Kavya Menon' }).filter({ hasText: words }),
  ).toBeVisible()

  // The author sees both after a reload.
  await page.goto('/feed')
  await expect(post.getByLabel('1 likes')).toBeVisible()
  await expect(post.getByLabel('1 comments')).toBeVisible()
  await post.getByRole('button', { name: /^Comment/ }).click()
  await expect(post.getByText('Lovely colours!')).toBeVisible()
  await expect(
    post.getByRole('region', { name: 'Comments' }).getByRole('link', { name: 'Rohan Gupta' }),
  ).toBeVisible()

  // --- The author deletes it; its photos are gone from the server too -------------------------------------
  const photoUrl = await post.getByRole('img', { name: 'Photo 1 from Kavya Menon' }).getAttribute('src')
  await post.getByRole('button', { name: 'Post options' }).click()
  await page.getByRole('menuitem', { name: 'Delete post' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete this post?' })
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await toasts.expect('Post deleted', 'success')
  await expect(main(page).getByText(words)).toHaveCount(0)
  await expect.poll(async () => (await page.request.get(photoUrl!)).status()).toBe(404)
})

test('the composer checks before sending: empty posts are refused with the spec message', async ({
  page,
  toasts,
}, testInfo) => {
  const me = await createUserViaApi({ fullname: 'Ishaan Bose', emailPrefix: 'empty' })
  await signInAs(page, me, '/posts')
  await expect(page.getByRole('heading', { level: 1, name: 'My Posts' })).toBeVisible()
  await expect(main(page).getByText('No posts yet')).toBeVisible()
  await shot(page, testInfo, 'posts-empty')
  await main(page).getByRole('button', { name: 'Create your first post' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Post' })
  // Ctrl+Enter submits from the text box; with nothing in it the message of product.md §10 shows and nothing is sent.
  await dialog.getByPlaceholder("What's on your mind?").press('Control+Enter')
  await toasts.expect('Please add some content or media', 'error')
  await expect(dialog.getByRole('alert')).toHaveText('Please add some content or media')
  // A file that is not a photo or video is stopped before upload.
  await dialog.getByTestId('post-media-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  })
  await toasts.expect('“notes.txt” is not a photo or video', 'error')
  await expect(dialog.getByRole('list', { name: 'Selected media' })).toHaveCount(0)
  // So is a phone's HEIC photo, which the server would refuse after the whole upload; nothing is sent.
  const uploads: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/upload')) uploads.push(r.url())
  })
  await dialog.getByTestId('post-media-input').setInputFiles({
    name: 'IMG_0042.HEIC',
    mimeType: 'image/heic',
    buffer: Buffer.from('not really a heic'),
  })
  await toasts.expect(
    '“IMG_0042.HEIC” is not a supported photo or video. Use JPEG, PNG, WebP or GIF photos (up to 10 MB) or MP4 or WebM videos (up to 50 MB).',
    'error',
  )
  await expect(dialog.getByRole('list', { name: 'Selected media' })).toHaveCount(0)
  expect(uploads).toEqual([])
  // An upload the server fails (here a 503): the post waits, says how to go on, and goes once the file is removed.
  await page.route('**/api/v1/uploads', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        code: 'unavailable',
        message: 'Uploads are paused for a minute',
      }),
    }),
  )
  await dialog.getByTestId('post-media-input').setInputFiles({
    name: 'logo-draft.png',
    mimeType: 'image/png',
    buffer: await png(200, 120, 40),
  })
  await expect(dialog.getByRole('list', { name: 'Selected media' }).getByRole('alert')).toBeVisible()
  await dialog.getByPlaceholder("What's on your mind?").fill('Open to logo work this month 📍 Kerala')
  await dialog.getByRole('button', { name: 'Post', exact: true }).click()
  const stuck = 'Some files did not upload. Remove them, then add them again or post without them.'
  await toasts.expect(stuck, 'error')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Remove logo-draft.png' }).click()
  await expect(dialog.getByRole('list', { name: 'Selected media' })).toHaveCount(0)
  await page.unroute('**/api/v1/uploads')
  // Text only is a post.
  await dialog.getByPlaceholder("What's on your mind?").fill('Open to logo work this month 📍 Kerala')
  await dialog.getByRole('button', { name: 'Post', exact: true }).click()
  await toasts.expect('Post created successfully!', 'success')
  await expect(main(page).getByText('Open to logo work this month 📍 Kerala')).toBeVisible()
})

test('a busy post: one’s new comment shows at once, a double-clicked delete deletes once; a visitor’s Log in comes back', async ({
  page,
  browser,
}, testInfo) => {
  const author = await createUserViaApi({ fullname: 'Isha Kapoor', emailPrefix: 'busy' })
  const regular = await createUserViaApi({ fullname: 'Neha Joshi', emailPrefix: 'regular' })
  const reader = await createUserViaApi({ fullname: 'Arjun Das', emailPrefix: 'reader' })
  const words = `Block-printed cushion covers, batch ${testInfo.project.name} ${Date.now()}`
  const { post } = await call('POST', '/posts/create', author.token, {
    content: words,
    media: [],
    visibility: 'public',
  })
  // More comments than one page (20) holds.
  for (let i = 1; i <= 21; i++)
    await call('POST', `/posts/${post._id}/comments`, regular.token, { content: `Comment number ${i}` })

  await signInAs(page, reader, `/m/${author.user.userId}`)
  const card = main(page).getByRole('article', { name: 'Post by Isha Kapoor' }).filter({ hasText: words })
  await card.getByRole('button', { name: /^Comment/ }).click()
  const comments = card.getByRole('region', { name: 'Comments' })
  await expect(comments.getByText(/^Comment number \d+$/)).toHaveCount(20)
  await comments.getByLabel('Write a comment').fill('Do you ship to Shillong?')
  await comments.getByRole('button', { name: 'Send comment' }).click()
  // Shown at once, though the oldest comment is still to load.
  await expect(comments.getByText('Do you ship to Shillong?')).toBeVisible()
  await expect(card.getByLabel('22 comments')).toBeVisible()
  await comments.getByRole('button', { name: 'Load more comments' }).click()
  await expect(comments.getByText(/^Comment number \d+$/)).toHaveCount(21)
  await expect(comments.getByText('Do you ship to Shillong?')).toHaveCount(1)
  await expect(comments.getByRole('listitem').last()).toContainText('Do you ship to Shillong?')

  // A double click on delete sends one request; the comment goes, and no error follows.
  const deletes: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'DELETE' && r.url().includes('/posts/comments/')) deletes.push(r.url())
  })
  await comments.getByRole('button', { name: 'Delete comment' }).dblclick()
  await expect(comments.getByText('Do you ship to Shillong?')).toHaveCount(0)
  await expect(card.getByLabel('21 comments')).toBeVisible()
  expect(deletes).toHaveLength(1)

  // A visitor's Log in on the feed keeps the page to come back to after signing in.
  const visitor = await browser.newContext({ ...testInfo.project.use, baseURL: process.env.E2E_BASE_URL })
  const vp = await visitor.newPage()
  await vp.goto('/feed')
  await main(vp).getByRole('link', { name: 'Log in', exact: true }).first().click()
  await expect(vp).toHaveURL('/login')
  expect(await vp.evaluate(() => (history.state as { usr?: { from?: string } })?.usr?.from)).toBe('/feed')
  await visitor.close()
})
