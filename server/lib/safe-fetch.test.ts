import dns from 'node:dns'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FetchRefused, isPublicAddress, safeFetch } from './safe-fetch'

// An IPv6 address can carry an IPv4 one in several ways; each is judged as the IPv4 it means (ADR 016, ADR 043).
describe('isPublicAddress: IPv6 forms of an IPv4 address', () => {
  it('refuses loopback, link-local and private IPv4 however IPv6 spells them', () => {
    for (const ip of [
      // IPv4-compatible (::/96)
      '::7f00:1',
      '::127.0.0.1',
      '::a9fe:a9fe',
      '::169.254.169.254',
      '::a00:1',
      '0:0:0:0:0:0:7f00:1',
      // IPv4-mapped (::ffff:0:0/96), in every spelling
      '::ffff:7f00:1',
      '::ffff:127.0.0.1',
      '::FFFF:7F00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '0:0:0:0:0:ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '::ffff:c0a8:101',
      // IPv4-translated (::ffff:0:0:0/96)
      '::ffff:0:7f00:1',
      '::ffff:0:10.0.0.1',
      // NAT64 (64:ff9b::/96)
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      // 6to4 (2002::/16): the IPv4 is in the next 32 bits
      '2002:7f00:0001::',
      '2002:7f00:1::1',
      '2002:a9fe:a9fe::',
      '2002:c0a8:0101:1::1',
      // and the plain ones, with a zone
      '::',
      '::1',
      'fe80::1%eth0',
    ])
      expect(isPublicAddress(ip), ip).toBe(false)
  })

  it('refuses the deprecated, NAT64 and 6to4 ranges whatever they carry', () => {
    for (const ip of ['::808:808', '::8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])
      expect(isPublicAddress(ip), ip).toBe(false)
  })

  it('still takes public addresses, IPv4-mapped ones included', () => {
    for (const ip of [
      '8.8.8.8',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '0:0:0:0:0:ffff:0808:0808',
      '2606:4700:4700::1111',
      '2001:4860:4860::8888',
    ])
      expect(isPublicAddress(ip), ip).toBe(true)
  })
})

describe('safeFetch with an IPv4-compatible address', () => {
  afterEach(() => vi.restoreAllMocks())
  const opts = { timeoutMs: 2000, maxBytes: 1e6, maxRedirects: 3, accept: ['text/html'] }

  it('refuses it as a URL literal before connecting', async () => {
    for (const url of ['http://[::7f00:1]/', 'http://[::127.0.0.1]:8080/', 'http://[::a9fe:a9fe]/latest'])
      await expect(safeFetch(url, opts), url).rejects.toMatchObject({ reason: 'private_address' })
  })

  it('refuses a name whose DNS answer is one', async () => {
    vi.spyOn(dns, 'lookup').mockImplementation(((_host: string, _o: unknown, cb: any) =>
      cb(null, [{ address: '::a9fe:a9fe', family: 6 }])) as any)
    const err = await safeFetch('http://metadata.example.com/latest', opts).catch((e) => e)
    expect(err).toBeInstanceOf(FetchRefused)
    expect(err.reason).toBe('private_address')
  })
})
