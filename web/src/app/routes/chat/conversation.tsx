import { useParams } from 'react-router'
import { Conversation } from '@/features/chat/components/conversation'
import type { RenderJobActions } from '@/features/chat/components/jobs-panel'
import { ConversationList } from '@/features/chat/components/conversation-list'
import { useT } from '@/i18n'
import { RequireAuth } from '@/lib/authorization'
import { useAuth } from '@/lib/auth'
import { useJob } from '@/features/jobs/api/get-job'
import { HiresPanel, JobPaymentActions } from '@/features/payments'
import { ChatShell } from './chat-shell'

/** The selected job's payment actions in the chat side panel (product.md §9): the full job is loaded for them. */
const renderJobPaymentActions: RenderJobActions = (job) => <PanelPaymentActions jobId={job._id} />

function PanelPaymentActions({ jobId }: { jobId: string }) {
  const { user } = useAuth()
  const t = useT()
  const { userId = '' } = useParams()
  const job = useJob(jobId)
  if (job.isPending) return <p className="text-sm text-slate-500">{t('chat.jobs.paymentsLoading')}</p>
  if (job.isError) return <p className="text-sm text-red-600">{t('chat.jobs.paymentsError')}</p>
  // A job with several hires: the money actions act on the contract with the person of this conversation.
  if ((job.data.openings ?? 1) > 1) return <HiresPanel jobId={jobId} viewer={user} withUser={userId} />
  return <JobPaymentActions job={job.data} viewer={user} />
}

/** /chat/:userId — one conversation (product.md §9), beside the list on a desktop. */
export function Component() {
  const t = useT()
  return (
    <RequireAuth>
      <title>{t('chat.conversation.docTitle')}</title>
      <ConversationPage />
    </RequireAuth>
  )
}

function ConversationPage() {
  const { user } = useAuth()
  const { userId = '' } = useParams()
  return (
    <ChatShell showListOnMobile={false} list={<ConversationList meId={user!._id} />}>
      <Conversation
        key={userId}
        userId={userId}
        meId={user!._id}
        variant="page"
        renderJobActions={renderJobPaymentActions}
      />
    </ChatShell>
  )
}
