import { z } from 'zod'
import { LANGUAGES } from '../languages'
import { ROLES, SELF_ROLES } from '../roles'
import { TEXT } from '../limits'

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your email')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }))

export const FullnameSchema = z
  .string({ error: 'Full name is required' })
  .trim()
  .min(1, 'Name cannot be empty')
  .max(TEXT.fullnameMax, `Name must be at most ${TEXT.fullnameMax} characters`)

export const SendOtpBody = z.object({
  email,
  fullname: FullnameSchema,
  role: z.enum(SELF_ROLES).optional(),
})
export const SendLoginOtpBody = z.object({ email })
export const VerifyOtpBody = z.object({
  email,
  otp: z
    .string({ error: 'Enter OTP first' })
    .trim()
    .min(1, 'Enter OTP first')
    .regex(/^\d{6}$/, 'The code is 6 digits'),
})

/** Changing the sign-in email: the new address, then the code mailed to it (ADR 042). */
export const EmailChangeBody = z.object({ email })
export const EmailConfirmBody = z.object({
  code: z
    .string({ error: 'Enter the code first' })
    .trim()
    .min(1, 'Enter the code first')
    .regex(/^\d{6}$/, 'The code is 6 digits'),
})

export const SkillsSchema = z
  .array(z.string().trim().min(1).max(TEXT.skillMax, `A skill is at most ${TEXT.skillMax} characters`))
  .max(TEXT.skillsMax, `At most ${TEXT.skillsMax} skills`)

export const UpdateSkillsBody = z.object({
  skills: SkillsSchema.min(1, 'Select at least one skill!'),
})
export const RoleBody = z.object({ role: z.enum(SELF_ROLES) })

/** The public part of a profile, as every answer that shows a person carries it. */
export const PublicProfileDto = z.object({
  bio: z.string(),
  skills: z.array(z.string()),
  resume: z.string().nullable(),
  resumeOriginalName: z.string().nullable(),
  avatar: z.string().nullable(),
})

export const ProfileDto = PublicProfileDto.extend({ profilePhoto: z.string().nullable() })

/** Who a user is, as users and applicants present them: email and phoneNumber only where the viewer may see them. */
export const userIdentityShape = {
  _id: z.string(),
  userId: z.string(),
  username: z.string(),
  fullname: z.string(),
  email: z.string().optional(),
  phoneNumber: z.string().nullable().optional(),
}

/** A user as the API presents it. email and phoneNumber are present only for the user themself. */
export const UserDto = z.object({
  ...userIdentityShape,
  role: z.enum(ROLES),
  profile: ProfileDto,
  createdAt: z.string(),
  /** The language the user reads Microlance in; only in answers to the user themself. */
  language: z.enum(LANGUAGES).optional(),
})

/** `PATCH /api/v1/user/preferences`: what a signed-in person sets for themself. */
export const PreferencesBody = z.object({
  language: z.enum(LANGUAGES, { error: 'Choose a language: en-IN or hi-IN' }),
})
export type User = z.infer<typeof UserDto>

export const MessageAnswer = z.object({ success: z.literal(true), message: z.string() })
export const VerifyOtpAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: UserDto,
  token: z.string(),
})
export const UserAnswer = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  user: UserDto,
})

/** An email change waiting for its code: the address it waits on. */
export const EmailChangeAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  pendingEmail: z.string(),
})
/** The signed-in user's own answer (/me, profile update) carries a waiting email change, if any. */
export const OwnUserAnswer = UserAnswer.extend({ pendingEmail: z.string().nullable() })
