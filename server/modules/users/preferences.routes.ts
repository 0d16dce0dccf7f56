import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { PreferencesBody, UserAnswer } from '@common/schemas/user'
import { presentUser } from './users.presenter'
import { usersRepo } from './users.repo'

/** What a signed-in person sets for themself: the language they read Microlance in (issue 26). */
export async function preferencesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // Screens, notifications and emails follow it; the answer is the user as /me shows them.
  r.patch(
    '/preferences',
    {
      preHandler: app.requireUser,
      schema: { tags: ['users'], body: PreferencesBody, response: { 200: UserAnswer } },
    },
    async (req) => {
      const u = await usersRepo.update(app.db, req.user!.id, { language: req.body.language })
      return { success: true as const, user: presentUser(u, u) }
    },
  )
}
