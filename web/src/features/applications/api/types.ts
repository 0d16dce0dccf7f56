import type { z } from 'zod'
import type { ApplicantDto } from '@common/schemas/application'

/** An application as the job's poster sees it (product.md §7 Application). */
export type Applicant = z.infer<typeof ApplicantDto>
