/** The loaded pages of a post's comments (oldest first), as the infinite query keeps them. */
export interface CommentPages<C extends { _id: string }> {
  pages: { comments: C[]; nextCursor: string | null }[]
}

/**
 * One's own new comment goes at the end of what is loaded, at once, even while older pages wait to be loaded: it
 * is the newest, and its writer must see it went through.
 */
export function withNewComment<C extends { _id: string }, D extends CommentPages<C>>(data: D, comment: C): D {
  const pages = [...data.pages]
  const last = pages[pages.length - 1]
  if (!last) return data
  pages[pages.length - 1] = { ...last, comments: [...last.comments, comment] }
  return { ...data, pages }
}

/**
 * The comments to show, in order. A comment added early (withNewComment) comes again when the pages before it are
 * loaded: it is shown once, where the server puts it (its last occurrence).
 */
export function flattenComments<C extends { _id: string }>(data: CommentPages<C> | undefined): C[] {
  const all = data?.pages.flatMap((p) => p.comments) ?? []
  const lastIndex = new Map(all.map((c, i) => [c._id, i]))
  return all.filter((c, i) => lastIndex.get(c._id) === i)
}
