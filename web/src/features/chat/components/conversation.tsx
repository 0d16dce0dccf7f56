import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { ArrowLeft, Briefcase, UserX } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { UserAvatar } from '@/components/ui/avatar'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { useT } from '@/i18n'
import { errorText, httpStatus } from '@/lib/errors'
import { useIsMobile, useMediaQuery } from '@/hooks/use-media-query'
import { toastError } from '@/lib/toast-error'
import { cn } from '@/lib/utils'
import { flattenMessages, useMessages } from '../api/get-messages'
import { useConversationWithJobs } from '../api/get-shared-jobs'
import { useMarkRead } from '../api/mark-read'
import { useSendMessage } from '../api/send-message'
import { useIsTyping, useTypingSignal } from '../hooks/use-typing'
import { CloseChatButton } from './close-chat-button'
import { Composer } from './composer'
import { JobsPanel, type RenderJobActions } from './jobs-panel'
import { MessageList } from './message-list'

/** From Tailwind's `xl` the shared-jobs panel stands beside the messages; narrower it overlays them. */
const PANEL_BESIDE = '(min-width: 1280px)'

/**
 * One conversation (product.md §9 Chat): header, messages, composer, and — on the page — the toggleable panel of
 * shared jobs. The floating window uses the same view, compact, about the job it was opened for.
 */
export function Conversation({
  userId,
  meId,
  jobId,
  variant,
  onClose,
  renderJobActions,
}: {
  userId: string
  meId: string
  jobId?: string
  variant: 'page' | 'window'
  onClose?: () => void
  renderJobActions?: RenderJobActions
}) {
  const t = useT()
  const messagesQuery = useMessages(userId)
  const withJobs = useConversationWithJobs(userId)
  const send = useSendMessage(meId)
  const markRead = useMarkRead(meId)
  const typing = useIsTyping(userId)
  const signal = useTypingSignal(userId)
  // Beside the conversation where there is room for both (xl, 1280 px); narrower, it would cover the messages, so
  // it waits to be asked for.
  const phone = useIsMobile()
  const roomForPanel = useMediaQuery(PANEL_BESIDE)
  const [panelOpen, setPanelOpen] = useState(roomForPanel)
  const [chosenJob, setChosenJob] = useState<string | null>(jobId ?? null)

  const messages = flattenMessages(messagesQuery.data)
  const jobs = withJobs.data?.jobs ?? []
  // product.md §9 "Chat selection": newest first, the first selected unless one was chosen (or given).
  const selectedJob = jobs.find((j) => j._id === chosenJob)?._id ?? jobs[0]?._id ?? null
  const person = withJobs.data?.user ?? messagesQuery.data?.pages[0]?.user
  const unreadIncoming = messages.some((m) => m.sender._id === userId && !m.readAt)

  const { mutate: read, isPending: reading } = markRead
  // What arrives while the tab is hidden stays unread until the reader comes back to it.
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible')
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible')
    document.addEventListener('visibilitychange', onChange)
    return () => document.removeEventListener('visibilitychange', onChange)
  }, [])
  useEffect(() => {
    if (unreadIncoming && !reading && visible) read(userId)
  }, [unreadIncoming, reading, read, userId, visible])

  const Heading = variant === 'page' ? 'h1' : 'h2'
  const error = messagesQuery.error ?? withJobs.error
  if (error) {
    const missing = httpStatus(error) === 404 || httpStatus(error) === 400
    return (
      <div className="relative flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
        {onClose ? (
          // The window's header is not shown here, so it keeps its way out (on a phone it covers the screen).
          <CloseChatButton onClose={onClose} className="absolute top-3 right-3" />
        ) : null}
        <UserX className="size-8 text-slate-400" aria-hidden />
        <Heading className="font-medium text-slate-800">
          {/* A malformed id in the address is nobody the reader can write to: the same words as an unknown one. */}
          {httpStatus(error) === 400
            ? t('chat.userNotFound')
            : missing
              ? errorText(error, t('chat.userNotFound'))
              : t('chat.loadFailed')}
        </Heading>
        {missing ? null : (
          <Button
            variant="outline"
            onClick={() => void Promise.all([messagesQuery.refetch(), withJobs.refetch()])}
          >
            {t('chat.retry')}
          </Button>
        )}
      </div>
    )
  }

  const onSend = (text: string) => {
    signal.stop()
    return send
      .mutateAsync({
        receiver: userId,
        content: text,
        jobId: variant === 'window' ? jobId : (selectedJob ?? undefined),
      })
      .catch((e: unknown) => {
        toastError(e, t('chat.sendFailed'))
        throw e
      })
  }

  const header = (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b bg-white px-3">
      {variant === 'page' ? (
        <Button asChild variant="ghost" size="icon-sm" className="lg:hidden" aria-label={t('chat.back')}>
          <Link to={paths.chat.href()}>
            <ArrowLeft aria-hidden />
          </Link>
        </Button>
      ) : null}
      {person ? (
        <>
          <UserAvatar name={person.fullname} src={person.profilePhoto} className="size-9" />
          <div className="min-w-0 flex-1">
            <Heading className="truncate text-sm font-semibold text-slate-900">
              <Link
                to={paths.profile.href(person.userId)}
                className="hover:underline"
                // On a phone the window covers the page: close it so the profile is seen.
                onClick={onClose && phone ? onClose : undefined}
              >
                {person.fullname}
              </Link>
            </Heading>
            <p className="truncate text-xs text-muted-foreground" aria-live="polite">
              {typing ? t('chat.typing') : `@${person.username}`}
            </p>
          </div>
        </>
      ) : (
        <div className="flex flex-1 items-center gap-3">
          <Skeleton className="size-9 rounded-full" />
          <Skeleton className="h-4 w-32" />
        </div>
      )}
      {variant === 'page' ? (
        <Button
          variant={panelOpen ? 'secondary' : 'ghost'}
          size="icon-sm"
          aria-label={t('chat.jobs.title')}
          aria-pressed={panelOpen}
          onClick={() => setPanelOpen((o) => !o)}
        >
          <Briefcase aria-hidden />
        </Button>
      ) : null}
      {onClose ? <CloseChatButton onClose={onClose} /> : null}
    </header>
  )

  const body = messagesQuery.isPending ? (
    <div className="flex flex-1 flex-col gap-3 p-4" aria-busy="true">
      <Skeleton className="h-9 w-2/3 rounded-2xl" />
      <Skeleton className="ml-auto h-9 w-1/2 rounded-2xl" />
      <Skeleton className="h-9 w-3/5 rounded-2xl" />
    </div>
  ) : (
    <MessageList
      messages={messages}
      meId={meId}
      hasOlder={!!messagesQuery.hasNextPage}
      loadingOlder={messagesQuery.isFetchingNextPage}
      onLoadOlder={() => void messagesQuery.fetchNextPage()}
      typing={typing}
      otherName={person?.fullname ?? t('chat.them')}
    />
  )

  return (
    <div className="flex min-h-0 flex-1">
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        {header}
        {body}
        <Composer
          onSend={onSend}
          onInput={signal.onInput}
          sending={send.isPending}
          autoFocus={variant === 'window'}
        />
      </div>
      {variant === 'page' && panelOpen ? (
        <div
          className={cn(
            'flex min-h-0 flex-col bg-white',
            // Narrower than xl the panel lies over the conversation (all of it on a phone, its right side on a
            // tablet); the same button closes it. From xl it is a column of its own.
            'absolute top-14 right-0 bottom-0 z-10 w-full sm:w-80 sm:border-l sm:shadow-lg',
            'xl:static xl:w-72 xl:shadow-none 2xl:w-80',
          )}
        >
          <JobsPanel
            jobs={jobs}
            selectedId={selectedJob}
            onSelect={setChosenJob}
            renderJobActions={renderJobActions}
          />
        </div>
      ) : null}
    </div>
  )
}
