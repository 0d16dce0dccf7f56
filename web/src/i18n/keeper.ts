// The language as the signed-in person, the `lang` cookie and the browser ask for it, kept in step with the account.
import { useEffect } from 'react'
import type { Language } from '@common/languages'
import type { User } from '@common/schemas/user'
import { api } from '@/lib/api-client'
import { authStore, useAuth } from '@/lib/auth'
import { detectLanguage, getLanguage, languageReady, rememberLanguage, setLanguage } from '.'

/**
 * The root route's loader: the first screen renders once the language's catalogue is here. It downloads beside the
 * page's own chunk, so the wait is the same as before; a switch later fetches only the other catalogue.
 */
export async function startLanguage(): Promise<null> {
  await languageReady(detectLanguage(authStore.getState().user?.language))
  return null
}

/** The person chose `language` (the switcher): the app changes at once, the cookie and the account remember it. */
export async function chooseLanguage(language: Language): Promise<void> {
  await setLanguage(language)
  rememberLanguage(language)
  const user = authStore.getState().user
  if (!user || user.language === language) return
  const res = await api.patch<{ success: boolean; user?: User }>('/user/preferences', { language })
  // The session's copy of the user (and the stored one) now says so too; the language is shown nowhere else.
  if (res.data.user && authStore.getState().user?.userId === res.data.user.userId)
    authStore.setUser(res.data.user)
}

/** Follows the account: signing in as someone who reads Hindi turns the app to Hindi, in every new browser too. */
export function useLanguageOfAccount() {
  const language = useAuth().user?.language
  useEffect(() => {
    if (!language || language === getLanguage()) return
    rememberLanguage(language)
    void setLanguage(language)
  }, [language])
}
