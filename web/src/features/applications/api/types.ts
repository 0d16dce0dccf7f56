import type { z } from 'zod'
import type { ApplicantDto } from '@common/schemas/application'

/** An application as the job's poster sees it (spec §3 Application). */
export type Applicant = z.infer<typeof ApplicantDto>
