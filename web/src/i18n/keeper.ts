// The language as the signed-in person, the `lang` cookie and the browser ask for it, kept in step with the account.
import { useEffect } from 'react'
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

/** Follows the account: signing in as someone who reads Hindi turns the app to Hindi, in every new browser too. */
export function useLanguageOfAccount() {
  const language = useAuth().user?.language
  useEffect(() => {
    if (!language || language === getLanguage()) return
    rememberLanguage(language)
    void setLanguage(language)
  }, [language])
}
