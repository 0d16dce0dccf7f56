import type { CommentDtoT, PostDtoT } from '@common/schemas/post'
import type { AuthorRow, CommentView, PostView } from './posts.repo'

const presentAuthor = (a: AuthorRow) => ({
  _id: a.id,
  userId: a.userId,
  username: a.username,
  fullname: a.fullname,
  profilePhoto: a.profilePhoto,
})

export function presentPost(v: PostView, viewerId: string | null): PostDtoT {
  const p = v.post
  return {
    _id: p.id,
    author: presentAuthor(v.author),
    content: p.content,
    media: v.media.map((m) => ({
      url: `/uploads/${m.fileName}`,
      type: m.type,
      thumbnailUrl: m.thumbFileName ? `/uploads/${m.thumbFileName}` : null,
      width: m.width,
      height: m.height,
    })),
    link: p.link,
    linkPreview: p.linkPreview ?? null,
    visibility: 'public',
    likeCount: p.likeCount,
    commentCount: p.commentCount,
    likedByMe: v.likedByMe,
    isMine: viewerId === p.authorId,
    createdAt: p.createdAt.toISOString(),
  }
}

export function presentComment(v: CommentView, viewerId: string | null, postAuthorId?: string): CommentDtoT {
  return {
    _id: v.comment.id,
    postId: v.comment.postId,
    author: presentAuthor(v.author),
    content: v.comment.content,
    createdAt: v.comment.createdAt.toISOString(),
    isMine: viewerId === v.comment.authorId || (!!viewerId && viewerId === postAuthorId),
  }
}

/** An opaque keyset cursor: the row's timestamp (as PostgreSQL printed it) and id. */
export const encodeCursor = (key: string, id: string) => Buffer.from(`${key}|${id}`).toString('base64url')
export function decodeCursor(cursor: string | undefined): { key: string; id: string } | undefined {
  if (!cursor) return undefined
  const [key, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  if (!key || !id || !/^[0-9a-f-]{36}$/.test(id) || !/^[\d\-: .+]{10,40}$/.test(key)) return undefined
  return { key, id }
}
