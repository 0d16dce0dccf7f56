import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchLinkPreview, parsePreview } from './link-preview'
import { FetchRefused, isPublicAddress, safeFetch } from '../../lib/safe-fetch'
import { media } from '../uploads/test-media'

let server: http.Server
let base: string
let png: Buffer
beforeAll(async () => {
  png = await media.png(200, 100)
  server = http.createServer((req, res) => {
    if (req.url === '/page')
      return res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<html><head><title>Plain title</title><meta property="og:title" content="Asha &amp; Co — Portfolio">` +
            `<meta name="description" content="Logos, brand kits and more"><meta property="og:image" content="/og.png">` +
            `<meta property="og:site_name" content='Asha Studio'></head><body>${'x'.repeat(10)}</body></html>`,
        )
    if (req.url === '/og.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png)
    if (req.url === '/to-metadata')
      return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end()
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.write('<title>Huge</title>')
      const chunk = Buffer.alloc(64 * 1024, 32)
      let sent = 0
      const pump = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += chunk.length
          if (!res.write(chunk)) return res.once('drain', pump)
        }
        res.end()
      }
      return pump()
    }
    if (req.url === '/slow') return setTimeout(() => res.end('<title>late</title>'), 2000)
    res.writeHead(404).end()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((r) => server.close(r)))

/** Widened policy for these tests only: the local page server is loopback. */
const loopbackOnly = (ip: string) => ip === '127.0.0.1'

describe('link previews (SSRF rules, ADR 016)', () => {
  it('refuses loopback, private and link-local addresses under the real policy', async () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.1.1',
      '172.16.0.9',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '100.64.0.1',
    ])
      expect(isPublicAddress(ip), ip).toBe(false)
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])
      expect(isPublicAddress(ip), ip).toBe(true)
  })

  it('never fetches a loopback URL, by address or by a name that resolves there', async () => {
    const port = new URL(base).port
    let hits = 0
    server.on('request', () => hits++)
    for (const url of [
      `${base}/page`,
      `http://localhost:${port}/page`,
      `http://[::ffff:127.0.0.1]:${port}/page`,
    ]) {
      await expect(
        safeFetch(url, { timeoutMs: 2000, maxBytes: 1e6, maxRedirects: 3, accept: ['text/html'] }),
      ).rejects.toBeInstanceOf(FetchRefused)
      expect(await fetchLinkPreview(url)).toBeNull()
    }
    expect(hits).toBe(0)
  })

  it('refuses other schemes', async () => {
    for (const url of ['file:///etc/passwd', 'gopher://example.com/', 'http://user:pw@example.com/'])
      await expect(
        safeFetch(url, { timeoutMs: 2000, maxBytes: 1e6, maxRedirects: 3, accept: ['text/html'] }),
      ).rejects.toBeInstanceOf(FetchRefused)
  })

  it('reads title, description, site name and image from a page it may reach', async () => {
    const p = await fetchLinkPreview(`${base}/page`, { isAllowed: loopbackOnly })
    expect(p).toMatchObject({
      url: `${base}/page`,
      title: 'Asha & Co — Portfolio',
      description: 'Logos, brand kits and more',
      siteName: 'Asha Studio',
    })
    expect(p!.imageBytes!.equals(png)).toBe(true)
  })

  it('checks every redirect hop again', async () => {
    await expect(
      safeFetch(`${base}/to-metadata`, {
        timeoutMs: 2000,
        maxBytes: 1e6,
        maxRedirects: 3,
        accept: ['text/html'],
        isAllowed: loopbackOnly,
      }),
    ).rejects.toMatchObject({ reason: 'private_address' })
  })

  it('stops reading at the byte cap and gives up at the deadline', async () => {
    const huge = await safeFetch(`${base}/huge`, {
      timeoutMs: 5000,
      maxBytes: 100_000,
      maxRedirects: 0,
      accept: ['text/html'],
      isAllowed: loopbackOnly,
      truncate: true,
    })
    expect(huge.body.length).toBe(100_000)
    await expect(
      safeFetch(`${base}/huge`, {
        timeoutMs: 5000,
        maxBytes: 100_000,
        maxRedirects: 0,
        accept: ['text/html'],
        isAllowed: loopbackOnly,
      }),
    ).rejects.toMatchObject({ reason: 'too_large' })
    expect(await fetchLinkPreview(`${base}/slow`, { isAllowed: loopbackOnly, timeoutMs: 300 })).toBeNull()
  })

  it('parses meta tags in any attribute order and quoting', () => {
    expect(
      parsePreview(
        `<meta content="D" name="description"><meta content='T' property='og:title'><title>X</title>`,
      ),
    ).toEqual({ title: 'T', description: 'D', image: null, siteName: null })
  })
})
