import { useState } from 'react'
import { Play } from 'lucide-react'
import type { UploadedMediaDto } from '@common/schemas/post'
import { useT } from '@/i18n'
import { cn } from '@/lib/utils'
import { Lightbox } from './lightbox'

/** A post's photos and videos: one fills the width, more tile in two columns; +N on the fourth when there are more. */
export function MediaGrid({ media, authorName }: { media: UploadedMediaDto[]; authorName: string }) {
  const t = useT()
  const [open, setOpen] = useState<number | null>(null)
  if (media.length === 0) return null
  if (media.length === 1 && media[0].type === 'video')
    return (
      <video
        src={media[0].url}
        controls
        preload="metadata"
        playsInline
        className="max-h-[32rem] w-full rounded-xl bg-slate-900"
        aria-label={t('feed.media.videoFrom', { name: authorName })}
      />
    )
  const shown = media.slice(0, 4)
  const extra = media.length - shown.length
  return (
    <>
      <div
        className={cn(
          'grid gap-1.5 overflow-hidden rounded-xl',
          media.length === 1 ? 'grid-cols-1' : 'grid-cols-2',
        )}
      >
        {shown.map((m, i) => (
          <button
            key={m.url}
            type="button"
            onClick={() => setOpen(i)}
            aria-label={t('feed.media.open', { kind: m.type, n: i + 1, total: media.length })}
            className={cn(
              'relative overflow-hidden bg-muted outline-none focus-visible:ring-2 focus-visible:ring-ring',
              media.length === 1 ? 'max-h-[32rem]' : 'aspect-square',
              media.length === 3 && i === 0 && 'row-span-2 aspect-auto',
            )}
          >
            {m.type === 'image' ? (
              <img
                src={media.length === 1 ? m.url : (m.thumbnailUrl ?? m.url)}
                alt={t('feed.media.photoFrom', { n: i + 1, name: authorName })}
                loading="lazy"
                width={m.width ?? undefined}
                height={m.height ?? undefined}
                className="size-full object-cover"
              />
            ) : (
              <>
                <video src={m.url} preload="metadata" muted className="size-full object-cover" />
                <span className="absolute inset-0 flex items-center justify-center bg-slate-900/25">
                  <span className="flex size-12 items-center justify-center rounded-full bg-white/90 text-slate-900">
                    <Play className="size-5 translate-x-0.5" aria-hidden />
                  </span>
                </span>
              </>
            )}
            {extra > 0 && i === shown.length - 1 ? (
              <span className="absolute inset-0 flex items-center justify-center bg-slate-900/55 text-2xl font-semibold text-white">
                +{extra}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      {open !== null ? (
        <Lightbox
          media={media}
          index={open}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
          authorName={authorName}
        />
      ) : null}
    </>
  )
}
