import { useEffect } from 'react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { ChevronLeft, ChevronRight, X } from 'lucide-react'
import type { UploadedMediaDto } from '@common/schemas/post'
import { useT } from '@/i18n'

/** Full-screen viewer: Esc closes (Radix), ←/→ step through, focus stays inside while open. */
export function Lightbox({
  media,
  index,
  onIndex,
  onClose,
  authorName,
}: {
  media: UploadedMediaDto[]
  index: number
  onIndex: (i: number) => void
  onClose: () => void
  authorName: string
}) {
  const t = useT()
  const m = media[index]
  const many = media.length > 1
  const go = (d: number) => onIndex((index + d + media.length) % media.length)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') onIndex((index + 1) % media.length)
      if (e.key === 'ArrowLeft') onIndex((index - 1 + media.length) % media.length)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [index, media.length, onIndex])

  return (
    <DialogPrimitive.Root open onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/90" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex items-center justify-center p-4 outline-none sm:p-12"
          aria-describedby={undefined}
        >
          <DialogPrimitive.Title className="sr-only">
            {t('feed.lightbox.title', { kind: m.type, n: index + 1, total: media.length, name: authorName })}
          </DialogPrimitive.Title>
          {m.type === 'image' ? (
            <img
              src={m.url}
              alt={t('feed.lightbox.photo', { n: index + 1, total: media.length, name: authorName })}
              className="max-h-full max-w-full rounded-lg object-contain"
            />
          ) : (
            <video
              key={m.url}
              src={m.url}
              controls
              autoPlay
              playsInline
              className="max-h-full max-w-full rounded-lg"
            />
          )}
          <DialogPrimitive.Close
            aria-label={t('feed.lightbox.close')}
            className="absolute top-3 right-3 flex size-10 items-center justify-center rounded-full bg-white/10 text-white outline-none hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white"
          >
            <X aria-hidden />
          </DialogPrimitive.Close>
          {many ? (
            <>
              <button
                type="button"
                onClick={() => go(-1)}
                aria-label={t('feed.lightbox.previous')}
                className="absolute top-1/2 left-3 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 text-white outline-none hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white"
              >
                <ChevronLeft aria-hidden />
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                aria-label={t('feed.lightbox.next')}
                className="absolute top-1/2 right-3 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 text-white outline-none hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white"
              >
                <ChevronRight aria-hidden />
              </button>
              <p className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-white/10 px-3 py-1 text-sm text-white">
                {index + 1} / {media.length}
              </p>
            </>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
