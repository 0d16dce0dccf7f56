import { and, asc, desc, eq, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client'
import {
  postComments,
  postLikes,
  postMedia,
  posts,
  uploads,
  users,
  type PostCommentRow,
  type PostRow,
  type UserRow,
} from '../../db/schema'

export type AuthorRow = Pick<UserRow, 'id' | 'userId' | 'username' | 'fullname' | 'profilePhoto'>
export interface MediaRow {
  postId: string
  uploadId: string
  type: 'image' | 'video'
  fileName: string
  width: number | null
  height: number | null
  thumbFileName: string | null
}
export interface PostView {
  post: PostRow
  author: AuthorRow
  media: MediaRow[]
  likedByMe: boolean
  /** Keyset position: created_at as PostgreSQL prints it (microseconds), never rounded through a JS Date. */
  key: string
}
export interface CommentView {
  comment: PostCommentRow
  author: AuthorRow
  key: string
}

const authorCols = {
  id: users.id,
  userId: users.userId,
  username: users.username,
  fullname: users.fullname,
  profilePhoto: users.profilePhoto,
}

/** Comments with their authors and a cursor key (the creation time as text, to the microsecond). */
const selectCommentViews = (db: Executor) =>
  db
    .select({ comment: postComments, author: authorCols, key: sql<string>`${postComments.createdAt}::text` })
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.authorId))

const thumbs = alias(uploads, 'thumbs')

/** A post's media as `decorate` reads them, built by the database (for a page of posts read in one statement). */
const mediaOf = sql<MediaRow[]>`(
  select coalesce(json_agg(json_build_object(
           'postId', pm.post_id, 'uploadId', pm.upload_id, 'type', pm.type, 'fileName', u.file_name,
           'width', u.width, 'height', u.height, 'thumbFileName', t.file_name) order by pm.position), '[]'::json)
    from post_media pm
    join uploads u on u.id = pm.upload_id
    left join uploads t on t.parent_id = u.id and t.variant = 'thumb'
   where pm.post_id = ${posts.id})`

/** A PostView's columns: the post, its author, cursor key, media and whether the viewer (if any) liked it. */
const pageFields = (viewerId: Value<string> | null) => ({
  post: posts,
  author: authorCols,
  key: sql<string>`${posts.createdAt}::text`,
  media: mediaOf,
  likedByMe: viewerId
    ? sql<boolean>`exists (select 1 from post_likes pl where pl.post_id = ${posts.id} and pl.user_id = ${viewerId})`
    : sql<boolean>`false`,
})

interface PageOptions {
  viewerId: string | null
  authorId?: string
  after?: { key: string; id: string }
  limit: number
}
type Value<T> = T | Placeholder

/**
 * A page of posts in one statement: each post with its author, its media (as JSON, in order) and whether the viewer
 * liked it. Values may be placeholders, for the feed's prepared forms.
 */
function pageQuery(
  db: Executor,
  q: {
    viewerId: Value<string> | null
    authorId?: Value<string>
    afterKey?: Value<string>
    afterId?: Value<string>
    limit: Value<number>
  },
) {
  const where: SQL[] = []
  if (q.authorId) where.push(eq(posts.authorId, q.authorId))
  if (q.afterKey !== undefined && q.afterId !== undefined)
    where.push(sql`(${posts.createdAt}, ${posts.id}) < (${q.afterKey}::timestamptz, ${q.afterId}::uuid)`)
  return db
    .select(pageFields(q.viewerId))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(q.limit)
}

/**
 * The feed's pages (everyone's posts, first or later, signed out or in), each form built once and prepared by name:
 * building the query per request cost more Node time than the database took to answer. A person's own posts go
 * through `postsRepo.page`.
 */
export function preparedFeedPage(db: Executor) {
  const p = sql.placeholder
  const form = (viewer: boolean, after: boolean) =>
    pageQuery(db, {
      viewerId: viewer ? p('viewerId') : null,
      ...(after ? { afterKey: p('afterKey'), afterId: p('afterId') } : {}),
      limit: p('limit'),
    }).prepare(`post_feed_${viewer ? 'signed_in' : 'anonymous'}_${after ? 'after' : 'first'}`)
  const forms = [form(false, false), form(false, true), form(true, false), form(true, true)]
  return (opts: Omit<PageOptions, 'authorId'>): Promise<PostView[]> =>
    forms[(opts.viewerId ? 2 : 0) + (opts.after ? 1 : 0)].execute({
      viewerId: opts.viewerId,
      afterKey: opts.after?.key,
      afterId: opts.after?.id,
      limit: opts.limit,
    })
}

/**
 * How many of the newest matching posts a search ranks (`searchExtras`): a common word matches thousands of posts,
 * and ranking every one of them took 30 ms at 100,000 posts; the newest few hundred come off the feed's index in
 * about a millisecond, and a rare word's few matches off the search index.
 */
export const RANKED_MATCHES = 200

export const postsRepo = {
  async insert(tx: Executor, values: typeof posts.$inferInsert): Promise<PostRow> {
    return (await tx.insert(posts).values(values).returning())[0]
  },

  /** Locks the named uploads (main files only) for the claiming transaction. */
  async lockUploads(tx: Executor, fileNames: string[]) {
    if (fileNames.length === 0) return []
    return tx
      .select()
      .from(uploads)
      .where(and(inArray(uploads.fileName, fileNames), isNull(uploads.parentId)))
      .for('update')
  },

  async claim(tx: Executor, uploadIds: string[]) {
    if (uploadIds.length === 0) return
    await tx.update(uploads).set({ claimedAt: new Date() }).where(inArray(uploads.id, uploadIds))
  },

  async insertMedia(tx: Executor, rows: (typeof postMedia.$inferInsert)[]) {
    if (rows.length) await tx.insert(postMedia).values(rows)
  },

  /** Newest first, after an optional keyset position, optionally one author's; `limit + 1` rows tell of a next page. */
  async page(db: Executor, opts: PageOptions): Promise<PostView[]> {
    return pageQuery(db, {
      viewerId: opts.viewerId,
      authorId: opts.authorId,
      afterKey: opts.after?.key,
      afterId: opts.after?.id,
      limit: opts.limit,
    })
  },

  async byId(db: Executor, id: string, viewerId: string | null): Promise<PostView | null> {
    const rows = await db
      .select({ post: posts, author: authorCols, key: sql<string>`${posts.createdAt}::text` })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(eq(posts.id, id))
    return (await this.decorate(db, rows, viewerId))[0] ?? null
  },

  async decorate(
    db: Executor,
    rows: { post: PostRow; author: AuthorRow; key: string }[],
    viewerId: string | null,
  ): Promise<PostView[]> {
    if (rows.length === 0) return []
    const ids = rows.map((r) => r.post.id)
    const media = await db
      .select({
        postId: postMedia.postId,
        uploadId: postMedia.uploadId,
        type: postMedia.type,
        fileName: uploads.fileName,
        width: uploads.width,
        height: uploads.height,
        thumbFileName: thumbs.fileName,
      })
      .from(postMedia)
      .innerJoin(uploads, eq(uploads.id, postMedia.uploadId))
      .leftJoin(thumbs, and(eq(thumbs.parentId, uploads.id), eq(thumbs.variant, 'thumb')))
      .where(inArray(postMedia.postId, ids))
      .orderBy(asc(postMedia.position))
    const liked = viewerId
      ? new Set(
          (
            await db
              .select({ postId: postLikes.postId })
              .from(postLikes)
              .where(and(eq(postLikes.userId, viewerId), inArray(postLikes.postId, ids)))
          ).map((r) => r.postId),
        )
      : new Set<string>()
    return rows.map((r) => ({
      ...r,
      media: media.filter((m) => m.postId === r.post.id),
      likedByMe: liked.has(r.post.id),
    }))
  },

  async lock(tx: Executor, id: string): Promise<PostRow | null> {
    return (await tx.select().from(posts).where(eq(posts.id, id)).for('update'))[0] ?? null
  },

  async get(db: Executor, id: string): Promise<PostRow | null> {
    return (await db.select().from(posts).where(eq(posts.id, id)))[0] ?? null
  },

  async mediaUploadIds(tx: Executor, postId: string): Promise<string[]> {
    return (
      await tx.select({ id: postMedia.uploadId }).from(postMedia).where(eq(postMedia.postId, postId))
    ).map((r) => r.id)
  },

  async uploadIdByFileName(tx: Executor, fileName: string): Promise<string | null> {
    return (
      (await tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.fileName, fileName)))[0]?.id ?? null
    )
  },

  async remove(tx: Executor, id: string) {
    await tx.delete(posts).where(eq(posts.id, id))
  },

  /** Adds the like if absent; returns whether it was added. The primary key makes double clicks one like. */
  async addLike(tx: Executor, postId: string, userId: string): Promise<boolean> {
    const r = await tx.insert(postLikes).values({ postId, userId }).onConflictDoNothing().returning()
    return r.length > 0
  },

  async removeLike(tx: Executor, postId: string, userId: string): Promise<boolean> {
    const r = await tx
      .delete(postLikes)
      .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
      .returning()
    return r.length > 0
  },

  async bumpCounts(
    tx: Executor,
    postId: string,
    by: { likes?: number; comments?: number },
  ): Promise<PostRow> {
    return (
      await tx
        .update(posts)
        .set({
          likeCount: sql`${posts.likeCount} + ${by.likes ?? 0}`,
          commentCount: sql`${posts.commentCount} + ${by.comments ?? 0}`,
        })
        .where(eq(posts.id, postId))
        .returning()
    )[0]
  },

  async insertComment(tx: Executor, values: typeof postComments.$inferInsert): Promise<PostCommentRow> {
    return (await tx.insert(postComments).values(values).returning())[0]
  },

  async comment(db: Executor, id: string): Promise<PostCommentRow | null> {
    return (await db.select().from(postComments).where(eq(postComments.id, id)))[0] ?? null
  },

  async removeComment(tx: Executor, id: string): Promise<boolean> {
    return (await tx.delete(postComments).where(eq(postComments.id, id)).returning()).length > 0
  },

  async comments(
    db: Executor,
    postId: string,
    opts: { after?: { key: string; id: string }; limit: number },
  ): Promise<CommentView[]> {
    const where: SQL[] = [eq(postComments.postId, postId)]
    if (opts.after)
      where.push(
        sql`(${postComments.createdAt}, ${postComments.id}) > (${opts.after.key}::timestamptz, ${opts.after.id}::uuid)`,
      )
    return selectCommentViews(db)
      .where(and(...where))
      .orderBy(asc(postComments.createdAt), asc(postComments.id))
      .limit(opts.limit)
  },

  async commentView(db: Executor, id: string): Promise<CommentView | null> {
    return (await selectCommentViews(db).where(eq(postComments.id, id)))[0] ?? null
  },
}
