import { useState } from 'react'
import { LANGUAGES, type Language } from '@common/languages'
import { cn } from '@/lib/utils'
import { toastError } from '@/lib/toast-error'
import type { User } from '@common/schemas/user'
import { api } from '@/lib/api-client'
import { authStore } from '@/lib/auth'
import { rememberLanguage, setLanguage, useLanguage, useT } from '.'

/** The person chose `language` (the switcher): the app changes at once, the cookie and the account remember it. */
async function chooseLanguage(language: Language): Promise<void> {
  await setLanguage(language)
  rememberLanguage(language)
  const user = authStore.getState().user
  if (!user || user.language === language) return
  const res = await api.patch<{ success: boolean; user?: User }>('/user/preferences', { language })
  // The session's copy of the user (and the stored one) now says so too; the language is shown nowhere else.
  if (res.data.user && authStore.getState().user?.userId === res.data.user.userId)
    authStore.setUser(res.data.user)
}

/** Each language named in itself, as switchers do, so a reader finds theirs whatever the page is in. */
const NAMES: Record<Language, { label: string; lang: string }> = {
  'en-IN': { label: 'English', lang: 'en' },
  'hi-IN': { label: 'हिंदी', lang: 'hi' },
}

/**
 * English | हिंदी, in the profile menu and, for visitors, in the chrome (`compact`: one button naming the other
 * language, where space is short). The page stays where it is; the choice is kept in the `lang` cookie and, for a
 * signed-in person, on their account.
 */
export function LanguageSwitcher({ className, compact = false }: { className?: string; compact?: boolean }) {
  const t = useT()
  const current = useLanguage()
  const [busy, setBusy] = useState(false)
  async function choose(language: Language) {
    if (language === current || busy) return
    setBusy(true)
    try {
      await chooseLanguage(language)
    } catch (error) {
      toastError(error, t('language.saveFailed'))
    } finally {
      setBusy(false)
    }
  }
  if (compact) {
    const other = LANGUAGES.find((l) => l !== current)!
    return (
      <button
        type="button"
        lang={NAMES[other].lang}
        disabled={busy}
        onClick={() => void choose(other)}
        className={cn(
          'h-9 w-18 shrink-0 rounded-lg border bg-white px-1 text-sm font-medium text-slate-700 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-ring',
          className,
        )}
      >
        {NAMES[other].label}
      </button>
    )
  }
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn('inline-flex h-9 rounded-lg border bg-slate-50 p-0.5 text-xs font-medium', className)}
    >
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={NAMES[language].lang}
          aria-pressed={language === current}
          disabled={busy}
          onClick={() => void choose(language)}
          className={cn(
            'h-full flex-1 rounded-md px-2.5 text-slate-600 transition-colors outline-none hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-ring',
            language === current && 'bg-white text-slate-900 shadow-sm',
          )}
        >
          {NAMES[language].label}
        </button>
      ))}
    </div>
  )
}
