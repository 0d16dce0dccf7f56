import type { z } from 'zod'
import type { CompanyDto } from '@common/schemas/company'
import type { CompanyView } from './companies.repo'

export function presentCompany(c: CompanyView): z.infer<typeof CompanyDto> {
  return {
    _id: c.id,
    name: c.name,
    logo: c.logoUrl,
    website: c.website,
    description: c.description,
    owner: { _id: c.owner.id, userId: c.owner.userId, fullname: c.owner.fullname },
    jobCount: c.jobCount,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  }
}
