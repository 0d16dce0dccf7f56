import type { z } from 'zod'
import type { ApplicantDto } from '@common/schemas/application'
import type { CompanyDto } from '@common/schemas/company'
import type { JobDtoType } from '@common/schemas/job-answer'

/** A job as the API presents it (spec §3 Job); money in rupees. */
export type AdminJob = JobDtoType
/** An application as the job's poster sees it (spec §3 Application). */
export type Applicant = z.infer<typeof ApplicantDto>
/** One of the client's company profiles. */
export type Company = z.infer<typeof CompanyDto>
