import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { Company } from './types'

/** GET /company → data.companies: the caller's own company profiles. */
export async function getMyCompanies(signal?: AbortSignal): Promise<Company[]> {
  const res = await api.get<{ success: boolean; data?: { companies: Company[] } }>('/company', { signal })
  return res.data.data?.companies ?? []
}

export const myCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.companies.mine(),
    queryFn: ({ signal }) => getMyCompanies(signal),
    // A company added or removed elsewhere shows the next time the form opens.
    staleTime: 0,
  })

export function useMyCompanies() {
  return useQuery(myCompaniesQueryOptions())
}

export interface CompanyInput {
  name: string
  website: string
  description: string
}

/** POST /company {name, website?, description?} → success, company. */
export async function createCompany(input: CompanyInput): Promise<Company> {
  const res = await api.post<{ success: boolean; company: Company }>('/company', {
    name: input.name,
    website: input.website || null,
    description: input.description,
  })
  return res.data.company
}

export function useCreateCompany() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCompany,
    onSuccess: (company) =>
      queryClient.setQueryData<Company[]>(queryKeys.companies.mine(), (list) => [...(list ?? []), company]),
  })
}

/** PUT /company/:id (the owner's): name, website and description; the logo is sent back as it is. */
export async function updateCompany(company: Company, input: CompanyInput): Promise<Company> {
  const res = await api.put<{ success: boolean; company: Company }>(
    `/company/${encodeURIComponent(company._id)}`,
    { name: input.name, website: input.website || null, description: input.description, logo: company.logo },
  )
  return res.data.company
}

export function useUpdateCompany(company: Company) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CompanyInput) => updateCompany(company, input),
    onSuccess: (updated) =>
      queryClient.setQueryData<Company[]>(queryKeys.companies.mine(), (list) =>
        (list ?? []).map((c) => (c._id === updated._id ? updated : c)),
      ),
  })
}

/** DELETE /company/:id — refused (409) while active jobs name it. */
export function useDeleteCompany(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      await api.delete(`/company/${encodeURIComponent(id)}`)
    },
    onSuccess: () =>
      queryClient.setQueryData<Company[]>(queryKeys.companies.mine(), (list) =>
        (list ?? []).filter((c) => c._id !== id),
      ),
  })
}
