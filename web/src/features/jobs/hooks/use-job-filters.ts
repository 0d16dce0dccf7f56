import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { filtersFromParams, paramsWithFilters, type JobFilters } from '../lib/filters'

/** The param naming the job shown in the browser's detail panel. */
export const SELECTED_PARAM = 'job'

/**
 * Filters read from and written to the URL (product.md §3; issue 3: "a link reproduces the view"). Changing a filter
 * drops the selected job, so the first result of the new list is auto-selected.
 */
export function useJobFilters() {
  const [params, setParams] = useSearchParams()
  const key = params.toString()
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the params' value; the object is new each render
  const filters = useMemo(() => filtersFromParams(params), [key])
  const setFilters = useCallback(
    (next: JobFilters) => {
      setParams(
        (prev) => {
          const out = paramsWithFilters(prev, next)
          out.delete(SELECTED_PARAM)
          return out
        },
        { preventScrollReset: true },
      )
    },
    [setParams],
  )
  const reset = useCallback(() => setParams(new URLSearchParams(), { preventScrollReset: true }), [setParams])
  return { filters, setFilters, reset, params }
}
