import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { media, multipartFiles } from '../uploads/test-media'

let ctx: TestCtx
let asha: Session
let ravi: Session
beforeAll(async () => {
  ctx = await createTestApp()
  asha = await signUp(ctx, { email: 'asha@example.in', fullname: 'Asha Iyer' })
  ravi = await signUp(ctx, { email: 'ravi@example.in', fullname: 'Ravi Kumar' })
})
afterAll(() => ctx?.close())

const uploadPngs = async (s: Session, n = 1) => {
  const png = await media.png()
  const res = await injectAs(ctx.app, s, {
    method: 'POST',
    url: '/api/v1/uploads',
    ...multipartFiles(
      Array.from({ length: n }, (_, i) => ({ name: `${i}.png`, type: 'image/png', data: png })),
    ),
  })
  expect(res.statusCode).toBe(201)
  return res.json().media as { url: string; type: 'image' | 'video'; thumbnailUrl: string }[]
}
const create = (s: Session | null, payload: unknown, csrf = true) =>
  injectAs(ctx.app, s, { method: 'POST', url: '/api/v1/posts/create', payload: payload as any, csrf })
const notificationsOf = async (userId: string) =>
  (
    await ctx.database.db.execute(
      sql`select type, message, metadata from notifications where user_id = ${userId} order by created_at`,
    )
  ).rows as any[]

describe('POST /api/v1/posts/create', () => {
  it('401 without a session', async () => {
    const res = await create(null, { content: 'hi', media: [], visibility: 'public' })
    expect(res.statusCode).toBe(401)
  })

  it('403 without the CSRF header', async () => {
    const res = await create(asha, { content: 'hi', media: [], visibility: 'public' }, false)
    expect(res.statusCode).toBe(403)
  })

  it('creates a post with text, uploaded media and a link, answering the spec fields', async () => {
    const m = await uploadPngs(asha, 2)
    const res = await create(asha, {
      content: '  First post from Pune  ',
      media: m.map(({ url, type }) => ({ url, type })),
      link: 'https://example.com/portfolio',
      visibility: 'public',
    })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({ success: true, message: 'Post created successfully!' })
    expect(body.post).toMatchObject({
      content: 'First post from Pune',
      link: 'https://example.com/portfolio',
      visibility: 'public',
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
      isMine: true,
      author: { fullname: 'Asha Iyer', userId: asha.user.userId },
    })
    expect(body.post.media.map((x: any) => x.url)).toEqual(m.map((x) => x.url))
    expect(body.post.media[0].thumbnailUrl).toBe(m[0].thumbnailUrl)
  })

  it('refuses a post with neither content nor media (spec message)', async () => {
    const res = await create(asha, { content: '   ', media: [], visibility: 'public' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, message: 'Please add some content or media' })
  })

  it('refuses a too-long post, a non-http link, a bad visibility, too many media', async () => {
    const long = await create(asha, { content: 'x'.repeat(5001), media: [], visibility: 'public' })
    expect(long.statusCode).toBe(400)
    // The schema's own sentence names the field, so it comes alone; the field is in `errors`.
    expect(long.json()).toMatchObject({
      message: 'A post is at most 5000 characters',
      code: 'validation_failed',
      errors: { content: 'A post is at most 5000 characters' },
    })
    for (const link of ['javascript:alert(1)', 'ftp://example.com/x', 'not a url', 'https://']) {
      const res = await create(asha, { content: 'x', media: [], link, visibility: 'public' })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('The link must be a web address starting with http:// or https://')
    }
    const vis = await create(asha, { content: 'x', media: [], visibility: 'friends' })
    expect(vis.statusCode).toBe(400)
    // Zod's own wording does not say which field it means, so the field leads the message.
    const notText = await create(asha, { content: 42, media: [], visibility: 'public' })
    expect(notText.statusCode).toBe(400)
    expect(notText.json().message).toMatch(/^content: Invalid input/)
    const many = await create(asha, {
      content: 'x',
      media: Array.from({ length: 11 }, () => ({ url: '/uploads/x.png', type: 'image' })),
      visibility: 'public',
    })
    expect(many.json().message).toBe('A post has at most 10 photos or videos')
  })

  it('refuses media this server did not issue, another user’s upload, a claimed one, a wrong type', async () => {
    const outside = await create(asha, {
      content: '',
      media: [{ url: 'blob:http://localhost/abc', type: 'image' }],
      visibility: 'public',
    })
    expect(outside.statusCode).toBe(400)
    expect(outside.json().code).toBe('media_not_uploaded')

    const [ravis] = await uploadPngs(ravi)
    const stolen = await create(asha, {
      content: '',
      media: [{ url: ravis.url, type: 'image' }],
      visibility: 'public',
    })
    expect(stolen.statusCode).toBe(403)
    expect(stolen.json()).toMatchObject({ message: 'You can post only photos and videos you uploaded' })

    const [mine] = await uploadPngs(asha)
    const wrong = await create(asha, {
      content: '',
      media: [{ url: mine.url, type: 'video' }],
      visibility: 'public',
    })
    expect(wrong.statusCode).toBe(400)
    const ok = await create(asha, {
      content: '',
      media: [{ url: mine.url, type: 'image' }],
      visibility: 'public',
    })
    expect(ok.statusCode).toBe(201)
    const again = await create(asha, {
      content: '',
      media: [{ url: mine.url, type: 'image' }],
      visibility: 'public',
    })
    expect(again.statusCode).toBe(409)

    // A thumbnail is not a post medium either.
    const [other] = await uploadPngs(asha)
    const thumb = await create(asha, {
      content: '',
      media: [{ url: other.thumbnailUrl, type: 'image' }],
      visibility: 'public',
    })
    expect(thumb.statusCode).toBe(400)
  })

  it('a link to a loopback address keeps the bare link without a preview', async () => {
    const port = (ctx.app.server.address() as any)?.port ?? 3000
    for (const link of [
      `http://127.0.0.1:${port}/`,
      'http://localhost/',
      'http://[::1]/',
      'http://169.254.169.254/latest',
    ]) {
      const res = await create(asha, { content: 'see', media: [], link, visibility: 'public' })
      expect(res.statusCode).toBe(201)
      expect(res.json().post).toMatchObject({ link, linkPreview: null })
    }
  })
})

describe('reading posts', () => {
  it('GET /posts is public, newest first, paged by a keyset cursor without gaps or repeats', async () => {
    for (let i = 0; i < 5; i++) await create(ravi, { content: `ravi ${i}`, media: [], visibility: 'public' })
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const res: { statusCode: number; json(): any } = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/posts?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      })
      expect(res.statusCode).toBe(200)
      const { posts, nextCursor }: { posts: any[]; nextCursor: string | null } = res.json().data
      seen.push(...posts.map((p: any) => p._id))
      for (const p of posts) expect(p.likedByMe).toBe(false)
      cursor = nextCursor
    } while (cursor)
    expect(new Set(seen).size).toBe(seen.length)
    const total = Number(
      ((await ctx.database.db.execute(sql`select count(*)::int n from posts`)).rows[0] as any).n,
    )
    expect(seen.length).toBe(total)
    const first = await ctx.app.inject({ method: 'GET', url: '/api/v1/posts?limit=1' })
    expect(first.json().data.posts[0].content).toBe('ravi 4')
  })

  it('the feed is served from the read cache, shared signed out and per person signed in; a new post shows at once', async () => {
    const feed = async (s: Session | null) =>
      (await injectAs(ctx.app, s, { method: 'GET', url: '/api/v1/posts?limit=2' })).json().data.posts
    const top = (await feed(null))[0]
    expect((await feed(asha))[0].content).toBe(top.content)
    // A change made behind the API's back is not seen while the entries live: proof both answers were cached…
    await ctx.database.db.execute(
      sql`update posts set content = 'Edited behind the API' where id = ${top._id}`,
    )
    expect((await feed(null))[0].content).toBe(top.content)
    expect((await feed(asha))[0].content).toBe(top.content)
    // …and that each signed-in person has their own entry: Ravi's first read reaches the database.
    expect((await feed(ravi))[0].content).toBe('Edited behind the API')
    expect((await create(asha, { content: 'Fresh post', media: [], visibility: 'public' })).statusCode).toBe(
      201,
    )
    const after = await feed(null)
    expect(after.map((p: any) => p.content)).toEqual(['Fresh post', 'Edited behind the API'])
    expect((await feed(asha)).map((p: any) => [p.content, p.isMine])).toEqual([
      ['Fresh post', true],
      ['Edited behind the API', false],
    ])
    expect((await feed(ravi))[0].isMine).toBe(false)
    await ctx.database.db.execute(sql`update posts set content = ${top.content} where id = ${top._id}`)
    await injectAs(ctx.app, asha, { method: 'DELETE', url: `/api/v1/posts/${after[0]._id}` })
  })

  it('refuses a forged cursor', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/posts?cursor=bm9wZQ' })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('bad_cursor')
  })

  it('GET /posts/user/:userId lists only that person’s posts; 404 for nobody', async () => {
    const res = await injectAs(ctx.app, asha, {
      method: 'GET',
      url: `/api/v1/posts/user/${ravi.user.userId}`,
    })
    const posts = res.json().data.posts
    expect(posts.length).toBe(5)
    expect(posts.every((p: any) => p.author.userId === ravi.user.userId && p.isMine === false)).toBe(true)
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/posts/user/nobody-here' })
    expect(none.statusCode).toBe(404)
  })

  it('GET /posts/mine: 401 anonymous, the caller’s own posts otherwise', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/posts/mine' })).statusCode).toBe(401)
    const res = await injectAs(ctx.app, ravi, { method: 'GET', url: '/api/v1/posts/mine' })
    expect(res.json().data.posts.map((p: any) => p.content)).toEqual([4, 3, 2, 1, 0].map((i) => `ravi ${i}`))
  })
})

describe('likes and comments', () => {
  let postId: string
  beforeAll(async () => {
    postId = (await create(asha, { content: 'Like me', media: [], visibility: 'public' })).json().post._id
  })
  const like = (s: Session | null) =>
    injectAs(ctx.app, s, { method: 'POST', url: `/api/v1/posts/${postId}/like` })

  it('like: 401 anonymous, 404 unknown post, toggles with a count and liked-by-me, notifies the author', async () => {
    expect((await like(null)).statusCode).toBe(401)
    const unknown = await injectAs(ctx.app, ravi, {
      method: 'POST',
      url: '/api/v1/posts/00000000-0000-0000-0000-000000000000/like',
    })
    expect(unknown.statusCode).toBe(404)
    const before = (await notificationsOf(asha.user._id)).length
    expect((await like(ravi)).json()).toEqual({ success: true, liked: true, likeCount: 1 })
    const feed = await injectAs(ctx.app, ravi, {
      method: 'GET',
      url: `/api/v1/posts/user/${asha.user.userId}`,
    })
    expect(feed.json().data.posts.find((p: any) => p._id === postId)).toMatchObject({
      likedByMe: true,
      likeCount: 1,
    })
    const n = await notificationsOf(asha.user._id)
    expect(n.length).toBe(before + 1)
    expect(n.at(-1)).toMatchObject({ type: 'post_liked', message: 'Ravi Kumar liked your post “Like me”' })
    expect(n.at(-1).metadata).toMatchObject({ postId, senderId: ravi.user._id })
    expect((await like(ravi)).json()).toEqual({ success: true, liked: false, likeCount: 0 })
    // Liking again after unliking counts, but does not ring the author's bell a second time.
    expect((await like(ravi)).json()).toEqual({ success: true, liked: true, likeCount: 1 })
    expect((await notificationsOf(asha.user._id)).length).toBe(before + 1)
    expect((await like(ravi)).json()).toEqual({ success: true, liked: false, likeCount: 0 })
    // Liking one's own post tells nobody.
    await like(asha)
    expect((await notificationsOf(asha.user._id)).length).toBe(before + 1)
  })

  it('comments: add (401, validation, happy + notification), list, delete (403 for others, own ok)', async () => {
    const add = (s: Session | null, content: string) =>
      injectAs(ctx.app, s, { method: 'POST', url: `/api/v1/posts/${postId}/comments`, payload: { content } })
    expect((await add(null, 'hi')).statusCode).toBe(401)
    const blank = await add(ravi, '   ')
    expect(blank.statusCode).toBe(400)
    expect(blank.json().message).toBe('Write a comment first')
    expect((await add(ravi, 'y'.repeat(1001))).json().message).toBe('A comment is at most 1000 characters')

    const res = await add(ravi, 'Great work!')
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      success: true,
      commentCount: 1,
      comment: { content: 'Great work!', isMine: true },
    })
    const n = await notificationsOf(asha.user._id)
    expect(n.at(-1)).toMatchObject({
      type: 'post_commented',
      message: 'Ravi Kumar commented on your post: “Great work!”',
    })

    const list = await ctx.app.inject({ method: 'GET', url: `/api/v1/posts/${postId}/comments` })
    expect(list.json().data.comments.map((c: any) => [c.content, c.author.fullname])).toEqual([
      ['Great work!', 'Ravi Kumar'],
    ])

    const commentId = res.json().comment._id
    const third = await signUp(ctx, { fullname: 'Meera Das' })
    const del = (s: Session | null) =>
      injectAs(ctx.app, s, { method: 'DELETE', url: `/api/v1/posts/comments/${commentId}` })
    expect((await del(null)).statusCode).toBe(401)
    const other = await del(third)
    expect(other.statusCode).toBe(403)
    expect(other.json().message).toBe('You can delete only your own comments')
    const own = await del(ravi)
    expect(own.json()).toEqual({ success: true, message: 'Comment deleted', commentCount: 0 })
    expect((await del(ravi)).statusCode).toBe(404)
  })
})

describe('DELETE /api/v1/posts/:id', () => {
  it('401 anonymous, 403 for another user, the author deletes it and its files', async () => {
    const m = await uploadPngs(asha, 1)
    const post = (
      await create(asha, { content: 'bye', media: [{ url: m[0].url, type: 'image' }], visibility: 'public' })
    ).json().post
    const url = `/api/v1/posts/${post._id}`
    expect((await ctx.app.inject({ method: 'DELETE', url })).statusCode).toBe(401)
    const other = await injectAs(ctx.app, ravi, { method: 'DELETE', url })
    expect(other.statusCode).toBe(403)
    expect(other.json().message).toBe('Only the person who posted this can delete it')
    const res = await injectAs(ctx.app, asha, { method: 'DELETE', url })
    expect(res.json()).toEqual({ success: true, message: 'Post deleted' })
    await new Promise((r) => setImmediate(r))
    expect((await ctx.app.inject({ method: 'GET', url: m[0].url })).statusCode).toBe(404)
    for (const u of [m[0].url, m[0].thumbnailUrl])
      expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', u.split('/').pop()!))).toBe(false)
    expect((await injectAs(ctx.app, asha, { method: 'DELETE', url })).statusCode).toBe(404)
  })
})

describe('a NUL character in a post', () => {
  it('is refused with 400 (not a 500) and no post is made', async () => {
    const count = async () =>
      Number(((await ctx.database.db.execute(sql`select count(*)::int as n from posts`)).rows[0] as any).n)
    const before = await count()
    const res = await create(asha, { content: 'Hello\u0000world' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, code: 'invalid_value' })
    expect(await count()).toBe(before)
  })
})
