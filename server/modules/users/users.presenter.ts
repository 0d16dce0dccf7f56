import { isOperator } from '@common/roles'
import type { User } from '@common/schemas/user'
import type { UserRow } from '../../db/schema'

/** The public part of a user's profile, as every answer that shows a person carries it. */
export const publicProfile = (
  u: Pick<UserRow, 'bio' | 'skills' | 'resume' | 'resumeOriginalName' | 'profilePhoto'>,
) => ({
  bio: u.bio,
  skills: u.skills,
  resume: u.resume,
  resumeOriginalName: u.resumeOriginalName,
  avatar: u.profilePhoto,
})

/** The API's user; email and phone only when the viewer is that user (or an operator). */
export function presentUser(u: UserRow, viewer: UserRow | null): User {
  const self = !!viewer && (viewer.id === u.id || isOperator(viewer))
  return {
    _id: u.id,
    userId: u.userId,
    username: u.username,
    fullname: u.fullname,
    ...(self ? { email: u.email, phoneNumber: u.phoneNumber } : {}),
    role: u.role,
    profile: { ...publicProfile(u), profilePhoto: u.profilePhoto },
    createdAt: u.createdAt.toISOString(),
    ...(viewer?.id === u.id ? { language: u.language } : {}),
  }
}
