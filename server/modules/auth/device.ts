import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { newDeviceId, requesterOf, validDeviceId, type Requester } from './code-limits'

export const DEVICE_COOKIE = 'device'
/** Browsers keep a cookie at most 400 days. */
const DEVICE_MAX_AGE_S = 400 * 24 * 60 * 60

/**
 * The requester of a code route (ADR 042): the browser's `device` cookie when it sends one, else its network.
 * A browser without the cookie gets one now, so its next request counts as that browser.
 */
export function requesterFor(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Requester {
  const sent = req.cookies[DEVICE_COOKIE]
  if (validDeviceId(sent)) return requesterOf(req.ip, sent)
  reply.setCookie(DEVICE_COOKIE, newDeviceId(), {
    path: '/api/v1/user',
    httpOnly: true,
    sameSite: 'lax',
    secure: !!app.config.PUBLIC_URL?.startsWith('https:') || req.protocol === 'https',
    maxAge: DEVICE_MAX_AGE_S,
  })
  return requesterOf(req.ip, null)
}
