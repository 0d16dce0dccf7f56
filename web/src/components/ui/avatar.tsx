// A round photo with the name's first letter until it has loaded, and in its place if it fails. Our own few lines
// rather than Radix's Avatar, which is in the first download (the chrome shows the signed-in person) and cost about
// 1 KB gzipped with its context helpers there.
import { useState } from 'react'
import { useT } from '@/i18n'
import { cn, initialOf } from '@/lib/utils'

/** A user's photo, falling back to the uppercase first letter of their name (product.md §5 Profile). */
export function UserAvatar({
  name,
  src,
  className,
  fallbackClassName,
}: {
  name: string | undefined
  src?: string | null
  className?: string
  fallbackClassName?: string
}) {
  const t = useT()
  // Which photo has loaded or failed: a new `src` starts again with the letter.
  const [loaded, setLoaded] = useState<string | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const photo = src && failed !== src ? src : null
  const shown = !!photo && loaded === photo
  return (
    <span
      data-slot="avatar"
      className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full', className)}
    >
      {photo ? (
        <img
          src={photo}
          alt={name ? t('common.photoOf', { name }) : t('profile.photo')}
          // Kept out of sight (and out of the accessibility tree) until it has loaded, as the letter stands in.
          hidden={!shown}
          className="aspect-square size-full object-cover"
          onLoad={() => setLoaded(photo)}
          onError={() => setFailed(photo)}
        />
      ) : null}
      {shown ? null : (
        <span
          className={cn(
            'flex size-full items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 font-semibold text-white',
            fallbackClassName,
          )}
          aria-label={name ?? undefined}
        >
          {initialOf(name)}
        </span>
      )}
    </span>
  )
}
