/**
 * A small HTTP client over XMLHttpRequest with the part of axios's surface the app uses (ADR 026): a base URL,
 * cookies on every call, the XSRF cookie echoed in a header, JSON bodies and answers, FormData with upload progress,
 * query params, abort signals, and errors that carry the server's answer (`error.response.status/data/headers`).
 * XHR rather than fetch: it is what axios used in the browser (same requests on the wire) and it reports upload
 * progress.
 */

export interface HttpResponse<T = unknown> {
  data: T
  status: number
  /** Header names in lower case. */
  headers: Record<string, string>
}

export interface UploadProgress {
  loaded: number
  /** Undefined when the browser cannot tell the body's length. */
  total?: number
}

export interface RequestConfig {
  url: string
  method: string
  data?: unknown
  params?: Record<string, string | number | boolean | null | undefined>
  headers?: Record<string, string>
  signal?: AbortSignal
  onUploadProgress?: (progress: UploadProgress) => void
}

export type CallConfig = Omit<RequestConfig, 'url' | 'method' | 'data'>

/** A call that failed: the server answered outside 2xx (`response` set) or the network failed (no `response`). */
export class HttpError extends Error {
  readonly code: string
  readonly config: RequestConfig
  readonly response?: HttpResponse

  constructor(message: string, code: string, config: RequestConfig, response?: HttpResponse) {
    super(message)
    this.name = 'HttpError'
    this.code = code
    this.config = config
    this.response = response
  }
}

/** The call was aborted through its signal. */
export class CanceledError extends HttpError {
  constructor(config: RequestConfig) {
    super('canceled', 'ERR_CANCELED', config)
    this.name = 'CanceledError'
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError
}

export function isCancel(error: unknown): error is CanceledError {
  return error instanceof CanceledError
}

export interface ClientOptions {
  baseURL: string
  xsrfCookieName: string
  xsrfHeaderName: string
  /** Runs before each call; may add headers. */
  onRequest?: (config: RequestConfig & { headers: Record<string, string> }) => void
  /** Sees every failure before the caller does. */
  onError?: (error: HttpError) => void
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  const prefix = `${name}=`
  for (const part of document.cookie.split(';')) {
    const c = part.trim()
    if (c.startsWith(prefix)) {
      try {
        return decodeURIComponent(c.slice(prefix.length))
      } catch {
        return c.slice(prefix.length)
      }
    }
  }
  return undefined
}

function withParams(url: string, params: RequestConfig['params']): string {
  if (!params) return url
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.append(k, String(v))
  const s = q.toString()
  return s ? `${url}${url.includes('?') ? '&' : '?'}${s}` : url
}

function parseHeaders(raw: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of raw.split(/\r?\n/)) {
    const i = line.indexOf(':')
    if (i <= 0) continue
    const key = line.slice(0, i).trim().toLowerCase()
    const value = line.slice(i + 1).trim()
    out[key] = key in out ? `${out[key]}, ${value}` : value
  }
  return out
}

/** An answer's body: JSON when it parses, otherwise the text as sent ('' when empty), as axios gave it. */
function parseBody(text: string): unknown {
  if (!text) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export function createClient(options: ClientOptions) {
  function request<T>(config: RequestConfig): Promise<HttpResponse<T>> {
    return new Promise<HttpResponse<T>>((resolve, reject) => {
      const headers: Record<string, string> = {
        Accept: 'application/json, text/plain, */*',
        ...config.headers,
      }
      let body: XMLHttpRequestBodyInit | null = null
      if (typeof FormData !== 'undefined' && config.data instanceof FormData) body = config.data
      else if (config.data !== undefined) {
        body = JSON.stringify(config.data)
        headers['Content-Type'] ??= 'application/json'
      }
      const xsrf = readCookie(options.xsrfCookieName)
      if (xsrf) headers[options.xsrfHeaderName] = xsrf
      const full = { ...config, headers }
      options.onRequest?.(full)

      const fail = (error: HttpError) => {
        options.onError?.(error)
        reject(error)
      }
      const { signal } = config
      if (signal?.aborted) return fail(new CanceledError(config))

      const xhr = new XMLHttpRequest()
      xhr.open(config.method.toUpperCase(), withParams(options.baseURL + config.url, config.params), true)
      xhr.withCredentials = true
      for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v)

      const onAbort = () => xhr.abort()
      const done = () => signal?.removeEventListener('abort', onAbort)
      signal?.addEventListener('abort', onAbort)

      xhr.onload = () => {
        done()
        const response: HttpResponse<T> = {
          data: parseBody(xhr.responseText) as T,
          status: xhr.status,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }
        if (xhr.status >= 200 && xhr.status < 300) return resolve(response)
        fail(
          new HttpError(
            `Request failed with status code ${xhr.status}`,
            xhr.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
            config,
            response,
          ),
        )
      }
      xhr.onerror = () => {
        done()
        fail(new HttpError('Network Error', 'ERR_NETWORK', config))
      }
      // Aborted through the signal: a cancellation. Aborted by the browser (e.g. leaving the page): a failure, as axios
      // reported it.
      xhr.onabort = () => {
        done()
        fail(
          signal?.aborted
            ? new CanceledError(config)
            : new HttpError('Request aborted', 'ECONNABORTED', config),
        )
      }
      const progress = config.onUploadProgress
      if (progress && xhr.upload)
        xhr.upload.onprogress = (e) =>
          progress({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined })
      xhr.send(body)
    })
  }

  return {
    request,
    get: <T = unknown>(url: string, config?: CallConfig) => request<T>({ ...config, url, method: 'get' }),
    delete: <T = unknown>(url: string, config?: CallConfig) =>
      request<T>({ ...config, url, method: 'delete' }),
    post: <T = unknown>(url: string, data?: unknown, config?: CallConfig) =>
      request<T>({ ...config, url, method: 'post', data }),
    put: <T = unknown>(url: string, data?: unknown, config?: CallConfig) =>
      request<T>({ ...config, url, method: 'put', data }),
    patch: <T = unknown>(url: string, data?: unknown, config?: CallConfig) =>
      request<T>({ ...config, url, method: 'patch', data }),
  }
}
