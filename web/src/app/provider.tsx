import { useEffect, type ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Toaster } from 'sonner'
import { TOAST } from '@common/limits'
import { useSessionCheck } from '@/features/auth/api/get-me'
import { syncAcrossTabs } from '@/lib/auth-store'
import { queryClient } from '@/lib/query-client'

/** Confirms the restored session with the server and keeps tabs in step. */
function SessionKeeper() {
  useSessionCheck()
  useEffect(() => syncAcrossTabs(), [])
  return null
}

/** App-wide providers: server state, session upkeep and the toaster with the spec's defaults (§9). */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionKeeper />
      {children}
      <Toaster
        position="bottom-right"
        duration={TOAST.defaultMs}
        visibleToasts={TOAST.visible}
        gap={TOAST.gap}
        hotkey={['altKey', 'KeyT']}
        richColors
        closeButton
        containerAriaLabel="Toasts"
        mobileOffset={{ bottom: 80 }}
      />
    </QueryClientProvider>
  )
}
