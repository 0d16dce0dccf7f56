import { MapPin, Smile } from 'lucide-react'
import { STATES, UNION_TERRITORIES } from '@common/locations'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger, PopoverClose } from '@/components/ui/popover'
import { useT } from '@/i18n'

const EMOJIS = [
  '😀',
  '😂',
  '😍',
  '🥳',
  '👍',
  '🙏',
  '🔥',
  '🎉',
  '💼',
  '💡',
  '🚀',
  '✅',
  '❤️',
  '👏',
  '🤝',
  '📚',
  '🎨',
  '💻',
  '📸',
  '🇮🇳',
]

/** product.md §10 Emoji button: here it inserts the chosen emoji at the cursor. */
export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const t = useT()
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button type="button" variant="ghost" size="sm">
          <Smile aria-hidden className="text-amber-500" /> {t('feed.composer.emoji')}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-64 p-2" aria-label={t('feed.composer.emoji')}>
        <div className="grid grid-cols-5 gap-1">
          {EMOJIS.map((e) => (
            <PopoverClose asChild key={e}>
              <button
                type="button"
                onClick={() => onPick(e)}
                className="flex h-10 items-center justify-center rounded-md text-xl outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={t('feed.composer.insertEmoji', { emoji: e })}
              >
                {e}
              </button>
            </PopoverClose>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  )
}

/** product.md §10 Location button: the person picks their state or union territory (no invented data). */
export function LocationButton({ onPick }: { onPick: (state: string) => void }) {
  const t = useT()
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button type="button" variant="ghost" size="sm">
          <MapPin aria-hidden className="text-rose-500" /> {t('feed.composer.location')}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-64 p-3">
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {t('feed.composer.yourState')}
          <select
            className="h-9 rounded-md border bg-background px-2 text-sm font-normal"
            defaultValue=""
            onChange={(e) => {
              if (e.target.value) onPick(e.target.value)
            }}
          >
            <option value="" disabled>
              {t('feed.composer.chooseState')}
            </option>
            <optgroup label={t('feed.composer.states')}>
              {STATES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </optgroup>
            <optgroup label={t('feed.composer.unionTerritories')}>
              {UNION_TERRITORIES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </optgroup>
          </select>
        </label>
      </PopoverContent>
    </Popover>
  )
}
