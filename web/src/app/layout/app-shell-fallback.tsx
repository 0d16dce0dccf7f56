import { Logo } from '@/components/logo'
import { Spinner } from '@/components/ui/spinner'

/** Shown for the moment the first screen's code is loading. */
export function AppShellFallback() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4" aria-busy="true">
      <Logo className="text-xl" />
      <Spinner className="size-5 text-muted-foreground" label="Loading" />
    </div>
  )
}
