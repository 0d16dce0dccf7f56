import { useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { AlertCircle, ImagePlus, Link2, Loader2, Video, X } from 'lucide-react'
import { POST_LIMITS, type UploadedMediaDto } from '@common/schemas/post'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter, DialogHeading } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { useT } from '@/i18n'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import { useCreatePost } from '../api/create-post'
import { linkForPayload, mediaFileError } from '../lib/media-rules'
import { useMediaUploads, type PendingMedia } from '../lib/use-media-uploads'
import { EmojiButton, LocationButton } from './composer-extras'

/**
 * product.md §10 "Create Post dialog" and "Create post": text, photos and videos (uploaded as they are picked, each
 * with its progress), an optional link, Emoji and Location. On failure it stays open; on success it clears and
 * closes with 'Post created successfully!'. The draft survives closing the dialog.
 */
export function CreatePostDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [content, setContent] = useState('')
  const [showLink, setShowLink] = useState(false)
  const [link, setLink] = useState('https://')
  const t = useT()
  const [error, setError] = useState<string | null>(null)
  // The empty-post message is the text field's problem: the field is marked while it shows.
  const [emptyError, setEmptyError] = useState(false)
  const [sending, setSending] = useState(false)
  const media = useMediaUploads()
  const create = useCreatePost()
  const fileInput = useRef<HTMLInputElement>(null)
  const textarea = useRef<HTMLTextAreaElement>(null)

  const hasContent = content.trim().length > 0
  const hasMedia = media.items.length > 0
  const canPost = !sending && (hasContent || hasMedia)

  const reset = () => {
    setContent('')
    setLink('https://')
    setShowLink(false)
    setError(null)
    setEmptyError(false)
    media.clear()
  }

  const pick = (files: FileList | null) => {
    if (!files?.length) return
    const list = [...files]
    const room = POST_LIMITS.mediaMax - media.items.length
    if (list.length > room) toast.error(t('feed.create.tooMany', { max: POST_LIMITS.mediaMax }))
    const accepted: File[] = []
    for (const f of list.slice(0, Math.max(0, room))) {
      const problem = mediaFileError(f)
      if (problem) toast.error(problem)
      else accepted.push(f)
    }
    media.add(accepted)
    setError(null)
    setEmptyError(false)
  }

  const insertText = (text: string) => {
    const el = textarea.current
    const start = el?.selectionStart ?? content.length
    const end = el?.selectionEnd ?? content.length
    const next = content.slice(0, start) + text + content.slice(end)
    setContent(next)
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(start + text.length, start + text.length)
    })
  }

  const submit = async (e?: FormEvent) => {
    e?.preventDefault()
    if (sending) return
    if (!hasContent && !hasMedia) {
      const message = t('feed.create.empty')
      setError(message)
      setEmptyError(true)
      toast.error(message)
      return
    }
    setSending(true)
    setError(null)
    setEmptyError(false)
    try {
      const finished = await media.settled()
      if (finished.some((m) => m.status !== 'done')) {
        // There is no retry button: the way on is to remove them, and add them again or post without them.
        const message = t('feed.create.uploadsFailed')
        setError(message)
        toast.error(message)
        return
      }
      const answer = await create.mutateAsync({
        content,
        media: finished.map((m) => ({ url: m.uploaded!.url, type: m.uploaded!.type })),
        ...(linkForPayload(showLink ? link : '') ? { link: linkForPayload(link) } : {}),
        visibility: 'public',
      })
      if (!answer.success) {
        const message = answer.message || t('feed.create.failed')
        setError(message)
        toast.error(message)
        return
      }
      toast.success(t('feed.create.success'))
      reset()
      onOpenChange(false)
    } catch (err) {
      const message = toastError(err, t('feed.error.generic'))
      if (message !== null) setError(message)
    } finally {
      setSending(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => (sending && !o ? undefined : onOpenChange(o))}>
      <DialogContent className="max-h-[92dvh] max-w-lg overflow-y-auto">
        <form onSubmit={submit} className="flex flex-col gap-4" aria-label={t('feed.create.title')}>
          <DialogHeading
            title={t('feed.create.title')}
            description={t('feed.create.description')}
            descriptionClassName="sr-only"
          />
          <Textarea
            ref={textarea}
            value={content}
            onChange={(e) => {
              setContent(e.target.value)
              setError(null)
              setEmptyError(false)
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit()
            }}
            placeholder={t('feed.composer.prompt')}
            aria-label={t('feed.create.text')}
            // An empty post is the text's problem: the field is marked and points at the message below.
            aria-invalid={emptyError ? true : undefined}
            aria-describedby={emptyError ? 'create-post-error' : undefined}
            maxLength={POST_LIMITS.contentMax}
            className="min-h-28 resize-none text-base"
          />
          {showLink ? (
            <div className="flex items-center gap-2">
              <Link2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <Input
                value={link}
                onChange={(e) => setLink(e.target.value)}
                placeholder={t('feed.create.addLink')}
                aria-label={t('feed.create.addLink')}
                inputMode="url"
              />
            </div>
          ) : null}
          {hasMedia ? <PreviewGrid items={media.items} onRemove={media.remove} disabled={sending} /> : null}
          {error ? (
            <p
              id="create-post-error"
              role="alert"
              className="flex items-center gap-2 text-sm text-destructive"
            >
              <AlertCircle className="size-4 shrink-0" aria-hidden /> {error}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-1 border-t pt-3">
            <input
              ref={fileInput}
              type="file"
              accept="image/*,video/*"
              multiple
              hidden
              aria-label={t('feed.addMedia')}
              data-testid="post-media-input"
              onChange={(e) => {
                pick(e.target.files)
                e.target.value = ''
              }}
            />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => fileInput.current?.click()}
              disabled={sending || media.items.length >= POST_LIMITS.mediaMax}
            >
              <ImagePlus aria-hidden className="text-emerald-600" /> {t('feed.create.photoVideo')}
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-pressed={showLink}
              onClick={() => setShowLink((s) => !s)}
            >
              <Link2 aria-hidden className="text-sky-600" /> {t('feed.create.link')}
            </Button>
            <EmojiButton onPick={insertText} />
            <LocationButton onPick={(state) => insertText(`📍 ${state}`)} />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={!canPost} className="w-full sm:w-auto sm:min-w-28">
              {sending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden /> {t('feed.create.posting')}
                </>
              ) : (
                t('feed.create.post')
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** product.md §10: selected media as a 2-column grid, each with a remove button; server thumbnails once uploaded. */
function PreviewGrid({
  items,
  onRemove,
  disabled,
}: {
  items: PendingMedia[]
  onRemove: (key: string) => void
  disabled: boolean
}) {
  const t = useT()
  return (
    <ul className="grid grid-cols-2 gap-2" aria-label={t('feed.create.selectedMedia')}>
      {items.map((m) => (
        <li key={m.key} className="relative aspect-video overflow-hidden rounded-lg border bg-muted">
          <MediaPreview item={m.uploaded} name={m.name} />
          {m.status === 'uploading' ? (
            <div className="absolute inset-0 flex flex-col justify-end gap-1 bg-slate-900/45 p-2 text-xs text-white">
              <span className="truncate">{m.name}</span>
              <div
                role="progressbar"
                aria-label={t('feed.create.uploading', { name: m.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(m.progress * 100)}
                className="h-1.5 overflow-hidden rounded-full bg-white/30"
              >
                <div
                  className="h-full rounded-full bg-white transition-[width]"
                  style={{ width: `${Math.round(m.progress * 100)}%` }}
                />
              </div>
            </div>
          ) : null}
          {m.status === 'failed' ? (
            <div
              role="alert"
              className="absolute inset-0 flex items-center bg-red-50/95 p-2 pr-9 text-xs text-red-700"
            >
              {m.error}
            </div>
          ) : null}
          <button
            type="button"
            onClick={() => onRemove(m.key)}
            disabled={disabled}
            aria-label={t('feed.create.remove', { name: m.name })}
            className="absolute top-1.5 right-1.5 flex size-7 items-center justify-center rounded-full bg-slate-900/70 text-white outline-none hover:bg-slate-900 focus-visible:ring-2 focus-visible:ring-white disabled:opacity-50"
          >
            <X className="size-4" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  )
}

function MediaPreview({ item, name }: { item?: UploadedMediaDto; name: string }) {
  if (!item)
    return (
      <div className="flex size-full items-center justify-center text-muted-foreground">
        <ImagePlus className="size-6" aria-hidden />
      </div>
    )
  if (item.type === 'video')
    return (
      <div className={cn('relative size-full bg-slate-900')}>
        <video src={item.url} preload="metadata" muted className="size-full object-cover" aria-label={name} />
        <Video className="absolute bottom-2 left-2 size-4 text-white" aria-hidden />
      </div>
    )
  return <img src={item.thumbnailUrl ?? item.url} alt={name} className="size-full object-cover" />
}
