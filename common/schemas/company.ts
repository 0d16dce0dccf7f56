import { z } from 'zod'
import { linkField, textField } from './fields'

export const COMPANY_LIMITS = { nameMax: 100, descriptionMax: 2000, perOwner: 20 } as const

/** POST /company and PUT /company/:id: a client's company profile. */
export const CompanyBody = z.object({
  name: textField('Company name', COMPANY_LIMITS.nameMax).pipe(z.string().min(1, 'Company name is required')),
  logo: linkField('Logo'),
  website: linkField('Website'),
  description: textField('Description', COMPANY_LIMITS.descriptionMax).optional().default(''),
})
export type CompanyInput = z.infer<typeof CompanyBody>

export const CompanyDto = z.object({
  _id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string(),
  owner: z.object({ _id: z.string(), userId: z.string(), fullname: z.string() }),
  jobCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export const CompanyAnswer = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  company: CompanyDto,
})
export const CompaniesAnswer = z.object({
  success: z.literal(true),
  data: z.object({ companies: z.array(CompanyDto) }),
})
