import { Suspense, lazy, useEffect, type ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { TOAST } from '@common/limits'
import { useSessionCheck } from '@/features/auth/api/get-me'
import { useT } from '@/i18n'
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

/** App-wide providers: server state, session upkeep and the toaster with the defaults of product.md §13. */
export function AppProvider({ children }: { children: ReactNode }) {
  const t = useT()
  return (
    <QueryClientProvider client={queryClient}>
      <SessionKeeper />
      {children}
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
    </QueryClientProvider>
  )
}
