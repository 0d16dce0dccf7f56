import { useEffect, useRef } from 'react'

/**
 * Calls `onReach` when the returned element scrolls into view (with a margin, so the next page is usually there
 * before the reader gets to the end). A visible 'Load more' button stays beside it for keyboard users.
 * Pass `enabled` false while a page loads: turning it back on observes afresh, so a sentinel still in view after
 * a short page asks for the next one too.
 */
export function useInfiniteScroll(onReach: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement | null>(null)
  const callback = useRef(onReach)
  useEffect(() => {
    callback.current = onReach
  })
  useEffect(() => {
    const el = ref.current
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current()
      },
      { rootMargin: '600px 0px' },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [enabled])
  return ref
}
