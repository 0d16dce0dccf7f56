import type { JobDtoType } from '@common/schemas/job-answer'

/** A job as its poster sees it in the job-posting area (product.md §6 Job); money in rupees. */
export type PostedJob = JobDtoType
