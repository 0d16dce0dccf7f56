import { Sparkles } from 'lucide-react'
import { PlaceholderPage } from '@/components/placeholder-page'
import { useT } from '@/i18n'

/*
 * Routes whose screens arrive with later issues. Each is registered now so links and guards work, and each says
 * plainly that the screen is coming — none shows invented data.
 */

export function ExperiencesCreatePlaceholder() {
  const t = useT()
  return (
    <>
      <title>{t('experience.docTitle')}</title>
      <PlaceholderPage title={t('experience.title')} icon={Sparkles}>
        {t('experience.notYet')}
      </PlaceholderPage>
    </>
  )
}
