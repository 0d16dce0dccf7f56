import { useCallback, useRef, useState } from 'react'
import type { MediaType, UploadedMediaDto } from '@common/schemas/post'
import { t } from '@/i18n'
import { errorText } from '@/lib/errors'
import { uploadMedia } from '../api/upload-media'
import { mediaTypeOf } from './media-rules'

export interface PendingMedia {
  key: string
  name: string
  type: MediaType
  progress: number
  status: 'uploading' | 'done' | 'failed'
  error?: string
  uploaded?: UploadedMediaDto
}

/**
 * Uploads each picked file at once (product.md §10: media go to the server first, never local object URLs), keeping
 * a progress fraction per file. `settled()` resolves when every upload has finished, for a Post clicked mid-way.
 */
export function useMediaUploads() {
  const [items, setState] = useState<PendingMedia[]>([])
  // A mirror of the state that async code (settled) can read after awaiting.
  const latest = useRef<PendingMedia[]>([])
  const running = useRef(new Map<string, { promise: Promise<void>; abort: AbortController }>())

  const setItems = (next: (list: PendingMedia[]) => PendingMedia[]) => {
    latest.current = next(latest.current)
    setState(latest.current)
  }
  const update = (key: string, patch: Partial<PendingMedia>) =>
    setItems((list) => list.map((m) => (m.key === key ? { ...m, ...patch } : m)))

  const add = (files: File[]) => {
    for (const file of files) {
      const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`
      const abort = new AbortController()
      setItems((list) => [
        ...list,
        { key, name: file.name, type: mediaTypeOf(file), progress: 0, status: 'uploading' },
      ])
      const promise = uploadMedia(file, (progress) => update(key, { progress }), abort.signal)
        .then((uploaded) => update(key, { status: 'done', progress: 1, uploaded }))
        .catch((error: unknown) => {
          if (!abort.signal.aborted)
            update(key, { status: 'failed', error: errorText(error, t('feed.create.uploadFailed')) })
        })
        .finally(() => running.current.delete(key))
      running.current.set(key, { promise, abort })
    }
  }

  const remove = useCallback((key: string) => {
    running.current.get(key)?.abort.abort()
    running.current.delete(key)
    setItems((list) => list.filter((m) => m.key !== key))
  }, [])

  const clear = useCallback(() => {
    for (const r of running.current.values()) r.abort.abort()
    running.current.clear()
    setItems(() => [])
  }, [])

  /** Waits for every running upload, then answers the final list. */
  const settled = useCallback(async (): Promise<PendingMedia[]> => {
    await Promise.all([...running.current.values()].map((r) => r.promise))
    return latest.current
  }, [])

  return { items, add, remove, clear, settled }
}
