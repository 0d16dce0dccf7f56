/** 'Showing results for …' when the search ran on a spelling correction of what was typed. */
export function CorrectionNote({ query, corrected }: { query?: string; corrected?: string | null }) {
  if (!corrected || !query || corrected.toLowerCase() === query.toLowerCase()) return null
  return (
    <p className="text-sm text-slate-600">
      Showing results for <strong className="font-semibold text-slate-900">{corrected}</strong>
    </p>
  )
}
