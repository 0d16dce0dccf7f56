import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DECIDABLE_STATUSES } from '@common/schemas/application'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import type { ApplicantsData } from './get-applicants'
import type { Applicant } from './types'

export type Decision = (typeof DECIDABLE_STATUSES)[number]

interface DecideAnswer {
  success: boolean
  message?: string
  /** `applicant` holds the email and phone once the applicant is accepted (ADR 041). */
  application?: { _id: string; status: string; applicant?: { email: string; phoneNumber: string | null } }
}

/** The applicant with the contact details the answer carries, or without any (not accepted: ADR 041). */
function withContact(applicant: Applicant['applicant'], contact: DecideAnswer['application']) {
  const { email: _email, phoneNumber: _phone, ...rest } = applicant
  return contact?.applicant ? { ...rest, ...contact.applicant } : rest
}

/** PATCH /application/applications/:applicationId/status {status} (lowercase; the poster sets accepted/rejected). */
export async function decideApplication({
  applicationId,
  status,
}: {
  jobId: string
  applicationId: string
  status: Decision
}): Promise<DecideAnswer> {
  const res = await api.patch<DecideAnswer>(
    `/application/applications/${encodeURIComponent(applicationId)}/status`,
    { status },
  )
  return res.data
}

/** product.md §7: the row updates locally on success (no refetch of the whole table). */
export function useDecideApplication() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: decideApplication,
    onSuccess: (answer, { jobId, applicationId, status }) => {
      if (!answer.success) return
      const next = (answer.application?.status ?? status) as Decision
      queryClient.setQueryData<ApplicantsData>(queryKeys.applications.applicants(jobId), (d) =>
        d
          ? {
              ...d,
              applications: d.applications.map((a) =>
                a._id === applicationId
                  ? {
                      ...a,
                      status: next,
                      applicant: withContact(a.applicant, answer.application),
                      updatedAt: new Date().toISOString(),
                    }
                  : a,
              ),
            }
          : d,
      )
    },
  })
}
