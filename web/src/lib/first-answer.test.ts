import { afterEach, describe, expect, it, vi } from 'vitest'

/** A fresh app start on a page holding `text` in its data block, as the server writes it. */
async function start(text: string | null) {
  vi.resetModules()
  const element = text === null ? null : { textContent: text, remove: vi.fn() }
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'first-answer' ? element : null) })
  const module = await import('./first-answer')
  return { ...module, element }
}

afterEach(() => vi.unstubAllGlobals())

describe('first answer', () => {
  it('leaves the document at start, and goes once to the query for its path and viewer', async () => {
    const { adoptFirstAnswer, takeFirstAnswer, element } = await start(
      '{"path":"/job/a%2Fb","viewer":null,"answer":{"success":true,"job":{"title":"\\u003c/script>"}}}',
    )
    adoptFirstAnswer()
    expect(element!.remove).toHaveBeenCalled()
    expect(takeFirstAnswer('/job/other', null)).toBeUndefined()
    expect(takeFirstAnswer('/job/a%2Fb', null)).toEqual({ success: true, job: { title: '</script>' } })
    expect(takeFirstAnswer('/job/a%2Fb', null)).toBeUndefined()
  })

  it('keeps one viewer’s answer from another', async () => {
    const text = '{"path":"/chat/conversations","viewer":"u1","answer":{"data":[]}}'
    const other = await start(text)
    expect(other.takeFirstAnswer('/chat/conversations', 'u2')).toBeUndefined()
    expect(other.takeFirstAnswer('/chat/conversations', 'u1')).toBeUndefined()
    expect((await start(text)).takeFirstAnswer('/chat/conversations', null)).toBeUndefined()
    expect((await start(text)).takeFirstAnswer('/chat/conversations', 'u1')).toEqual({ data: [] })
  })

  it('ignores a page without one, or with one it cannot read', async () => {
    expect((await start(null)).takeFirstAnswer('/job/1', null)).toBeUndefined()
    const broken = await start('{"path":')
    expect(broken.takeFirstAnswer('/job/1', null)).toBeUndefined()
    expect(broken.element!.remove).toHaveBeenCalled()
  })
})
