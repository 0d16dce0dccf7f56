import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from './api-client'
import { queryKeys } from './query-keys'

/** Public server settings the client needs (GET /api/v1/config). */
export interface ServerConfig {
  mailTransport: 'console' | 'smtp'
}

export async function getServerConfig(): Promise<ServerConfig> {
  const res = await api.get<ServerConfig>('/config')
  return res.data
}

export const serverConfigQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.serverConfig(), queryFn: getServerConfig, staleTime: Infinity })

export function useServerConfig() {
  return useQuery(serverConfigQueryOptions())
}
