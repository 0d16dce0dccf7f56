import type { ExternalToast } from 'sonner'
import { errorText, isCancelled } from './errors'

/**
 * The one place a failed request becomes a toast (product.md §15): a cancelled request says nothing; otherwise the
 * server's own message is shown, else `fallback`. Returns the text shown (null when cancelled), for a form that
 * repeats it.
 *
 * sonner is imported on demand, as the toaster itself is (app/provider.tsx): callers in the first download (logout)
 * must not pull it in, and where it is already loaded the import costs nothing.
 */
export function toastError(error: unknown, fallback: string, options?: ExternalToast): string | null {
  if (isCancelled(error)) return null
  const text = errorText(error, fallback)
  void import('sonner').then((m) => m.toast.error(text, options))
  return text
}
