import { describe, expect, it } from 'vitest'
import { flattenComments, withNewComment } from './comment-pages'

const c = (id: string) => ({ _id: id, content: `comment ${id}` })
const page = (ids: string[], nextCursor: string | null) => ({ comments: ids.map(c), nextCursor })
const ids = (d: Parameters<typeof flattenComments>[0]) => flattenComments(d).map((x) => x._id)

describe('a new comment in the loaded pages', () => {
  it('is appended when every page is loaded', () => {
    const d = { pages: [page(['1', '2'], null)], pageParams: [null] }
    const next = withNewComment(d, c('3'))
    expect(ids(next)).toEqual(['1', '2', '3'])
    expect(next.pageParams).toEqual([null])
    expect(d.pages[0].comments).toHaveLength(2) // the old data is not changed
  })
  it('shows at once while older pages are still to load, and once only after they load', () => {
    const d = { pages: [page(['1', '2'], 'c2')] }
    const added = withNewComment(d, c('9'))
    expect(ids(added)).toEqual(['1', '2', '9'])
    // 'Load more comments' brings the rest, ending with the new one: it stands once, at the end.
    const loaded = { pages: [...added.pages, page(['3', '4', '9'], null)] }
    expect(ids(loaded)).toEqual(['1', '2', '3', '4', '9'])
  })
  it('leaves no data alone when nothing is loaded', () => {
    expect(withNewComment({ pages: [] }, c('1'))).toEqual({ pages: [] })
    expect(flattenComments(undefined)).toEqual([])
  })
})
