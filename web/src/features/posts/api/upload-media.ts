import type { z } from 'zod'
import type { UploadAnswer, UploadedMediaDto } from '@common/schemas/post'
import { api } from '@/lib/api-client'

/**
 * POST /uploads with one file, reporting progress (0..1) as the bytes go up. Each file goes in its own request so
 * each gets its own progress bar and one refused file names itself.
 */
export async function uploadMedia(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedMediaDto> {
  const form = new FormData()
  form.append('files', file, file.name)
  const res = await api.post<z.infer<typeof UploadAnswer>>('/uploads', form, {
    signal,
    onUploadProgress: (e) => {
      if (e.total) onProgress(Math.min(1, e.loaded / e.total))
    },
  })
  onProgress(1)
  return res.data.media[0]
}
