import { describe, expect, it } from 'vitest'
import { CanceledError, HttpError, type RequestConfig } from './http'
import { errorText, httpStatus, isCancelled, retryAfterSeconds, serverMessage } from './errors'

const config: RequestConfig = { url: '/x', method: 'get' }
const failed = (status: number, data: unknown) =>
  new HttpError('x', 'ERR', config, { data, status, headers: {} })

describe('error texts (product.md §15: server message when present, else the fallback)', () => {
  it("uses the server's message", () => {
    const e = failed(409, {
      success: false,
      message: 'An account with this email already exists',
      code: 'conflict',
    })
    expect(serverMessage(e)).toBe('An account with this email already exists')
    expect(errorText(e, 'Failed to send OTP')).toBe('An account with this email already exists')
    expect(httpStatus(e)).toBe(409)
  })

  it('falls back when there is no usable message', () => {
    expect(errorText(failed(500, 'oops'), 'Failed to send OTP')).toBe('Failed to send OTP')
    expect(errorText(failed(502, { message: '  ' }), 'Logout failed')).toBe('Logout failed')
    expect(errorText(new Error('network'), 'OTP verification failed')).toBe('OTP verification failed')
  })

  it('recognises a cancelled request (product.md §15: ignored)', () => {
    expect(isCancelled(new CanceledError(config))).toBe(true)
    expect(isCancelled(failed(400, {}))).toBe(false)
  })
})

describe('retryAfterSeconds', () => {
  it('reads Retry-After from a 429 only', () => {
    const limited = failed(429, { message: 'Please wait 12 seconds' })
    limited.response!.headers = { 'retry-after': '11.2' }
    expect(retryAfterSeconds(limited)).toBe(12)
    expect(retryAfterSeconds(failed(400, {}))).toBeUndefined()
  })
})
