import { ExternalLink } from 'lucide-react'
import type { LinkPreviewDto } from '@common/schemas/post'

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return url
  }
}

/** The post's link: a preview card when the server could read one, otherwise the bare link. */
export function LinkCard({ link, preview }: { link: string; preview: LinkPreviewDto | null }) {
  if (!preview)
    return (
      <a
        href={link}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className="inline-flex max-w-full items-center gap-1.5 text-sm font-medium break-all text-primary hover:underline"
      >
        <ExternalLink className="size-3.5 shrink-0" aria-hidden /> {link}
      </a>
    )
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer nofollow ugc"
      className="flex overflow-hidden rounded-xl border bg-muted/30 outline-none hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring"
    >
      {preview.image ? (
        <img src={preview.image} alt="" loading="lazy" className="w-28 shrink-0 object-cover sm:w-36" />
      ) : null}
      <span className="flex min-w-0 flex-col gap-0.5 p-3">
        <span className="text-xs text-muted-foreground uppercase">{preview.siteName ?? hostOf(link)}</span>
        {preview.title ? <span className="line-clamp-2 text-sm font-semibold">{preview.title}</span> : null}
        {preview.description ? (
          <span className="line-clamp-2 text-sm text-muted-foreground">{preview.description}</span>
        ) : null}
      </span>
    </a>
  )
}
