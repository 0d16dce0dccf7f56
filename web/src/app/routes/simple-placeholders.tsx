import { Newspaper, Sparkles } from 'lucide-react'
import { PlaceholderPage } from '@/components/placeholder-page'

/*
 * Routes whose screens arrive with later issues. Each is registered now so links and guards work, and each says
 * plainly that the screen is coming — none shows invented data.
 */

export function PostsPlaceholder() {
  return (
    <>
      <title>My Posts · Microlance</title>
      <PlaceholderPage title="My Posts" icon={Newspaper} emptyTitle="No posts yet">
        Posts you share to the feed will be listed here.
      </PlaceholderPage>
    </>
  )
}

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
