import type { PostCommentRow, PostRow, UserRow } from '../../db/schema'
import { forbidden } from '../../errors'

export type PostAction = 'delete' | 'deleteComment'

/** Only a post's author deletes it; a comment is deleted by its writer or by the author of the post it is on. */
export function can(user: UserRow, action: PostAction, target: { post: PostRow; comment?: PostCommentRow }) {
  if (action === 'delete') return target.post.authorId === user.id
  return target.comment?.authorId === user.id || target.post.authorId === user.id
}

export function authorize(
  user: UserRow,
  action: PostAction,
  target: { post: PostRow; comment?: PostCommentRow },
) {
  if (can(user, action, target)) return
  throw action === 'delete'
    ? forbidden('Only the person who posted this can delete it', 'not_post_author')
    : forbidden('You can delete only your own comments', 'not_comment_author')
}
