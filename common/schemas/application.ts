import { z } from 'zod'
import { APPLICATION_STATUSES } from './application-status'
import { linkField, stripControls } from './fields'
import { CompanyRef, CreatorRef } from './job-answer'
import { JOB_STATUSES } from './job'
import { PublicProfileDto, userIdentityShape } from './user'

export { APPLICATION_STATUSES, DECIDABLE_STATUSES } from './application-status'
export type { ApplicationStatusValue } from './application-status'

/** The cover letter used when an applicant leaves it empty (product.md §7 "Default texts"). */
export const DEFAULT_COVER_LETTER =
  'I am interested in this opportunity and believe my skills are a good fit. I would be glad to discuss how I can help.'
export const COVER_LETTER_MAX = 5000

/**
 * POST /application/jobs/:id/apply. Without a resume the applicant's profile resume is used. A resume on this
 * server (/uploads/…) must be the applicant's own upload; another's is a 400 `resume_not_yours` (the service checks).
 */
export const ApplyBody = z
  .object({
    resume: linkField('Resume'),
    coverLetter: z
      .union([z.string(), z.null()])
      .optional()
      .transform((v) => stripControls(v ?? '').trim())
      .pipe(z.string().max(COVER_LETTER_MAX, `The cover letter is at most ${COVER_LETTER_MAX} characters`)),
  })
  .optional()
  .transform((v) => v ?? { resume: null, coverLetter: '' })

/** PATCH /application/applications/:applicationId/status — lowercase, as the web app sends it. */
export const ApplicationStatusBody = z.object({
  status: z.enum(APPLICATION_STATUSES, {
    error: `Status must be one of: ${APPLICATION_STATUSES.join(', ')}`,
  }),
})

/** What an application is at, as its applicant and the job's poster both see it. */
const applicationState = {
  status: z.enum(APPLICATION_STATUSES),
  resume: z.string().nullable(),
  coverLetter: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}

/** An application as its applicant sees it, with the job (Applied Jobs table: Date, Job Role, Recruiter, Status). */
export const MyApplicationDto = z.object({
  _id: z.string(),
  ...applicationState,
  job: z
    .object({
      _id: z.string(),
      title: z.string(),
      status: z.enum(JOB_STATUSES),
      company: CompanyRef.nullable(),
      created_by: CreatorRef,
    })
    .nullable(),
})

/**
 * An application as the job's poster sees it (product.md §7 Application). The applicant's email and phone number are
 * present only once the poster has accepted them (ADR 041); before that they are left out, as on profiles (ADR 035).
 */
export const ApplicantDto = z.object({
  _id: z.string(),
  job: z.string(),
  ...applicationState,
  applicant: z.object({ ...userIdentityShape, profile: PublicProfileDto }),
})

export const ApplyAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  application: z.object({
    _id: z.string(),
    job: z.string(),
    applicant: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    resume: z.string().nullable(),
    coverLetter: z.string(),
    createdAt: z.string(),
  }),
})
export const MyApplicationsAnswer = z.object({
  success: z.literal(true),
  data: z.object({ applications: z.array(MyApplicationDto) }),
})
export const ApplicantsAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    job: z.object({ _id: z.string(), title: z.string() }),
    applications: z.array(ApplicantDto),
  }),
})
/** An accepted applicant's contact details, which the poster may now see (ADR 041). */
export const ApplicantContact = z.object({ email: z.string(), phoneNumber: z.string().nullable() })

export const ApplicationStatusAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  application: z.object({
    _id: z.string(),
    status: z.enum(APPLICATION_STATUSES),
    /** Present when the application is accepted, so the applicants row can show them without a refetch. */
    applicant: ApplicantContact.optional(),
  }),
})
