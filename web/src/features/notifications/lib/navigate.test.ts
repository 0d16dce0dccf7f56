import { describe, expect, it } from 'vitest'
import { targetOf } from './navigate'

describe('notification navigation by type (product.md §11)', () => {
  it('application_accepted → /chat/{employerId}, else /chat', () => {
    expect(targetOf({ type: 'application_accepted', metadata: { employerId: 'e1' } })).toEqual({
      kind: 'go',
      to: '/chat/e1',
    })
    expect(targetOf({ type: 'application_accepted', metadata: {} })).toEqual({ kind: 'go', to: '/chat' })
  })
  it('application_rejected → /admin/jobs/{jobId}/applicants, else /jobs', () => {
    expect(targetOf({ type: 'application_rejected', metadata: { jobId: 'j1' } })).toEqual({
      kind: 'go',
      to: '/admin/jobs/j1/applicants',
    })
    expect(targetOf({ type: 'application_rejected', metadata: {} })).toEqual({ kind: 'go', to: '/jobs' })
  })
  it('message with senderId → the chat window (with the jobId), without → /chat', () => {
    expect(targetOf({ type: 'message', metadata: { senderId: 's1', jobId: 'j1' } })).toEqual({
      kind: 'chat-window',
      senderId: 's1',
      jobId: 'j1',
    })
    expect(targetOf({ type: 'message', metadata: {} })).toEqual({ kind: 'go', to: '/chat' })
  })
  it("a like or a comment on one of the reader's posts → My Posts", () => {
    expect(targetOf({ type: 'post_liked', metadata: { postId: 'p1', senderId: 's1' } })).toEqual({
      kind: 'go',
      to: '/posts',
    })
    expect(
      targetOf({ type: 'post_commented', metadata: { postId: 'p1', commentId: 'c1', senderId: 's1' } }),
    ).toEqual({ kind: 'go', to: '/posts' })
  })
  it('system and unknown types do nothing further', () => {
    expect(targetOf({ type: 'system', metadata: {} })).toEqual({ kind: 'none' })
    expect(targetOf({ type: 'something_new' as never, metadata: {} })).toEqual({ kind: 'none' })
  })
})
