import { QueryClient } from '@tanstack/react-query'
import { httpStatus } from './errors'

/** TanStack Query owns server state (ADR 046). Client errors are not retried: they will not change. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => {
        const status = httpStatus(error)
        if (status !== undefined && status >= 400 && status < 500) return false
        return count < 2
      },
    },
  },
})
