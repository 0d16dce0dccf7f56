import { LoginLink } from '@/components/login-link'
import { useT, type MessageKey } from '@/i18n'

const MARK = '\u0001'

/**
 * 'Log in to comment.' and the like, with 'Log in' a link back to this page: the sentence is one message with a
 * `{login}` slot, so each language puts the link where its word order wants it.
 */
export function LoginPrompt({ message, className }: { message: MessageKey; className?: string }) {
  const t = useT()
  const [before, after = ''] = t(message, { login: MARK }).split(MARK)
  return (
    <p className={className}>
      {before}
      <LoginLink className="font-medium text-primary hover:underline">{t('feed.logIn')}</LoginLink>
      {after}
    </p>
  )
}
