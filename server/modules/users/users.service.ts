import { z } from 'zod'
import { UPLOAD, TEXT } from '@common/limits'
import { FullnameSchema, SkillsSchema } from '@common/schemas/user'
import { isOperator, type SelfRole } from '@common/roles'
import type { Db } from '../../db/client'
import type { UserRow } from '../../db/schema'
import { badRequest, said, validationMessage } from '../../errors'
import { keyOf } from '../../i18n'
import type { ParsedForm } from '../../lib/multipart'
import {
  discardUpload,
  resizePhoto,
  storeUpload,
  type StoredUpload,
  type UploadRule,
} from '../uploads/uploads.service'
import { usersRepo, type UserPatch } from './users.repo'

export const PHOTO_RULE: UploadRule = {
  kind: 'photo',
  mimes: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: UPLOAD.photoMaxBytes,
  typeMessage: 'The photo must be a JPEG, PNG or WebP image',
  sizeMessage: 'The photo must be at most 5 MB',
  transform: resizePhoto(UPLOAD.photoMaxPx),
}
export const RESUME_RULE: UploadRule = {
  kind: 'resume',
  mimes: ['application/pdf'],
  maxBytes: UPLOAD.resumeMaxBytes,
  typeMessage: 'The resume must be a PDF file',
  sizeMessage: 'The resume must be a PDF of at most 5 MB',
}

const ProfileForm = z.object({
  fullname: FullnameSchema,
  // Left out, the email stays; sent empty, it is refused — it is how the account signs in.
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Email cannot be empty: it is how you sign in')
    .pipe(z.email({ error: 'Enter a valid email address' }))
    .optional(),
  phoneNumber: z
    .string()
    .trim()
    .max(TEXT.phoneMax, 'Phone number is too long')
    .regex(/^(\+?[0-9][0-9 -]{5,18})?$/, 'Enter a valid phone number (digits, spaces, + and -)')
    .optional(),
  bio: z.string().trim().max(TEXT.bioMax, `Bio must be at most ${TEXT.bioMax} characters`).optional(),
  skills: z.string().max(5000).optional(),
})

/** Validates a zod schema against form fields and throws the API's 400 with per-field messages. */
function parseForm<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const r = schema.safeParse(fields)
  if (r.success) return r.data
  const errors: Record<string, string> = {}
  for (const i of r.error.issues) errors[i.path.join('.') || 'body'] ??= i.message
  const [f, m] = Object.entries(errors)[0]
  throw badRequest(validationMessage(f, m), 'validation_failed', errors)
}

/** "a, b,, c" → ["a","b","c"]: trimmed, empties dropped, duplicates removed (product.md §6). */
export function splitSkills(s: string): string[] {
  return [
    ...new Set(
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ]
}

export function usersService(deps: { db: Db; uploadsDir: string }) {
  const { db, uploadsDir } = deps

  /** Runs `write` with the stored upload; if anything after storing fails, the file is removed again. */
  async function withUpload<T>(stored: StoredUpload | null, write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (e) {
      if (stored) await discardUpload(db, uploadsDir, stored)
      throw e
    }
  }

  return {
    /** PUT /profile: name and optional photo. */
    async updateBasic(user: UserRow, form: ParsedForm): Promise<UserRow> {
      const { fullname } = parseForm(z.object({ fullname: FullnameSchema }), form.fields)
      const photo = form.files.profilePhoto
      const stored = photo
        ? await storeUpload(db, uploadsDir, user.id, PHOTO_RULE, photo.buf, photo.filename)
        : null
      return withUpload(stored, () =>
        usersRepo.update(db, user.id, { fullname, ...(stored ? { profilePhoto: stored.url } : {}) }),
      )
    },

    /**
     * POST /profile/update: the whole profile, with an optional PDF resume. A new email is not written here: it is
     * returned as `requestedEmail`, and changes only once a code mailed to it confirms it (ADR 042).
     */
    async updateProfile(
      user: UserRow,
      form: ParsedForm,
    ): Promise<{ user: UserRow; requestedEmail: string | null }> {
      const f = parseForm(ProfileForm, form.fields)
      const patch: UserPatch = { fullname: f.fullname }
      const requestedEmail = f.email && f.email !== user.email ? f.email : null
      if (f.phoneNumber !== undefined) patch.phoneNumber = f.phoneNumber || null
      if (f.bio !== undefined) patch.bio = f.bio
      if (f.skills !== undefined) {
        const skills = SkillsSchema.safeParse(splitSkills(f.skills))
        if (!skills.success) {
          const issue = skills.error.issues[0].message
          // "skills: <the schema's sentence>", the sentence in the reader's language too (ADR 078).
          throw badRequest(
            said('errors.validation.skillsField', { message: keyOf(issue) ?? issue }),
            'validation_failed',
            {
              skills: issue,
            },
          )
        }
        patch.skills = skills.data
      }
      const file = form.files.file ?? form.files.resume
      const stored = file
        ? await storeUpload(db, uploadsDir, user.id, RESUME_RULE, file.buf, file.filename)
        : null
      if (stored) {
        patch.resume = stored.url
        patch.resumeOriginalName = (file!.filename || 'resume.pdf').slice(0, 200)
      }
      const updated = await withUpload(stored, () => usersRepo.update(db, user.id, patch))
      return { user: updated, requestedEmail }
    },

    async updateSkills(user: UserRow, skills: string[]): Promise<UserRow> {
      return usersRepo.update(db, user.id, { skills: [...new Set(skills)] })
    },

    /** A user by `_id` or public handle (`userId`), or null. */
    async find(key: string): Promise<UserRow | null> {
      return usersRepo.byIdOrHandle(db, key)
    },

    async switchRole(user: UserRow, role: SelfRole): Promise<UserRow> {
      if (isOperator(user)) throw badRequest('Operators keep the admin role', 'role_locked')
      return usersRepo.update(db, user.id, { role })
    },
  }
}
