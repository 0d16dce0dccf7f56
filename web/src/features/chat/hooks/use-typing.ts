import { useEffect, useRef } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { queryKeys } from '@/lib/query-keys'
import { useSocket } from '@/lib/socket'

const STOP_AFTER_MS = 3000
const FORGET_AFTER_MS = 6000

/** Whether `userId` is typing to me right now (from the socket); forgotten if no word comes for a while. */
export function useIsTyping(userId: string): boolean {
  const qc = useQueryClient()
  const { data } = useQuery({
    queryKey: queryKeys.chat.typing(userId),
    queryFn: () => false,
    initialData: false,
    staleTime: Infinity,
  })
  useEffect(() => {
    if (!data) return
    const t = setTimeout(() => qc.setQueryData(queryKeys.chat.typing(userId), false), FORGET_AFTER_MS)
    return () => clearTimeout(t)
  }, [data, qc, userId])
  return data
}

/** Tells `to` that I am typing; call on each keystroke. Sends at most one start and one stop per burst. */
export function useTypingSignal(to: string) {
  const socket = useSocket()
  const typing = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const stop = () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    if (typing.current) socket?.emit('typing', { to, isTyping: false })
    typing.current = false
  }
  useEffect(() => stop, []) // eslint-disable-line react-hooks/exhaustive-deps -- stop on unmount only
  return {
    onInput() {
      if (!socket) return
      if (!typing.current) socket.emit('typing', { to, isTyping: true })
      typing.current = true
      if (timer.current) clearTimeout(timer.current)
      timer.current = setTimeout(stop, STOP_AFTER_MS)
    },
    stop,
  }
}
