import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

type Parts = { cgst: number; sgst: number; igst: number }

/** What releasing `units` would pay: the platform fee, GST on it, TDS, TCS and the freelancer's net (ADR 050). */
export interface ReleasePreview {
  units: number
  gross: number
  fee: number
  gst: Parts | number
  tds: number
  tdsRatePercent?: number
  tcs: Parts | number
  net: number
}

/** GET /contracts/:id/release-preview?units= — the split shown before the client confirms a release. */
export async function getReleasePreview(
  contractId: string,
  units: number,
  signal?: AbortSignal,
): Promise<ReleasePreview> {
  const res = await api.get<{ success: true; preview: ReleasePreview }>(
    `/contracts/${encodeURIComponent(contractId)}/release-preview`,
    { params: { units }, signal },
  )
  return res.data.preview
}

/** The split for the units chosen; asked again when they change, showing the last split meanwhile. */
export function useReleasePreview(contractId: string | undefined, units: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.payments.releasePreview(contractId ?? '', units),
    queryFn: ({ signal }) => getReleasePreview(contractId!, units, signal),
    enabled: enabled && !!contractId && units > 0,
    placeholderData: keepPreviousData,
    // A preview that cannot be had is said at once; the release itself still works.
    retry: false,
    staleTime: 30_000,
  })
}
