import type { z } from 'zod'
import type { CreatePostBody } from '@common/schemas/post'
import type { Db } from '../../db/client'
import type { PostRow, UserRow } from '../../db/schema'
import { badRequest, conflict, forbidden, notFound } from '../../errors'
import { notificationsService } from '../notifications/notifications.service'
import { removeUploads, storePreviewImage } from '../uploads/media.service'
import { fetchLinkPreview, type PreviewOptions } from './link-preview'
import { authorize } from './posts.policy'
import { decodeCursor, encodeCursor } from './posts.presenter'
import { postsRepo, preparedFeedPage, type CommentView, type PostView } from './posts.repo'

type CreateInput = z.output<typeof CreatePostBody>

const postNotFound = () => notFound('Post not found', 'post_not_found')
const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)
const snippet = (s: string) => (s.length > 60 ? `${s.slice(0, 57).trimEnd()}…` : s)

/** `/uploads/<file>` (optionally on this site's own origin) → the file name; anything else is not ours. */
function uploadFileName(url: string, publicUrl?: string): string | null {
  let p = url
  if (publicUrl && p.startsWith(publicUrl)) p = p.slice(publicUrl.replace(/\/$/, '').length)
  const m = /^\/uploads\/([0-9a-f-]{36}\.[a-z0-9]{2,5})$/.exec(p)
  return m ? m[1] : null
}

/** Posts, likes and comments of the feed. */
export function postsService(deps: {
  db: Db
  uploadsDir: string
  publicUrl?: string
  preview?: PreviewOptions
  users: { find(key: string): Promise<UserRow | null> }
}) {
  const { db, uploadsDir } = deps

  const cursorOf = (s: string | undefined) => {
    const c = decodeCursor(s)
    if (s && !c) throw badRequest('That page cursor is not valid', 'bad_cursor')
    return c
  }
  const feedPage = preparedFeedPage(db)
  const pageOf = async (viewer: UserRow | null, limit: number, cursor?: string, authorId?: string) => {
    const opts = { viewerId: viewer?.id ?? null, after: cursorOf(cursor), limit: limit + 1 }
    const rows = authorId ? await postsRepo.page(db, { ...opts, authorId }) : await feedPage(opts)
    const more = rows.length > limit
    const page = rows.slice(0, limit)
    const last = page[page.length - 1]
    return { posts: page, nextCursor: more && last ? encodeCursor(last.key, last.post.id) : null }
  }
  const load = async (id: string, viewer: UserRow | null): Promise<PostRow> => {
    if (!isUuid(id)) throw postNotFound()
    const post = await postsRepo.get(db, id)
    if (!post) throw postNotFound()
    void viewer
    return post
  }

  return {
    /**
     * product.md §10 "Create post": media must be uploads this server issued to this user, unclaimed; link previewed.
     */
    async create(user: UserRow, body: CreateInput): Promise<PostView> {
      const names: string[] = []
      for (const [i, m] of body.media.entries()) {
        const name = uploadFileName(m.url, deps.publicUrl)
        if (!name)
          throw badRequest('Upload photos and videos here before posting them', 'media_not_uploaded', {
            [`media.${i}.url`]: 'Not a file uploaded here',
          })
        if (names.includes(name)) throw badRequest('The same file is attached twice', 'media_duplicate')
        names.push(name)
      }
      const preview = body.link ? await fetchLinkPreview(body.link, deps.preview) : null
      const image = preview?.imageBytes
        ? await storePreviewImage(db, uploadsDir, user.id, preview.imageBytes).catch(() => null)
        : null
      try {
        const post = await db.transaction(async (tx) => {
          const locked = await postsRepo.lockUploads(tx, names)
          const media = names.map((name, position) => {
            const row = locked.find((u) => u.fileName === name)
            const type = body.media[position].type
            if (!row || !['post_image', 'post_video'].includes(row.kind))
              throw badRequest('A photo or video is no longer available; upload it again', 'media_unknown')
            if (row.ownerId !== user.id)
              throw forbidden('You can post only photos and videos you uploaded', 'media_not_yours')
            if (row.claimedAt)
              throw conflict('A photo or video is already part of another post', 'media_claimed')
            if ((row.kind === 'post_image') !== (type === 'image'))
              throw badRequest("A media item's type does not match the uploaded file", 'media_type_mismatch')
            return { uploadId: row.id, position, type }
          })
          const created = await postsRepo.insert(tx, {
            authorId: user.id,
            content: body.content.trim(),
            link: body.link ?? null,
            linkPreview: preview
              ? {
                  url: preview.url,
                  title: preview.title,
                  description: preview.description,
                  image: image?.url ?? null,
                  siteName: preview.siteName,
                }
              : null,
            visibility: 'public',
          })
          await postsRepo.insertMedia(
            tx,
            media.map((m) => ({ ...m, postId: created.id })),
          )
          await postsRepo.claim(tx, [...media.map((m) => m.uploadId), ...(image ? [image.id] : [])])
          return created
        })
        return (await postsRepo.byId(db, post.id, user.id))!
      } catch (e) {
        if (image) await removeUploads(db, uploadsDir, [image.id])
        throw e
      }
    },

    feed: (viewer: UserRow | null, limit: number, cursor?: string) => pageOf(viewer, limit, cursor),
    async ofUser(viewer: UserRow | null, key: string, limit: number, cursor?: string) {
      const author = await deps.users.find(key)
      if (!author) throw notFound('User not found', 'user_not_found')
      return pageOf(viewer, limit, cursor, author.id)
    },
    mine: (user: UserRow, limit: number, cursor?: string) => pageOf(user, limit, cursor, user.id),

    /** Deletes a post; its media files (and variants, and the preview image) go once the delete commits. */
    async remove(user: UserRow, id: string): Promise<void> {
      if (!isUuid(id)) throw postNotFound()
      await db.transaction(async (tx) => {
        const post = await postsRepo.lock(tx, id)
        if (!post) throw postNotFound()
        authorize(user, 'delete', { post })
        const ids = await postsRepo.mediaUploadIds(tx, id)
        const previewName = post.linkPreview?.image ? uploadFileName(post.linkPreview.image) : null
        const previewId = previewName ? await postsRepo.uploadIdByFileName(tx, previewName) : null
        await postsRepo.remove(tx, id)
        await removeUploads(tx, uploadsDir, [...ids, ...(previewId ? [previewId] : [])])
      })
    },

    /** Likes or unlikes; the author hears of a new like (not of their own). */
    async toggleLike(user: UserRow, id: string): Promise<{ liked: boolean; likeCount: number }> {
      await load(id, user)
      return db.transaction(async (tx) => {
        const post = await postsRepo.lock(tx, id)
        if (!post) throw postNotFound()
        const added = await postsRepo.addLike(tx, id, user.id)
        if (!added) await postsRepo.removeLike(tx, id, user.id)
        const after = await postsRepo.bumpCounts(tx, id, { likes: added ? 1 : -1 })
        // One 'liked your post' per person and post: unliking and liking again does not ring the bell again.
        const told =
          added &&
          post.authorId !== user.id &&
          (await notificationsService.exists(tx, {
            userId: post.authorId,
            type: 'post_liked',
            metadata: { postId: id, senderId: user.id },
          }))
        if (added && post.authorId !== user.id && !told)
          await notificationsService.record(tx, {
            userId: post.authorId,
            type: 'post_liked',
            ...(post.content
              ? {
                  key: 'notifications.post.likedSnippet',
                  params: { name: user.fullname, snippet: snippet(post.content) },
                }
              : { key: 'notifications.post.liked', params: { name: user.fullname } }),
            metadata: { postId: id, senderId: user.id },
          })
        return { liked: added, likeCount: after.likeCount }
      })
    },

    async comments(viewer: UserRow | null, id: string, limit: number, cursor?: string) {
      const post = await load(id, viewer)
      const rows = await postsRepo.comments(db, id, { after: cursorOf(cursor), limit: limit + 1 })
      const page = rows.slice(0, limit)
      const last = page[page.length - 1]
      return {
        post,
        comments: page,
        nextCursor: rows.length > limit && last ? encodeCursor(last.key, last.comment.id) : null,
      }
    },

    async addComment(
      user: UserRow,
      id: string,
      content: string,
    ): Promise<{ comment: CommentView; commentCount: number; post: PostRow }> {
      await load(id, user)
      return db.transaction(async (tx) => {
        const post = await postsRepo.lock(tx, id)
        if (!post) throw postNotFound()
        const c = await postsRepo.insertComment(tx, { postId: id, authorId: user.id, content })
        const after = await postsRepo.bumpCounts(tx, id, { comments: 1 })
        if (post.authorId !== user.id)
          await notificationsService.record(tx, {
            userId: post.authorId,
            type: 'post_commented',
            key: 'notifications.post.commented',
            params: { name: user.fullname, snippet: snippet(content) },
            metadata: { postId: id, commentId: c.id, senderId: user.id },
          })
        const view = (await postsRepo.commentView(tx, c.id))!
        return { comment: view, commentCount: after.commentCount, post: after }
      })
    },

    async removeComment(user: UserRow, commentId: string): Promise<{ postId: string; commentCount: number }> {
      if (!isUuid(commentId)) throw notFound('Comment not found', 'comment_not_found')
      return db.transaction(async (tx) => {
        const comment = await postsRepo.comment(tx, commentId)
        if (!comment) throw notFound('Comment not found', 'comment_not_found')
        const post = (await postsRepo.lock(tx, comment.postId))!
        authorize(user, 'deleteComment', { post, comment })
        const removed = await postsRepo.removeComment(tx, commentId)
        const after = removed ? await postsRepo.bumpCounts(tx, post.id, { comments: -1 }) : post
        return { postId: post.id, commentCount: after.commentCount }
      })
    },
  }
}
export type PostsService = ReturnType<typeof postsService>
