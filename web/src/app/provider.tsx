import { Suspense, lazy, useEffect, useSyncExternalStore, type ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { TOAST } from '@common/limits'
import { useSessionCheck } from '@/features/auth/api/get-me'
import { hasCatalogue, subscribeLanguage, useT } from '@/i18n'
import { useLanguageOfAccount } from '@/i18n/keeper'
import { syncAcrossTabs } from '@/lib/auth-store'
import { queryClient } from '@/lib/query-client'

/** Confirms the restored session with the server, keeps tabs in step, and the language with the account. */
function SessionKeeper() {
  useSessionCheck()
  useLanguageOfAccount()
  useEffect(() => syncAcrossTabs(), [])
  return null
}

// The toaster is not needed for the first paint: sonner comes in its own chunk, and shows any toast raised before it
// arrived (its store replays active toasts to a late subscriber).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })))

/**
 * The toaster, once the first catalogue is here. The app's providers render before the root route has fetched it,
 * and a toaster mounted then would name its region by the key itself ("chrome.toasts") — and, for someone who reads
 * Hindi, fetch the English catalogue to look the key up. The language's arrival renders this again (`apply` tells
 * every subscriber); a toast raised meanwhile is replayed when the toaster subscribes.
 */
function Toasts() {
  const ready = useSyncExternalStore(subscribeLanguage, hasCatalogue, hasCatalogue)
  const t = useT()
  if (!ready) return null
  return (
    <Suspense fallback={null}>
      <Toaster
        position="bottom-right"
        duration={TOAST.defaultMs}
        visibleToasts={TOAST.visible}
        gap={TOAST.gap}
        hotkey={['altKey', 'KeyT']}
        richColors
        closeButton
        containerAriaLabel={t('chrome.toasts')}
        mobileOffset={{ bottom: 80 }}
      />
    </Suspense>
  )
}

/** App-wide providers: server state, session upkeep and the toaster with the defaults of product.md §13. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionKeeper />
      {children}
      <Toasts />
    </QueryClientProvider>
  )
}
