import crypto from 'node:crypto'
import { call, createUserViaApi, expect, main, shot, signInAs, test } from './helpers/app'

/*
 * Search shows posts (product.md §12: data.posts): a post is found by a word in its text and shown in a Posts
 * section after jobs and people, as the feed's own card — liking it there works as in the feed. A search that no
 * post matches has no Posts section.
 */

/** Letters only, so the tag is one searchable word that no other spec's post contains. */
const tag = () =>
  Array.from(crypto.randomBytes(8), (b) => String.fromCharCode(97 + (b % 26)))
    .join('')
    .replace(/^./, (c) => c.toUpperCase())

test('a search finds a post by a word in it and shows it in the Posts section', async ({
  page,
}, testInfo) => {
  // Both projects run at once against one server: each has its own word and people.
  const word = tag()
  const name = `Nisha ${word}`
  const text = `Finished hand-painting ${word} tiles for a cafe in Goa (${testInfo.project.name})`
  // The word is in a job, a person's name and a post, so all three sections show, in their order.
  const author = await createUserViaApi({ fullname: name, role: 'client', emailPrefix: 'tiles' })
  const reader = await createUserViaApi({ fullname: 'Arjun Mehta', emailPrefix: 'reader' })
  await call('POST', '/posts/create', author.token, { content: text, media: [], visibility: 'public' })
  await call('POST', '/job/post', author.token, {
    title: `Tile Painter for the ${word} Cafe`,
    description: 'Paint thirty tiles for the counter of our cafe in Goa.',
    paymentType: 'one-time',
    amount: '12000',
    category: 'Jobs',
    skills: ['Painting'],
    locationPreference: 'Goa',
  })

  await signInAs(page, reader, `/search?q=${encodeURIComponent(word.toLowerCase())}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results (1)' })).toBeVisible()
  const posts = main(page).getByRole('region', { name: 'Posts' })
  await expect(posts.getByRole('heading', { name: 'Posts (1)' })).toBeVisible()
  const card = posts.getByRole('article', { name: `Post by ${name}` })
  await expect(card).toHaveCount(1)
  await expect(card.getByText(text)).toBeVisible()
  // The word searched for is marked in the post's text (as a job's and a person's are), and nothing else is.
  await expect(card.locator('mark')).toHaveText([word])
  await expect(card.getByRole('link', { name, exact: true }).filter({ hasText: name })).toHaveAttribute(
    'href',
    `/m/${author.user.userId}`,
  )
  // Jobs, then people, then posts.
  await expect(main(page).getByRole('region')).toHaveCount(3)
  for (const [i, region] of ['Jobs', 'People (1)', 'Posts'].entries())
    await expect(main(page).getByRole('region').nth(i)).toHaveAccessibleName(region)
  await shot(page, testInfo, 'search-posts')

  // The feed's card: a like from here counts, and is still there on a fresh load.
  await card.getByRole('button', { name: /^Like/ }).click()
  await expect(card.getByRole('button', { name: /^Liked/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(card.getByLabel('1 likes')).toBeVisible()
  await page.reload()
  await expect(card.getByRole('button', { name: /^Liked/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(card.getByLabel('1 likes')).toBeVisible()

  // A word no post has: the results load, and there is no Posts section.
  const missing = tag().toLowerCase()
  await page.goto(`/search?q=${encodeURIComponent(missing)}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results (0)' })).toBeVisible()
  // /search has no filters: its empty state speaks of the words searched, not of filters.
  await expect(main(page).getByText(`Nothing found for “${missing}”`)).toBeVisible()
  await expect(main(page).getByText('No jobs found. Try adjusting your filters.')).toHaveCount(0)
  await expect(main(page).getByRole('region', { name: 'Posts' })).toHaveCount(0)
  await expect(main(page).getByText(text)).toHaveCount(0)
  await shot(page, testInfo, 'search-no-posts')

  // A word only a person's name has: the person is the answer, and the jobs section says so in one line.
  const only = tag()
  await createUserViaApi({ fullname: `Kiran ${only}`, emailPrefix: 'kiran' })
  await page.goto(`/search?q=${encodeURIComponent(only.toLowerCase())}`)
  await expect(main(page).getByRole('region', { name: 'People (1)' })).toBeVisible()
  await expect(main(page).getByText(`No jobs match “${only.toLowerCase()}”.`)).toBeVisible()
  await expect(main(page).getByText('No jobs found. Try adjusting your filters.')).toHaveCount(0)
  await shot(page, testInfo, 'search-people-only')
})

test('with people and posts below the jobs, links jump to each section and more jobs load only when asked', async ({
  page,
}, testInfo) => {
  const word = tag()
  const author = await createUserViaApi({ fullname: `Farah ${word}`, role: 'client', emailPrefix: 'pottery' })
  const reader = await createUserViaApi({ fullname: 'Dev Rao', emailPrefix: 'reader' })
  await call('POST', '/posts/create', author.token, {
    content: `Glazing ${word} bowls all week (${testInfo.project.name})`,
    media: [],
    visibility: 'public',
  })
  // One more job than a page holds (20), so there is a next page to load.
  for (let i = 1; i <= 21; i++)
    await call('POST', '/job/post', author.token, {
      title: `Potter ${i} for the ${word} Studio`,
      description: 'Throw and glaze a set of bowls for our studio in Jaipur.',
      paymentType: 'one-time',
      amount: '5000',
      category: 'Jobs',
      skills: ['Pottery'],
      locationPreference: 'Rajasthan',
    })

  await signInAs(page, reader, `/search?q=${encodeURIComponent(word.toLowerCase())}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results (20+)' })).toBeVisible()
  const sections = main(page).getByRole('navigation', { name: 'Result sections' })
  await expect(sections.getByRole('link')).toHaveText(['Jobs (20+)', 'People (1)', 'Posts (1)'])
  const jobs = main(page).getByRole('region', { name: 'Jobs' }).getByRole('article')
  await expect(jobs).toHaveCount(20)

  // Scrolling to the end leaves the jobs as they are, so the people and posts below stay where they are…
  const posts = main(page).getByRole('region', { name: 'Posts' })
  await sections.getByRole('link', { name: 'Posts (1)' }).click()
  await expect(posts).toBeInViewport()
  await expect(posts).toBeFocused()
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await page.waitForTimeout(1000) // room for a page load the scroll must not start
  await expect(jobs).toHaveCount(20)
  await shot(page, testInfo, 'search-sections-bottom')

  // …and 'Load more' brings the next page, above them.
  await main(page).getByRole('button', { name: 'Load more' }).click()
  await expect(jobs).toHaveCount(21)
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results (21)' })).toBeVisible()
  await expect(sections.getByRole('link', { name: 'Jobs (21)' })).toBeVisible()

  const people = main(page).getByRole('region', { name: 'People (1)' })
  await page.evaluate(() => window.scrollTo(0, 0))
  await sections.getByRole('link', { name: 'People (1)' }).click()
  await expect(people).toBeInViewport()
  await expect(people).toBeFocused()
})
