import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ModerationAnswer, ReportItem, ReportsAnswer, ReportStatus } from '@common/schemas/report'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** GET /admin/reports?status= — reports in that state, newest first (operators, ADR 056). */
export const reportsQueryOptions = (status: ReportStatus) =>
  queryOptions({
    queryKey: queryKeys.moderation.reports(status),
    queryFn: async ({ signal }): Promise<ReportItem[]> =>
      (await api.get<z.infer<typeof ReportsAnswer>>('/admin/reports', { params: { status }, signal })).data
        .reports,
  })

export const useReports = (status: ReportStatus) => useQuery(reportsQueryOptions(status))

/** POST /admin/reports/:id/resolve — dismiss it or mark it handled, with an optional note. */
export function useResolveReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (v: { id: string; action: 'dismiss' | 'handled'; note?: string }) =>
      (
        await api.post<z.infer<typeof ModerationAnswer>>(
          `/admin/reports/${encodeURIComponent(v.id)}/resolve`,
          {
            action: v.action,
            note: v.note,
          },
        )
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.moderation.all }),
  })
}
