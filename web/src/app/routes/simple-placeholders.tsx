import { useParams, useSearchParams } from 'react-router'
import {
  Compass,
  FileText,
  LayoutTemplate,
  ListChecks,
  MessageCircle,
  Newspaper,
  PencilLine,
  Search,
  Sparkles,
  SquarePlus,
  Users,
} from 'lucide-react'
import { PlaceholderPage } from '@/components/placeholder-page'

/*
 * Routes whose screens arrive with later issues. Each is registered now so links and guards work, and each says
 * plainly that the screen is coming — none shows invented data.
 */

export function ChatPlaceholder() {
  return (
    <>
      <title>Messages · Microlance</title>
      <PlaceholderPage title="Messages" icon={MessageCircle} emptyTitle="No conversations yet">
        Conversations with clients and freelancers will appear here.
      </PlaceholderPage>
    </>
  )
}

export function ConversationPlaceholder() {
  const { userId } = useParams()
  return (
    <>
      <title>Conversation · Microlance</title>
      <PlaceholderPage title="Conversation" icon={MessageCircle} emptyTitle="Chat is coming soon">
        Your conversation with{' '}
        {userId ? <strong className="font-medium text-slate-700">{userId}</strong> : 'this user'} will open
        here.
      </PlaceholderPage>
    </>
  )
}

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

export function ExplorePlaceholder() {
  return (
    <>
      <title>Explore · Microlance</title>
      <PlaceholderPage title="Explore" icon={Compass}>
        Search results across jobs will be shown here.
      </PlaceholderPage>
    </>
  )
}

export function SearchPlaceholder() {
  const [params] = useSearchParams()
  const q = params.get('q')?.trim()
  return (
    <>
      <title>Search · Microlance</title>
      <PlaceholderPage
        title="Search"
        description={q ? `You searched for “${q}”.` : 'Find jobs, people and posts.'}
        icon={Search}
        emptyTitle="Search is coming soon"
      >
        Results for jobs, people and posts will appear here.
      </PlaceholderPage>
    </>
  )
}

export function JobDescriptionPlaceholder() {
  return (
    <>
      <title>Job · Microlance</title>
      <PlaceholderPage title="Job details" icon={FileText}>
        The full job description, payment options and Apply Now open in an upcoming release.
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

export function AdminJobsManagePlaceholder() {
  return (
    <>
      <title>Admin Jobs · Microlance</title>
      <PlaceholderPage title="Admin Jobs" description="Jobs you have posted." icon={ListChecks}>
        Your posted jobs, their status and applicants will be managed here.
      </PlaceholderPage>
    </>
  )
}

export function AdminJobsCreatePlaceholder() {
  return (
    <>
      <title>Post a job · Microlance</title>
      <PlaceholderPage title="Post a job" icon={SquarePlus}>
        The post-a-job form opens in an upcoming release.
      </PlaceholderPage>
    </>
  )
}

export function AdminJobTemplatesPlaceholder() {
  return (
    <>
      <title>Job templates · Microlance</title>
      <PlaceholderPage title="Job templates" icon={LayoutTemplate}>
        Ready-made job templates will be offered here.
      </PlaceholderPage>
    </>
  )
}

export function AdminApplicantsPlaceholder() {
  return (
    <>
      <title>Applicants · Microlance</title>
      <PlaceholderPage title="Applicants" icon={Users}>
        Applicants for this job, with accept and reject, will be listed here.
      </PlaceholderPage>
    </>
  )
}

export function AdminJobEditPlaceholder() {
  return (
    <>
      <title>Edit job · Microlance</title>
      <PlaceholderPage title="Edit job" icon={PencilLine}>
        Editing a posted job opens in an upcoming release.
      </PlaceholderPage>
    </>
  )
}
