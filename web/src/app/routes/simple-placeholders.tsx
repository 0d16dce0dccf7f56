import { Sparkles } from 'lucide-react'
import { PlaceholderPage } from '@/components/placeholder-page'

/*
 * Routes whose screens arrive with later issues. Each is registered now so links and guards work, and each says
 * plainly that the screen is coming — none shows invented data.
 */

export function ExperiencesCreatePlaceholder() {
  return (
    <>
      <title>Create an experience · Microlance</title>
      <PlaceholderPage title="Create an experience" icon={Sparkles}>
        Experiences are not available yet.
      </PlaceholderPage>
    </>
  )
}
