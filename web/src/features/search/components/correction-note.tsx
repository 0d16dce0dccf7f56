import { useT } from '@/i18n'
import { SLOT, withSlot } from '@/lib/with-slot'

/** 'Showing results for …' when the search ran on a spelling correction of what was typed. */
export function CorrectionNote({ query, corrected }: { query?: string; corrected?: string | null }) {
  const t = useT()
  if (!corrected || !query || corrected.toLowerCase() === query.toLowerCase()) return null
  return (
    <p className="text-sm text-slate-600">
      {withSlot(
        t('jobs.search.showingFor', { corrected: SLOT }),
        <strong className="font-semibold text-slate-900">{corrected}</strong>,
      )}
    </p>
  )
}
