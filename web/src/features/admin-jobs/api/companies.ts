import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { adminJobsKeys, type Company } from './types'

/** GET /company → data.companies: the caller's own company profiles. */
export async function getMyCompanies(signal?: AbortSignal): Promise<Company[]> {
  const res = await api.get<{ success: boolean; data?: { companies: Company[] } }>('/company', { signal })
  return res.data.data?.companies ?? []
}

export const myCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: adminJobsKeys.companies(),
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
      queryClient.setQueryData<Company[]>(adminJobsKeys.companies(), (list) => [...(list ?? []), company]),
  })
}
