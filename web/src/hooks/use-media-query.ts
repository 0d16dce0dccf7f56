import { useCallback, useSyncExternalStore } from 'react'

/** Whether a CSS media query matches, following changes (resizes, rotation). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/** Below Tailwind's `md` (768 px): the app shows its mobile chrome, and admin pages their card layouts. */
export const useIsMobile = () => useMediaQuery('(max-width: 767.98px)')
