// A search's people and posts are written by the database in one statement beside the jobs' (ADR 082). presentUser
// and presentPost stay the reference: for every kind of viewer the two must give the same objects. A first page costs
// three statements: the words, then the jobs' first page beside the people and posts.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SearchAnswer } from '@common/schemas/search'
import { users, type UserRow } from '../../db/schema'
import { createTestApp, injectAs, signUp, type Session, type TestCtx } from '../../test/helpers'
import { postJob } from '../../test/jobs'
import { recordStatements } from '../../test/statements'
import { presentUser } from '../users/users.presenter'
import { media, multipartFiles } from '../uploads/test-media'

let ctx: TestCtx
let zora: Session
let ravi: Session
let operator: Session
let postId: string

const exec = (q: ReturnType<typeof sql>) => ctx.database.db.execute(q)
const row = async (s: Session): Promise<UserRow> =>
  (await ctx.database.db.select().from(users).where(eq(users.id, s.user._id)))[0]

const search = async (s: Session | null, q: string) => {
  const res = await injectAs(ctx.app, s, { method: 'GET', url: `/api/v1/search?q=${encodeURIComponent(q)}` })
  expect(res.statusCode, res.body).toBe(200)
  // The schema the route declares: the database's JSON must be a valid answer as it is sent.
  return SearchAnswer.parse(res.json()).data
}

beforeAll(async () => {
  ctx = await createTestApp()
  zora = await signUp(ctx, { fullname: 'Zorawar Quillfeather' })
  ravi = await signUp(ctx, { fullname: 'Ravi Reader' })
  operator = await signUp(ctx, { fullname: 'Oona Operator' })
  await exec(sql`update users set role = 'admin' where id = ${operator.user._id}::uuid`)
  // Every profile field the presenter copies, at awkward values: quotes, Hindi, a phone, a resume, a photo, and a
  // creation time with microseconds the answer rounds to milliseconds.
  await exec(sql`update users set bio = ${'Paints "quillfeather" murals — भित्तिचित्र'}, skills = '{Murals,"Sign, painting"}',
    phone_number = '+919876543210', resume = '/uploads/cv.pdf', resume_original_name = 'CV "final".pdf',
    profile_photo = '/uploads/zora.png', language = 'hi-IN', created_at = '2026-01-02 03:04:05.678999+00'
    where id = ${zora.user._id}::uuid`)
  const up = await injectAs(ctx.app, zora, {
    method: 'POST',
    url: '/api/v1/uploads',
    ...multipartFiles([{ name: 'mural.png', type: 'image/png', data: await media.png() }]),
  })
  expect(up.statusCode, up.body).toBe(201)
  const made = await injectAs(ctx.app, zora, {
    method: 'POST',
    url: '/api/v1/posts/create',
    payload: {
      content: 'A quillfeather mural for a Kochi cafe',
      media: up.json().media.map((x: { url: string; type: string }) => ({ url: x.url, type: x.type })),
      visibility: 'public',
    },
  })
  expect(made.statusCode, made.body).toBe(201)
  postId = made.json().post._id
  await exec(
    sql`update posts set link = 'https://example.com/a', link_preview = ${JSON.stringify({
      url: 'https://example.com/a',
      title: 'Cafe "walls"',
      description: null,
      image: null,
      siteName: 'Example',
    })}::jsonb where id = ${postId}::uuid`,
  )
  const liked = await injectAs(ctx.app, ravi, { method: 'POST', url: `/api/v1/posts/${postId}/like` })
  expect(liked.statusCode, liked.body).toBe(200)
})
afterAll(() => ctx?.close())

describe('people in a search, as presentUser shows them', () => {
  it('gives each viewer the same person presentUser gives them: email and phone only to the person and operators', async () => {
    const person = await row(zora)
    for (const viewer of [null, zora, ravi, operator]) {
      const found = (await search(viewer, 'quillfeather')).users
      expect(found.map((u) => u._id)).toContain(zora.user._id)
      const shown = found.find((u) => u._id === zora.user._id)
      expect(shown).toStrictEqual(presentUser(person, viewer ? await row(viewer) : null))
    }
    // The checks that make the comparison mean something: the private fields are there for the person only.
    expect((await search(zora, 'quillfeather')).users[0]).toMatchObject({
      email: zora.user.email,
      phoneNumber: '+919876543210',
      language: 'hi-IN',
    })
    const toOperator = (await search(operator, 'quillfeather')).users[0]
    expect(toOperator).toMatchObject({ email: zora.user.email })
    expect(toOperator).not.toHaveProperty('language')
    expect(JSON.stringify((await search(ravi, 'quillfeather')).users)).not.toMatch(/@|\+91/)
  })

  it('finds a person by name likeness when no word is left to match by text', async () => {
    // "Zo": too short a word to correct and in no document, so no word is left to match by text; the name is alike.
    const found = await search(ravi, 'Zo')
    expect(found.users.map((u) => u._id)).toContain(zora.user._id)
    expect(found.users.find((u) => u._id === zora.user._id)).toStrictEqual(
      presentUser(await row(zora), await row(ravi)),
    )
    expect(found.posts).toEqual([])
  })
})

describe('posts in a search, as the feed shows them', () => {
  it('is the feed’s post for each viewer: media with its thumbnail, link preview, likes, mine', async () => {
    for (const viewer of [null, zora, ravi]) {
      const post = (await search(viewer, 'quillfeather mural')).posts.find((p) => p._id === postId)
      const feed = await injectAs(ctx.app, viewer, { method: 'GET', url: '/api/v1/posts?limit=50' })
      expect(feed.statusCode).toBe(200)
      expect(post).toStrictEqual(feed.json().data.posts.find((p: { _id: string }) => p._id === postId))
    }
    const seen = (await search(ravi, 'quillfeather')).posts[0]
    expect(seen).toMatchObject({
      likedByMe: true,
      isMine: false,
      likeCount: 1,
      linkPreview: { title: 'Cafe "walls"' },
    })
    expect(seen.media[0].thumbnailUrl).toMatch(/^\/uploads\/.+/)
    expect((await search(zora, 'quillfeather')).posts[0]).toMatchObject({ likedByMe: false, isMine: true })
  })
})

describe('round trips', () => {
  it('a first page is three statements: the words, then the jobs’ page beside the people and posts', async () => {
    await postJob(ctx.app, operator, { title: 'Quillfeather mural for a school wall' })
    const { result, statements } = await recordStatements(() => search(null, 'quillfeather'))
    expect(result.jobs.map((j) => j.title)).toContain('Quillfeather mural for a school wall')
    expect(result.users.map((u) => u._id)).toContain(zora.user._id)
    expect(result.posts.map((p) => p._id)).toEqual([postId])
    expect(statements).toHaveLength(3)
    // The jobs' window, its segments and their JSON are one statement.
    expect(statements.filter((s) => /with m as materialized/.test(s.text))).toHaveLength(1)
    // A later page reads no people or posts, and no window: the cursor carries the window's edge.
    await postJob(ctx.app, operator, { title: 'Quillfeather lettering for a shop front' })
    const first = await injectAs(ctx.app, null, {
      method: 'GET',
      url: '/api/v1/search?q=quillfeather&limit=1',
    })
    const cursor = first.json().data.nextCursor as string
    expect(cursor).toEqual(expect.any(String))
    const next = await recordStatements(() =>
      injectAs(ctx.app, null, {
        method: 'GET',
        url: `/api/v1/search?q=quillfeather&limit=1&cursor=${encodeURIComponent(cursor)}`,
      }),
    )
    expect(next.result.statusCode).toBe(200)
    const titles = [first, next.result].map((r) => r.json().data.jobs[0].title)
    expect(new Set(titles)).toEqual(
      new Set(['Quillfeather mural for a school wall', 'Quillfeather lettering for a shop front']),
    )
    expect(next.result.json().data).toMatchObject({ users: [], posts: [] })
    expect(next.statements.some((s) => /with m as materialized|'users', coalesce\(/.test(s.text))).toBe(false)
  })
})
