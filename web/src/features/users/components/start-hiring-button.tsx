import { useNavigate } from 'react-router'
import { BriefcaseBusiness } from 'lucide-react'
import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { t as translate, useT } from '@/i18n'
import { toastError } from '@/lib/toast-error'
import { useSwitchRole } from '../api/switch-role'

const ms = TOAST.profileMs

/**
 * "Start hiring": one click makes a freelancer a client (POST /user/role, DECISIONS "Accounts and roles") and opens
 * the post-a-job form. They can switch back from the profile menu.
 */
export function StartHiringButton({ className }: { className?: string }) {
  const navigate = useNavigate()
  const switchRole = useSwitchRole()
  const t = useT()

  async function onClick() {
    try {
      const answer = await switchRole.mutateAsync('client')
      if (!answer.success) {
        toast.error(answer.message || translate('profile.switchFailed'), { duration: ms })
        return
      }
      toast.success(answer.message || translate('hiring.canPostJobs'), { duration: ms })
      navigate(paths.adminJobsCreate.href())
    } catch (error) {
      toastError(error, translate('profile.switchFailed'), { duration: ms })
    }
  }

  return (
    <Button onClick={() => void onClick()} disabled={switchRole.isPending} className={className}>
      {switchRole.isPending ? <Spinner /> : <BriefcaseBusiness aria-hidden />} {t('hiring.start')}
    </Button>
  )
}
