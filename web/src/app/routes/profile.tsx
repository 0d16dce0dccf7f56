import { Link, useParams } from 'react-router'
import { MessageCircle, Sparkles, UserX } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { AvatarLinesSkeleton } from '@/components/avatar-lines-skeleton'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { AppliedJobsTable } from '@/features/applications/components/applied-jobs-table'
import { PostList } from '@/features/posts/components/post-list'
import { useUserProfile } from '@/features/users/api/get-user'
import { EditProfileDialog } from '@/features/users/components/edit-profile-dialog'
import { ProfileCard } from '@/features/users/components/profile-card'
import { useAuth } from '@/lib/auth'
import { openChatWindow } from '@/lib/chat-window'
import { useT } from '@/i18n'
import { httpStatus } from '@/lib/errors'
import { ReportButton } from '@/components/report-dialog'
import { ProfileReputation } from '@/features/reviews/components/profile-reputation'
import { ProfileSetup } from './profile-setup'

/**
 * /m/:userId — a user's profile; the owner (matched by userId) also gets the edit controls and Applied Jobs, and
 * another signed-in person a Message button that opens the floating chat window with them.
 */
export function Component() {
  const { userId = '' } = useParams()
  const { user: me } = useAuth()
  const isOwner = Boolean(me && me.userId === userId)
  const query = useUserProfile(userId)
  const t = useT()
  // The owner's own copy is on hand already, so their profile shows at once while the fresh one loads.
  const user = query.data ?? (isOwner ? me : null)

  if (!user) {
    if (query.isPending) return <ProfileSkeleton />
    const notFound = httpStatus(query.error) === 404
    return (
      <div className="mx-auto w-full max-w-4xl">
        <title>{t('account.profile.docTitle')}</title>
        <h1 className="sr-only">{t('account.profile.heading')}</h1>
        <EmptyState
          icon={UserX}
          title={notFound ? t('account.profile.notFound') : t('account.profile.loadFailed')}
          action={
            notFound ? (
              <Button asChild variant="outline">
                <Link to={paths.home.href()}>{t('account.profile.browseJobs')}</Link>
              </Button>
            ) : (
              <Button variant="outline" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            )
          }
        >
          {notFound ? t('account.profile.noProfile') : t('account.profile.checkConnection')}
        </EmptyState>
      </div>
    )
  }

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <title>{t('account.profile.docTitleName', { name: user.fullname })}</title>
      <ProfileCard
        user={user}
        actions={
          isOwner ? (
            <>
              <EditProfileDialog user={user} />
              <Button asChild variant="outline">
                <Link to={paths.skills.href()}>
                  <Sparkles aria-hidden /> {t('account.profile.editSkills')}
                </Link>
              </Button>
            </>
          ) : me ? (
            <>
              <Button variant="outline" onClick={() => openChatWindow(user._id)}>
                <MessageCircle aria-hidden /> {t('account.profile.message')}
              </Button>
              <ReportButton targetType="profile" targetId={user._id} />
            </>
          ) : null
        }
      />
      {/* After signup: what is left to set up, until it is done or hidden. */}
      {isOwner ? <ProfileSetup user={user} /> : null}
      <ProfileReputation handle={userId} id={user._id} />
      {isOwner ? <AppliedJobsTable /> : null}
      <section aria-labelledby="profile-posts" className="flex flex-col gap-4">
        <h2 id="profile-posts" className="text-lg font-semibold">
          {t('account.profile.posts')}
        </h2>
        {/* As wide as the cards above, so the page keeps one column edge. */}
        <PostList
          scope={{ kind: 'user', userId }}
          emptyTitle={t('account.profile.noPosts')}
          emptyText={
            isOwner
              ? t('account.profile.ownEmpty')
              : t('account.profile.othersEmpty', { name: user.fullname })
          }
        />
      </section>
    </div>
  )
}

function ProfileSkeleton() {
  const t = useT()
  return (
    <div
      className="mx-auto flex w-full max-w-4xl flex-col gap-6"
      aria-busy="true"
      aria-label={t('account.profile.loading')}
    >
      <div className="overflow-hidden rounded-2xl border bg-card">
        <Skeleton className="h-28 rounded-none" />
        <AvatarLinesSkeleton
          className="items-end gap-5 px-6 pb-6"
          avatarClassName="-mt-12 size-24 border-4 border-card"
          linesClassName="pb-1"
          lines={['h-6 w-48', 'h-4 w-28']}
        />
      </div>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <Skeleton className="h-48 rounded-2xl" />
        <Skeleton className="h-48 rounded-2xl" />
      </div>
    </div>
  )
}
