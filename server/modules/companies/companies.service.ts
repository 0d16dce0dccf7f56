import { COMPANY_LIMITS, type CompanyInput } from '@common/schemas/company'
import type { Db } from '../../db/client'
import type { UserRow } from '../../db/schema'
import { conflict, notFound } from '../../errors'
import { authorize } from './companies.policy'
import { companiesRepo, type CompanyView } from './companies.repo'

const fields = (i: CompanyInput) => ({
  name: i.name,
  logoUrl: i.logo,
  website: i.website,
  description: i.description,
})

/**
 * Company profiles (a job may name one of its client's, product.md §6): anyone reads, clients create, owners change.
 */
export function companiesService(deps: { db: Db }) {
  const { db } = deps
  const load = async (id: string) => {
    const c = await companiesRepo.byId(db, id)
    if (!c) throw notFound('Company not found', 'company_not_found')
    return c
  }
  const view = async (id: string) => (await companiesRepo.view(db, id))!

  return {
    async create(user: UserRow, input: CompanyInput): Promise<CompanyView> {
      authorize(user, 'create')
      return db.transaction(async (tx) => {
        if ((await companiesRepo.countOfOwner(tx, user.id)) >= COMPANY_LIMITS.perOwner)
          throw conflict(`You can keep at most ${COMPANY_LIMITS.perOwner} companies`, 'too_many_companies')
        const c = await companiesRepo.insert(tx, { ...fields(input), ownerId: user.id })
        return (await companiesRepo.view(tx, c.id))!
      })
    },
    async mine(user: UserRow): Promise<CompanyView[]> {
      return companiesRepo.ofOwner(db, user.id)
    },
    async get(id: string): Promise<CompanyView> {
      await load(id)
      return view(id)
    },
    async update(user: UserRow, id: string, input: CompanyInput): Promise<CompanyView> {
      authorize(user, 'update', await load(id))
      await companiesRepo.update(db, id, fields(input))
      return view(id)
    },
    async remove(user: UserRow, id: string): Promise<void> {
      authorize(user, 'delete', await load(id))
      await db.transaction(async (tx) => {
        if ((await companiesRepo.liveJobCount(tx, id)) > 0)
          throw conflict(
            'Active jobs still name this company. Close them or choose another company first.',
            'company_in_use',
          )
        await companiesRepo.remove(tx, id)
      })
    },
    /** Throws unless `user` owns the company (a job may name only its creator's companies). */
    async assertUsable(user: UserRow, companyId: string): Promise<void> {
      const c = await companiesRepo.byId(db, companyId)
      if (!c) throw notFound('Company not found', 'company_not_found')
      authorize(user, 'use', c)
    },
  }
}
export type CompaniesService = ReturnType<typeof companiesService>
