import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'

/** Address ranges a server-side fetch must never reach (ADR 016): private, loopback, link-local, reserved. */
const blocked = new net.BlockList()
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(a, p, 'ipv4')
for (const [a, p] of [
  // IPv4-compatible (deprecated since RFC 4291; no site is published there), with `::` and `::1` in it.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(a, p, 'ipv6')

/** The eight 16-bit groups of a valid IPv6 address in any spelling: `::` runs, an IPv4 tail, a zone. */
function ipv6Groups(ip: string): number[] {
  let s = ip.split('%')[0]
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s)
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number)
    s = `${s.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const groups = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : [])
  const [left, right] = s.split('::')
  const head = groups(left)
  const tail = right === undefined ? [] : groups(right)
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail]
}

const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`

/**
 * The IPv4 address an IPv6 address stands for, by its prefix: IPv4-mapped `::ffff:0:0/96` (a dual-stack socket connects
 * to the IPv4), IPv4-translated `::ffff:0:0:0/96`, IPv4-compatible `::/96`, NAT64 `64:ff9b::/96` and 6to4 `2002::/16`
 * (the IPv4 in bits 16-47). Null for any other address.
 */
function embeddedIPv4(ip: string): string | null {
  const g = ipv6Groups(ip)
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0)
  if (zeros(0, 5) && g[5] === 0xffff) return dotted(g[6], g[7])
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return dotted(g[6], g[7])
  if (zeros(0, 6)) return dotted(g[6], g[7])
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return dotted(g[6], g[7])
  if (g[0] === 0x2002) return dotted(g[1], g[2])
  return null
}

/**
 * True when `ip` is a public unicast address. An IPv6 address that carries an IPv4 one (mapped, translated,
 * compatible, NAT64, 6to4 — however it is spelled: `::ffff:127.0.0.1`, `::ffff:7f00:1`, `::7f00:1`) is refused when
 * that IPv4 would be; the compatible, NAT64 and 6to4 ranges are refused whatever they carry.
 */
export function isPublicAddress(ip: string): boolean {
  const family = net.isIP(ip)
  if (family === 4) return !blocked.check(ip, 'ipv4')
  if (family === 6) {
    const v4 = embeddedIPv4(ip)
    if (v4 !== null && !isPublicAddress(v4)) return false
    return !blocked.check(ip.split('%')[0], 'ipv6')
  }
  return false
}

export class FetchRefused extends Error {
  constructor(
    message: string,
    public readonly reason: string,
  ) {
    super(message)
  }
}

export interface SafeFetchOptions {
  timeoutMs: number
  maxBytes: number
  maxRedirects: number
  /** Which answers to read (by content-type prefix); anything else is refused without reading its body. */
  accept: string[]
  /** Policy for a resolved address; tests may widen it, production uses `isPublicAddress`. */
  isAllowed?: (ip: string) => boolean
  userAgent?: string
  /** Keep the first `maxBytes` of a longer body (an HTML head) instead of refusing it (an image). */
  truncate?: boolean
}

export interface SafeFetchResult {
  url: string
  contentType: string
  body: Buffer
}

/**
 * GET with every SSRF guard on (ADR 016): http(s) only, ports 80/443 and the URL's own, the host resolved here and
 * each address checked — the connection uses exactly the checked address, so a DNS answer cannot change in between
 * — redirects followed by hand and each hop checked again, an overall deadline and a byte cap on the body.
 */
export async function safeFetch(rawUrl: string, opts: SafeFetchOptions): Promise<SafeFetchResult> {
  const isAllowed = opts.isAllowed ?? isPublicAddress
  const deadline = AbortSignal.timeout(opts.timeoutMs)
  let url = rawUrl
  for (let hop = 0; hop <= opts.maxRedirects; hop++) {
    const res = await requestOnce(url, opts, isAllowed, deadline)
    if (res.redirect) {
      url = new URL(res.redirect, url).toString()
      continue
    }
    return { url, contentType: res.contentType, body: res.body! }
  }
  throw new FetchRefused('Too many redirects', 'too_many_redirects')
}

function checkUrl(raw: string, isAllowed: (ip: string) => boolean): URL {
  let u: URL
  try {
    u = new URL(raw)
  } catch {
    throw new FetchRefused('Not a URL', 'bad_url')
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new FetchRefused('Only http(s)', 'bad_scheme')
  if (u.username || u.password) throw new FetchRefused('No credentials in links', 'credentials')
  const port = u.port ? Number(u.port) : u.protocol === 'https:' ? 443 : 80
  if (![80, 443, 8080, 8443].includes(port) && isAllowed === isPublicAddress)
    throw new FetchRefused('Port not allowed', 'bad_port')
  const host = u.hostname.replace(/^\[|\]$/g, '')
  if (net.isIP(host) && !isAllowed(host)) throw new FetchRefused('Address not allowed', 'private_address')
  return u
}

function requestOnce(
  raw: string,
  opts: SafeFetchOptions,
  isAllowed: (ip: string) => boolean,
  signal: AbortSignal,
): Promise<{ redirect?: string; contentType: string; body?: Buffer }> {
  const u = checkUrl(raw, isAllowed)
  const lookup: net.LookupFunction = (hostname, options, cb) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (err, addrs) => {
      if (err) return cb(err, '', 0)
      if (addrs.length === 0 || addrs.some((a) => !isAllowed(a.address)))
        return cb(new FetchRefused('Address not allowed', 'private_address'), '', 0)
      if ((options as dns.LookupOptions).all) return (cb as any)(null, addrs)
      cb(null, addrs[0].address, addrs[0].family)
    })
  }
  const mod = u.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new FetchRefused('Timed out', 'timeout'))
    const req = mod.request(
      u,
      {
        method: 'GET',
        lookup,
        signal,
        agent: false,
        headers: {
          'user-agent': opts.userAgent ?? 'MicrolanceLinkPreview/1.0 (+link preview)',
          accept: opts.accept.join(', '),
          'accept-encoding': 'identity',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume()
          return resolve({ redirect: res.headers.location, contentType: '' })
        }
        const contentType = String(res.headers['content-type'] ?? '').toLowerCase()
        if (status !== 200 || !opts.accept.some((a) => contentType.startsWith(a))) {
          res.destroy()
          return reject(new FetchRefused(`Unexpected answer ${status} ${contentType}`, 'bad_answer'))
        }
        const declared = Number(res.headers['content-length'] ?? 0)
        if (declared > opts.maxBytes && !opts.truncate) {
          res.destroy()
          return reject(new FetchRefused('Too large', 'too_large'))
        }
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (c: Buffer) => {
          size += c.length
          if (size > opts.maxBytes) {
            res.destroy()
            if (!opts.truncate) return reject(new FetchRefused('Too large', 'too_large'))
            // A page's head is all a preview needs: keep what fits and stop reading.
            chunks.push(c.subarray(0, c.length - (size - opts.maxBytes)))
            resolve({ contentType, body: Buffer.concat(chunks) })
            return
          }
          chunks.push(c)
        })
        res.on('end', () => resolve({ contentType, body: Buffer.concat(chunks) }))
        res.on('error', reject)
      },
    )
    req.on('error', (e) =>
      reject(e instanceof FetchRefused ? e : signal.aborted ? new FetchRefused('Timed out', 'timeout') : e),
    )
    req.end()
  })
}
