import { sessionRoom } from '../../realtime/server'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  MessageAnswer,
  SendLoginOtpBody,
  SendOtpBody,
  VerifyOtpAnswer,
  VerifyOtpBody,
  EmailChangeBody,
  EmailChangeAnswer,
  EmailConfirmBody,
  UserAnswer,
} from '@common/schemas/user'
import { presentUser } from '../users/users.presenter'
import { usersRepo } from '../users/users.repo'
import { requesterFor } from './device'
import type { EmailChangeService } from './email-change.service'
import { localize, readerLanguage } from '../../i18n'
import type { otpService } from './otp.service'

/** Email-code signup and login, logout, and changing the sign-in email (product.md §4, ADR 042). */
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
    async (req, reply) => ({
      success: true as const,
      message: localize(
        readerLanguage(req),
        await otp.sendSignup(
          req.body.email,
          req.body.fullname,
          req.body.role,
          requesterFor(app, req, reply),
          readerLanguage(req),
        ),
        ['answers.'],
      ),
    }),
  )

  r.post(
    '/send-login-otp',
    {
      onRequest: limited('send-login-otp'),
      schema: { tags: ['auth'], body: SendLoginOtpBody, response: { 200: MessageAnswer } },
    },
    async (req, reply) => ({
      success: true as const,
      message: localize(
        readerLanguage(req),
        await otp.sendLogin(req.body.email, requesterFor(app, req, reply)),
        ['answers.'],
      ),
    }),
  )

  r.post(
    '/verify-otp',
    {
      onRequest: limited('verify-otp'),
      schema: { tags: ['auth'], body: VerifyOtpBody, response: { 200: VerifyOtpAnswer } },
    },
    async (req, reply) => {
      const verified = await otp.verify(req.body.email, req.body.otp, requesterFor(app, req, reply))
      const { created } = verified
      // A new account reads what its visitor chose (the lang cookie) or their browser asks for, not English by default:
      // the web app follows the account's language after sign-in (ADR 065, 069).
      const language = readerLanguage(req)
      const user =
        created && language !== verified.user.language
          ? await usersRepo.update(app.db, verified.user.id, { language })
          : verified.user
      const token = await app.startSession(reply, user.id)
      return {
        success: true as const,
        message: localize(user.language, created ? 'Signed up successfully!' : 'Logged in successfully!', [
          'answers.',
        ]),
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

/** Starting, confirming and cancelling a change of the sign-in email (the profile form starts one too). */
export async function emailChangeRoutes(app: FastifyInstance, opts: { emailChange: EmailChangeService }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { emailChange } = opts

  r.post(
    '/email/change',
    {
      preHandler: app.requireUser,
      onRequest: app.limit('otp', 'email-change'),
      schema: { tags: ['auth'], body: EmailChangeBody, response: { 200: EmailChangeAnswer } },
    },
    async (req, reply) => {
      const pendingEmail = await emailChange.start(req.user!, req.body.email, requesterFor(app, req, reply))
      return { success: true as const, message: emailCodeSent(pendingEmail), pendingEmail }
    },
  )

  r.post(
    '/email/confirm',
    {
      preHandler: app.requireUser,
      onRequest: app.limit('otp', 'email-confirm'),
      schema: { tags: ['auth'], body: EmailConfirmBody, response: { 200: UserAnswer } },
    },
    async (req) => {
      const { user, ended } = await emailChange.confirm(req.user!, req.body.code, req.sessionHash)
      // The ended sessions' live sockets close now, on every instance.
      for (const hash of ended) app.io?.in(sessionRoom(hash)).disconnectSockets(true)
      return {
        success: true as const,
        message: 'Email changed. Every other device has been signed out.',
        user: presentUser(user, user),
      }
    },
  )

  r.delete(
    '/email/change',
    { preHandler: app.requireUser, schema: { tags: ['auth'], response: { 200: MessageAnswer } } },
    async (req) => {
      await emailChange.cancel(req.user!)
      return { success: true as const, message: 'Email change cancelled' }
    },
  )
}

export const emailCodeSent = (email: string) =>
  `We sent a code to ${email}. Enter it to confirm your new email; until then you sign in with the old one.`
