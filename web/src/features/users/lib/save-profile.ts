import { toast } from 'sonner'
import { TOAST } from '@common/limits'
import { t } from '@/i18n'
import { toastError } from '@/lib/toast-error'

const ms = TOAST.profileMs

/**
 * One profile save, from the edit dialog or the popover: runs `save` and toasts what went wrong.
 * Returns the answer when the server took it, null after a refusal or a failed request (both toasted);
 * the caller toasts the success, which differs by form.
 */
export async function saveProfile<T extends { success: boolean; message?: string }>(
  save: () => Promise<T>,
  /** Also told of a failed request (a form shows the server's field messages beside the fields). */
  onError?: (error: unknown) => void,
): Promise<T | null> {
  try {
    const answer = await save()
    if (answer.success) return answer
    toast.error(answer.message || t('profile.updateFailed'), { duration: ms })
  } catch (error) {
    toastError(error, t('profile.updateRequestFailed'), { duration: ms })
    onError?.(error)
  }
  return null
}

/** The trimmed name, or null after toasting that it cannot be empty. */
export function checkedName(fullname: string): string | null {
  const name = fullname.trim()
  if (!name) toast.error(t('profile.nameEmpty'), { duration: ms })
  return name || null
}
