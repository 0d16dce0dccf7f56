import { afterEach, describe, expect, it, vi } from 'vitest'
import { takeFirstAnswer } from './first-answer'

/** The page's `<script type="application/json" id="first-answer">`, as the server writes it. */
function page(text: string | null) {
  const element = { textContent: text, remove: vi.fn() }
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'first-answer' ? element : null) })
  return element
}

afterEach(() => vi.unstubAllGlobals())

describe('takeFirstAnswer', () => {
  it('gives the answer to the query for its path, once', () => {
    const element = page('{"path":"/job/a%2Fb","answer":{"success":true,"job":{"title":"\\u003c/script>"}}}')
    expect(takeFirstAnswer('/job/other')).toBeUndefined()
    expect(element.remove).not.toHaveBeenCalled()
    expect(takeFirstAnswer('/job/a%2Fb')).toEqual({ success: true, job: { title: '</script>' } })
    expect(element.remove).toHaveBeenCalled()
  })

  it('ignores a page without one, or with one it cannot read', () => {
    vi.stubGlobal('document', { getElementById: () => null })
    expect(takeFirstAnswer('/job/1')).toBeUndefined()
    const broken = page('{"path":')
    expect(takeFirstAnswer('/job/1')).toBeUndefined()
    expect(broken.remove).toHaveBeenCalled()
  })
})
