import type { z } from 'zod'
import type { CompanyDto } from '@common/schemas/company'

/** One of the client's company profiles. */
export type Company = z.infer<typeof CompanyDto>
