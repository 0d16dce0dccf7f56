import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { UPLOAD } from '@common/limits'
import { ProfileAnswer, type ReputationDtoType } from '@common/schemas/review'
import { OwnUserAnswer, RoleBody, UpdateSkillsBody, UserAnswer } from '@common/schemas/user'
import { AppError, notFound } from '../../errors'
import { emailCodeSent } from '../auth/auth.routes'
import { requesterFor } from '../auth/device'
import type { EmailChangeService } from '../auth/email-change.service'
import { readForm } from '../../lib/multipart'
import { presentUser } from './users.presenter'
import { usersRepo } from './users.repo'
import type { usersService } from './users.service'

const multipartDoc = { consumes: ['multipart/form-data'] }

/** Profiles: read anyone's public profile; change only your own. */
export async function usersRoutes(
  app: FastifyInstance,
  opts: {
    users: ReturnType<typeof usersService>
    emailChange: EmailChangeService
    /** A profile's facts from reviews and money (ADR 060). */
    reputation?: (userId: string) => Promise<ReputationDtoType>
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const { users, emailChange } = opts
  const reputation = async (id: string) => (opts.reputation ? { reputation: await opts.reputation(id) } : {})

  r.get(
    '/me',
    { preHandler: app.requireUser, schema: { tags: ['users'], response: { 200: OwnUserAnswer } } },
    async (req) => ({
      success: true as const,
      user: presentUser(req.user!, req.user),
      pendingEmail: await emailChange.pending(req.user!.id),
    }),
  )

  r.get(
    '/m/:userId',
    {
      schema: {
        tags: ['users'],
        params: z.object({ userId: z.string().min(1).max(64) }),
        response: { 200: ProfileAnswer },
      },
    },
    async (req) => {
      const u = await usersRepo.byHandle(app.db, req.params.userId)
      if (!u) throw notFound('User not found', 'user_not_found')
      return { success: true as const, user: presentUser(u, req.user), ...(await reputation(u.id)) }
    },
  )

  r.put(
    '/profile',
    {
      preHandler: app.requireUser,
      // may carry a photo: counted with the other uploads (ADR 020)
      onRequest: app.limit('upload'),
      schema: { tags: ['users'], ...multipartDoc, response: { 200: UserAnswer } },
    },
    async (req) => {
      const form = await readForm(req, {
        maxFileBytes: UPLOAD.photoMaxBytes,
        sizeMessage: 'The photo must be at most 5 MB',
        fileFields: ['profilePhoto'],
      })
      const u = await users.updateBasic(req.user!, form)
      return { success: true as const, message: 'Profile updated!', user: presentUser(u, u) }
    },
  )

  r.post(
    '/profile/update',
    {
      preHandler: app.requireUser,
      // may carry a resume: counted with the other uploads (ADR 020)
      onRequest: app.limit('upload'),
      schema: { tags: ['users'], ...multipartDoc, response: { 200: OwnUserAnswer } },
    },
    async (req, reply) => {
      const form = await readForm(req, {
        maxFileBytes: UPLOAD.resumeMaxBytes,
        sizeMessage: 'The resume must be a PDF of at most 5 MB',
        fileFields: ['file', 'resume'],
      })
      const { user: u, requestedEmail } = await users.updateProfile(req.user!, form)
      let message = 'Profile updated!'
      // A new email waits for the code mailed to it (ADR 042); the rest of the profile is saved either way.
      if (requestedEmail) {
        try {
          message = `Profile updated! ${emailCodeSent(await emailChange.start(u, requestedEmail, requesterFor(app, req, reply)))}`
        } catch (e) {
          if (!(e instanceof AppError) || e.statusCode !== 429) throw e
          message = `Profile updated! Your email did not change: ${e.message}`
        }
      }
      return {
        success: true as const,
        message,
        user: presentUser(u, u),
        pendingEmail: await emailChange.pending(u.id),
      }
    },
  )

  r.post(
    '/update-skills',
    {
      preHandler: app.requireUser,
      schema: { tags: ['users'], body: UpdateSkillsBody, response: { 200: UserAnswer } },
    },
    async (req) => {
      const u = await users.updateSkills(req.user!, req.body.skills)
      return { success: true as const, message: 'Skills updated successfully!', user: presentUser(u, u) }
    },
  )

  r.post(
    '/role',
    {
      preHandler: app.requireUser,
      schema: { tags: ['users'], body: RoleBody, response: { 200: UserAnswer } },
    },
    async (req) => {
      const u = await users.switchRole(req.user!, req.body.role)
      return {
        success: true as const,
        message: u.role === 'client' ? 'You can now post jobs' : 'You are now set up to find work',
        user: presentUser(u, u),
      }
    },
  )

  // Registered last: static paths above win over this parameter route.
  r.get(
    '/:id',
    {
      schema: {
        tags: ['users'],
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: ProfileAnswer },
      },
    },
    async (req) => {
      const u = await usersRepo.byIdOrHandle(app.db, req.params.id)
      if (!u) throw notFound('User not found', 'user_not_found')
      return { success: true as const, user: presentUser(u, req.user), ...(await reputation(u.id)) }
    },
  )
}
