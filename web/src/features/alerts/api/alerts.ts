import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AlertDtoType } from '@common/schemas/alerts'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type Alert = AlertDtoType
export type AlertFrequency = Alert['frequency']
export type ApplicantFrequency = 'instant' | 'daily' | 'off'

export interface AlertsAnswer {
  alerts: Alert[]
  max: number
  applicants: { frequency: ApplicantFrequency }
}

/** What "Save this search" sends: the list's filters and how often to hear of new jobs. */
export interface NewAlert {
  q?: string
  category?: string
  state?: string
  paymentType?: string
  minBudget?: string
  frequency: AlertFrequency
}

/** GET /alerts — the caller's saved searches and their applicant-mail choice. */
export async function getAlerts(signal?: AbortSignal): Promise<AlertsAnswer> {
  const { alerts, max, applicants } = (await api.get<{ success: true } & AlertsAnswer>('/alerts', { signal }))
    .data
  return { alerts, max, applicants }
}

export const alertsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.alerts.list(), queryFn: ({ signal }) => getAlerts(signal) })

export const useAlerts = () => useQuery(alertsQueryOptions())

function useAlertsMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.alerts.all }),
  })
}

/** POST /alerts. */
export const useSaveAlert = () =>
  useAlertsMutation((body: NewAlert) => api.post<{ alert: Alert }>('/alerts', body).then((r) => r.data.alert))

/** PATCH /alerts/:id. */
export const useChangeAlertFrequency = () =>
  useAlertsMutation((v: { id: string; frequency: AlertFrequency }) =>
    api.patch(`/alerts/${encodeURIComponent(v.id)}`, { frequency: v.frequency }),
  )

/** DELETE /alerts/:id. */
export const useDeleteAlert = () =>
  useAlertsMutation((id: string) => api.delete(`/alerts/${encodeURIComponent(id)}`))

/** PUT /alerts/applicants. */
export const useApplicantAlerts = () =>
  useAlertsMutation((frequency: ApplicantFrequency) => api.put('/alerts/applicants', { frequency }))

/** GET /alerts/unsubscribe?token= — the mail's one-click link; no sign-in. */
export async function unsubscribe(token: string): Promise<{ message: string; label: string }> {
  const res = await api.get<{ message: string; label: string }>('/alerts/unsubscribe', { params: { token } })
  return res.data
}
