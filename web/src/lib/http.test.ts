import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeXhr, sent } from './fake-xhr'
import { createClient, isCancel, isHttpError, type HttpError } from './http'

const client = () =>
  createClient({ baseURL: '/api/v1', xsrfCookieName: 'XSRF-TOKEN', xsrfHeaderName: 'X-XSRF-TOKEN' })

beforeEach(() => {
  sent.length = 0
  FakeXhr.autoAnswer = null
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const last = () => sent[sent.length - 1]
async function failure(p: Promise<unknown>): Promise<HttpError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  )
  if (!isHttpError(e)) throw new Error('expected an HttpError')
  return e
}

describe('http client', () => {
  it('prefixes the base URL, sends cookies, and answers the parsed JSON with status and headers', async () => {
    const p = client().get<{ ok: boolean }>('/user/me')
    expect(last()).toMatchObject({ method: 'GET', url: '/api/v1/user/me', withCredentials: true, body: null })
    expect(last().headers.Accept).toBe('application/json, text/plain, */*')
    expect(last().headers['Content-Type']).toBeUndefined()
    last().xhr.answer(200, '{"ok":true}', 'Content-Type: application/json\r\nX-Thing: a\r\n')
    const res = await p
    expect(res.data).toEqual({ ok: true })
    expect(res.status).toBe(200)
    expect(res.headers).toMatchObject({ 'content-type': 'application/json', 'x-thing': 'a' })
  })

  it('gives a body that is not JSON as text, and an empty body as an empty string', async () => {
    const c = client()
    const a = c.get('/a')
    last().xhr.answer(200, 'plain words')
    expect((await a).data).toBe('plain words')
    const b = c.delete('/b')
    expect(last().method).toBe('DELETE')
    last().xhr.answer(204, '')
    expect((await b).data).toBe('')
  })

  it('sends an object as JSON and FormData as it is (the browser sets its boundary)', async () => {
    FakeXhr.autoAnswer = [200, '{}']
    const c = client()
    await c.post('/job/post', { title: 'T', n: 1 })
    expect(last().method).toBe('POST')
    expect(last().body).toBe('{"title":"T","n":1}')
    expect(last().headers['Content-Type']).toBe('application/json')
    const form = new FormData()
    form.append('bio', 'hello')
    await c.put('/user/profile', form)
    expect(last().method).toBe('PUT')
    expect(last().body).toBe(form)
    expect(last().headers['Content-Type']).toBeUndefined()
    await c.post('/user/logout')
    expect(last().body).toBeNull()
    expect(last().headers['Content-Type']).toBeUndefined()
    await c.patch('/notification/read-all', undefined, { headers: { 'Idempotency-Key': 'k1' } })
    expect(last().method).toBe('PATCH')
    expect(last().headers['Idempotency-Key']).toBe('k1')
  })

  it('writes params into the query, leaving out empty ones', async () => {
    FakeXhr.autoAnswer = [200, '{}']
    await client().get('/job/get', { params: { keyword: 'react dev & co', limit: 20, cursor: undefined } })
    expect(last().url).toBe('/api/v1/job/get?keyword=react+dev+%26+co&limit=20')
    const q = new URL(last().url, 'http://x').searchParams
    expect(q.get('keyword')).toBe('react dev & co')
    await client().get('/job/get', { params: {} })
    expect(last().url).toBe('/api/v1/job/get')
  })

  it('echoes the XSRF cookie in the header when the cookie is set', async () => {
    FakeXhr.autoAnswer = [200, '{}']
    vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=abc%3D%3D; x=2' })
    await client().post('/posts/create', {})
    expect(last().headers['X-XSRF-TOKEN']).toBe('abc==')
    vi.stubGlobal('document', { cookie: 'other=1' })
    await client().post('/posts/create', {})
    expect(last().headers['X-XSRF-TOKEN']).toBeUndefined()
  })

  it("rejects outside 2xx with the server's answer on the error", async () => {
    const p = failure(client().post('/user/send-otp', {}))
    last().xhr.answer(429, '{"success":false,"message":"Please wait"}', 'Retry-After: 12\r\n')
    const e = await p
    expect(e).toBeInstanceOf(Error)
    expect(e.message).toBe('Request failed with status code 429')
    expect(e.code).toBe('ERR_BAD_REQUEST')
    expect(e.config.url).toBe('/user/send-otp')
    expect(e.response).toMatchObject({ status: 429, data: { message: 'Please wait' } })
    expect(e.response?.headers['retry-after']).toBe('12')
    expect(isCancel(e)).toBe(false)
    const q = failure(client().get('/x'))
    last().xhr.answer(502, 'Bad gateway')
    expect(await q).toMatchObject({
      code: 'ERR_BAD_RESPONSE',
      response: { status: 502, data: 'Bad gateway' },
    })
  })

  it('rejects a network failure without a response', async () => {
    const p = failure(client().get('/x'))
    last().xhr.failNetwork()
    const e = await p
    expect(e).toMatchObject({ message: 'Network Error', code: 'ERR_NETWORK' })
    expect(e.response).toBeUndefined()
  })

  it('aborts through the signal, before or during the call, as a cancellation', async () => {
    const c = client()
    const ac = new AbortController()
    const p = failure(c.get('/x', { signal: ac.signal }))
    ac.abort()
    const e = await p
    expect(isCancel(e)).toBe(true)
    expect(e.code).toBe('ERR_CANCELED')
    const count = sent.length
    expect(isCancel(await failure(c.get('/y', { signal: ac.signal })))).toBe(true)
    expect(sent.length).toBe(count)
  })

  it('rejects an abort not asked for (the browser dropped the call) as a failure, not a cancellation', async () => {
    const p = failure(client().get('/x', { signal: new AbortController().signal }))
    last().xhr.abort()
    const e = await p
    expect(isCancel(e)).toBe(false)
    expect(e).toMatchObject({ message: 'Request aborted', code: 'ECONNABORTED' })
  })

  it('reports upload progress', async () => {
    const seen: Array<[number, number | undefined]> = []
    const p = client().post('/uploads', new FormData(), {
      onUploadProgress: (e) => seen.push([e.loaded, e.total]),
    })
    last().xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true })
    last().xhr.upload.onprogress?.({ loaded: 7, total: 0, lengthComputable: false })
    last().xhr.answer(201, '{"media":[]}')
    await p
    expect(seen).toEqual([
      [5, 10],
      [7, undefined],
    ])
  })

  it('runs onRequest before sending and onError on every failure', async () => {
    const errors: number[] = []
    const c = createClient({
      baseURL: '',
      xsrfCookieName: 'X',
      xsrfHeaderName: 'X-H',
      onRequest: (config) => {
        config.headers.Authorization = 'Bearer t'
      },
      onError: (e) => errors.push(e.response?.status ?? 0),
    })
    const p = failure(c.get('/a'))
    expect(last().headers.Authorization).toBe('Bearer t')
    last().xhr.answer(401, '{}')
    await p
    expect(errors).toEqual([401])
  })
})
