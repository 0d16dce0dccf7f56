import type { z } from 'zod'
import type { ApplicantDto, MyApplicationDto } from '@common/schemas/application'
import type { ApplicationRow, UserRow } from '../../db/schema'
import { publicProfile } from '../users/users.presenter'
import { seesApplicantContact } from './applications.policy'
import type { ApplicantRow, MyApplicationRow } from './applications.repo'

export function presentApplication(a: ApplicationRow) {
  return {
    _id: a.id,
    job: a.jobId,
    applicant: a.applicantId,
    status: a.status,
    resume: a.resume,
    coverLetter: a.coverLetter,
    createdAt: a.createdAt.toISOString(),
  }
}

/** For the applicant: their application with the job and its recruiter (Applied Jobs table). */
export function presentMine(r: MyApplicationRow): z.infer<typeof MyApplicationDto> {
  const a = r.application
  return {
    _id: a.id,
    status: a.status,
    resume: a.resume,
    coverLetter: a.coverLetter,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    job: {
      _id: r.job.id,
      title: r.job.title,
      status: r.job.status,
      company: r.company?.id
        ? { _id: r.company.id, name: r.company.name, logo: r.company.logoUrl, website: r.company.website }
        : null,
      created_by: { _id: r.recruiter.id, userId: r.recruiter.userId, fullname: r.recruiter.fullname },
    },
  }
}

/**
 * For the job's poster (`viewer`): the application and the applicant's public profile. Email and phone number are
 * included only once the poster has accepted the applicant, and otherwise left out (ADR 041, like presentUser).
 */
export function presentApplicant(r: ApplicantRow, viewer: UserRow): z.infer<typeof ApplicantDto> {
  const a = r.application
  const u = r.applicant
  return {
    _id: a.id,
    job: a.jobId,
    status: a.status,
    resume: a.resume,
    coverLetter: a.coverLetter,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    applicant: {
      _id: u.id,
      userId: u.userId,
      username: u.username,
      fullname: u.fullname,
      ...(seesApplicantContact(viewer, a) ? { email: u.email, phoneNumber: u.phoneNumber } : {}),
      profile: publicProfile(u),
    },
  }
}
