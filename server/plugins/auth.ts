import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { SESSION } from '@common/limits'
import type { Role } from '@common/roles'
import { forbidden, unauthorized } from '../errors'
import { hmac, randomToken, safeEqual, sha256 } from '../lib/crypto'
import type { UserRow } from '../db/schema'
import type { SessionStore } from '../modules/auth/sessions.repo'

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null
    /** SHA-256 of the session token that authenticated this request. */
    sessionHash: string | null
    authVia: 'cookie' | 'bearer' | null
  }
  interface FastifyInstance {
    requireUser: (req: FastifyRequest) => Promise<void>
    requireRole: (...roles: Role[]) => (req: FastifyRequest) => Promise<void>
    startSession: (reply: FastifyReply, userId: string) => Promise<string>
    endSession: (req: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** Extend a session's expiry at most once a day, so reads don't write on every request. */
const SLIDE_AFTER_MS = 24 * 60 * 60 * 1000

export interface AuthOptions {
  secret: string
  secureCookies: boolean
  sessions: SessionStore
}

/**
 * Sessions (cookie or bearer) and signed double-submit CSRF (OWASP): the XSRF-TOKEN cookie is a nonce plus an
 * HMAC binding it to the session; cookie-authenticated unsafe requests must echo it in X-XSRF-TOKEN.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  const { secret, sessions } = opts
  /**
   * Every cookie is `Secure` when the site's public address is https (PUBLIC_URL) or when this request came over HTTPS:
   * on a TLS socket, or through a proxy in TRUST_PROXY that says so in X-Forwarded-Proto (Fastify believes that header
   * only from a trusted proxy's address).
   */
  const cookieOpts = (req: FastifyRequest) => ({
    path: '/',
    sameSite: 'lax' as const,
    secure: opts.secureCookies || req.protocol === 'https',
  })
  const xsrfFor = (sessionHash: string, nonce = randomToken(16)) =>
    `${nonce}.${hmac(secret, `xsrf.${sessionHash}.${nonce}`)}`
  const xsrfValid = (sessionHash: string, value: string) => {
    const [nonce, mac] = value.split('.')
    return !!nonce && !!mac && safeEqual(xsrfFor(sessionHash, nonce), value)
  }
  // A browser sends the same token and XSRF cookie with every request: their hash and HMAC check are remembered
  // (both are pure functions of what was sent), so a signed-in read served from the read cache computes neither.
  const MEMO_MAX = 20_000
  const hashOf = new Map<string, string>()
  const tokenHashOf = (token: string) => {
    let h = hashOf.get(token)
    if (h === undefined) {
      if (hashOf.size >= MEMO_MAX) hashOf.clear()
      h = sha256(token)
      hashOf.set(token, h)
    }
    return h
  }
  const checkedXsrf = new Map<string, string>()
  const xsrfValidMemo = (sessionHash: string, value: string) => {
    if (checkedXsrf.get(sessionHash) === value) return true
    if (!xsrfValid(sessionHash, value)) return false
    if (checkedXsrf.size >= MEMO_MAX) checkedXsrf.clear()
    checkedXsrf.set(sessionHash, value)
    return true
  }
  const setXsrf = (reply: FastifyReply, sessionHash: string) =>
    reply.setCookie(SESSION.xsrfCookie, xsrfFor(sessionHash), {
      ...cookieOpts(reply.request),
      httpOnly: false,
      maxAge: SESSION.ttlMs / 1000,
    })

  app.decorateRequest('user', null)
  app.decorateRequest('sessionHash', null)
  app.decorateRequest('authVia', null)

  app.addHook('onRequest', async (req, reply) => {
    const header = req.headers.authorization
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : ''
    const token = bearer || req.cookies[SESSION.cookie] || ''
    if (!token || token.length > 200) return
    const tokenHash = tokenHashOf(token)
    const found = await sessions.find(tokenHash)
    if (!found) {
      if (!bearer) reply.clearCookie(SESSION.cookie, cookieOpts(req))
      return
    }
    req.user = found.user
    req.sessionHash = tokenHash
    req.authVia = bearer ? 'bearer' : 'cookie'
    const now = Date.now()
    if (found.expiresAt.getTime() - now < SESSION.ttlMs - SLIDE_AFTER_MS) {
      await sessions.extend(tokenHash, new Date(now + SESSION.ttlMs))
      if (!bearer)
        reply.setCookie(SESSION.cookie, token, {
          ...cookieOpts(req),
          httpOnly: true,
          maxAge: SESSION.ttlMs / 1000,
        })
    }
    if (req.authVia !== 'cookie') return
    const cookieXsrf = req.cookies[SESSION.xsrfCookie]
    if (UNSAFE.has(req.method)) {
      const sent = req.headers[SESSION.xsrfHeader]
      if (
        typeof sent !== 'string' ||
        !cookieXsrf ||
        !safeEqual(sent, cookieXsrf) ||
        !xsrfValid(tokenHash, sent)
      ) {
        setXsrf(reply, tokenHash)
        throw forbidden(
          'Your session security token is missing or out of date. Refresh the page and try again.',
          'csrf_failed',
        )
      }
    } else if (!cookieXsrf || !xsrfValidMemo(tokenHash, cookieXsrf)) {
      setXsrf(reply, tokenHash)
    }
  })

  app.decorate('requireUser', async (req: FastifyRequest) => {
    if (!req.user) throw unauthorized()
  })
  app.decorate('requireRole', (...roles: Role[]) => async (req: FastifyRequest) => {
    if (!req.user) throw unauthorized()
    if (!roles.includes(req.user.role)) throw forbidden('Your role does not allow this action', 'wrong_role')
  })
  app.decorate('startSession', async (reply: FastifyReply, userId: string) => {
    const token = randomToken(32)
    const tokenHash = sha256(token)
    await sessions.create(tokenHash, userId, new Date(Date.now() + SESSION.ttlMs))
    reply.setCookie(SESSION.cookie, token, {
      ...cookieOpts(reply.request),
      httpOnly: true,
      maxAge: SESSION.ttlMs / 1000,
    })
    setXsrf(reply, tokenHash)
    return token
  })
  app.decorate('endSession', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.sessionHash) await sessions.remove(req.sessionHash)
    reply.clearCookie(SESSION.cookie, cookieOpts(req))
    reply.clearCookie(SESSION.xsrfCookie, cookieOpts(req))
  })
})
