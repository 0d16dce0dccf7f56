/**
 * A lazily loaded chunk that failed to arrive (the network dropped just then) is fetched again instead of leaving the
 * page without it: after `delays[i]` ms (the last one repeating), and at once when the browser comes back online.
 */
export function retryImport<T>(
  load: () => Promise<T>,
  delays: number[] = [500, 1000, 2000, 5000],
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> | null = typeof window === 'undefined'
    ? null
    : window,
): Promise<T> {
  return new Promise<T>((resolve) => {
    let attempt = 0
    const tryOnce = () => {
      load().then(resolve, () => {
        const wait = delays[Math.min(attempt++, delays.length - 1)]
        const again = () => {
          clearTimeout(timer)
          target?.removeEventListener('online', again)
          tryOnce()
        }
        const timer = setTimeout(again, wait)
        target?.addEventListener('online', again)
      })
    }
    tryOnce()
  })
}
