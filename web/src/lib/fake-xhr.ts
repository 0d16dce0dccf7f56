// A stand-in for XMLHttpRequest in unit tests (Node has none): records each request and lets the test answer it.
type Handler = ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null

export interface SentRequest {
  method: string
  url: string
  headers: Record<string, string>
  body: unknown
  withCredentials: boolean
  xhr: FakeXhr
}

export const sent: SentRequest[] = []

export class FakeXhr {
  status = 0
  responseText = ''
  withCredentials = false
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  upload: { onprogress: Handler } = { onprogress: null }
  private method = ''
  private url = ''
  private requestHeaders: Record<string, string> = {}
  private responseHeaders = ''
  private finished = false

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name] = value
  }
  getAllResponseHeaders() {
    return this.responseHeaders
  }
  send(body: unknown) {
    sent.push({
      method: this.method,
      url: this.url,
      headers: this.requestHeaders,
      body,
      withCredentials: this.withCredentials,
      xhr: this,
    })
    if (FakeXhr.autoAnswer) queueMicrotask(() => FakeXhr.autoAnswer && this.answer(...FakeXhr.autoAnswer))
  }
  abort() {
    if (this.finished) return
    this.finished = true
    this.onabort?.()
  }

  /** Answers the request: status, body text, raw header lines. */
  answer(status: number, body: string, headers = '') {
    if (this.finished) return
    this.finished = true
    this.status = status
    this.responseText = body
    this.responseHeaders = headers
    this.onload?.()
  }
  failNetwork() {
    this.finished = true
    this.onerror?.()
  }

  /** When set, every request is answered with this at once. */
  static autoAnswer: [number, string, string?] | null = null
}
