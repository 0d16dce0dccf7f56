import { sessionRoom } from '../../realtime/server'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  MessageAnswer,
  SendLoginOtpBody,
  SendOtpBody,
  VerifyOtpAnswer,
  VerifyOtpBody,
} from '../../../common/schemas/user'
import { presentUser } from '../users/users.presenter'
import type { otpService } from './otp.service'

/** Email-code signup and login, and logout (DECISIONS.md "One-time codes and sessions"). */
export async function authRoutes(app: FastifyInstance, opts: { otp: ReturnType<typeof otpService> }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // Each code route counts on its own, per IP (the caller is signed out).
  const limited = (route: string) => app.limit('otp', route)
  const { otp } = opts

  r.post(
    '/send-otp',
    {
      onRequest: limited('send-otp'),
      schema: { tags: ['auth'], body: SendOtpBody, response: { 200: MessageAnswer } },
    },
    async (req) => ({
      success: true as const,
      message: await otp.sendSignup(req.body.email, req.body.fullname, req.body.role, req.ip),
    }),
  )

  r.post(
    '/send-login-otp',
    {
      onRequest: limited('send-login-otp'),
      schema: { tags: ['auth'], body: SendLoginOtpBody, response: { 200: MessageAnswer } },
    },
    async (req) => ({ success: true as const, message: await otp.sendLogin(req.body.email, req.ip) }),
  )

  r.post(
    '/verify-otp',
    {
      onRequest: limited('verify-otp'),
      schema: { tags: ['auth'], body: VerifyOtpBody, response: { 200: VerifyOtpAnswer } },
    },
    async (req, reply) => {
      const { user, created } = await otp.verify(req.body.email, req.body.otp)
      const token = await app.startSession(reply, user.id)
      return {
        success: true as const,
        message: created ? 'Signed up successfully!' : 'Logged in successfully!',
        data: presentUser(user, user),
        token,
      }
    },
  )

  r.post(
    '/logout',
    { preHandler: app.requireUser, schema: { tags: ['auth'], response: { 200: MessageAnswer } } },
    async (req, reply) => {
      const hash = req.sessionHash
      await app.endSession(req, reply)
      // That session's live sockets (this tab and others, on any instance) close now, not at their next send.
      if (hash) app.io?.in(sessionRoom(hash)).disconnectSockets(true)
      return { success: true as const, message: 'Logged out successfully' }
    },
  )
}
