import { CONVERTED_ACCOUNT } from './converted-areas/account'
import { CONVERTED_FEED_CHAT } from './converted-areas/feed-chat'
import { CONVERTED_JOBS } from './converted-areas/jobs'
import { CONVERTED_MONEY } from './converted-areas/money'
import { CONVERTED_POSTING } from './converted-areas/posting'
import { CONVERTED_TRUST } from './converted-areas/trust'

/**
 * The screens whose every user-visible text comes from the catalogues (issue 26). `catalogue-coverage.test.ts` reads
 * each file or folder listed here and fails on a visible text, placeholder, aria-label, title, alt or toast written
 * in the code. Add a screen here when it is converted; the list only grows.
 */
export const CONVERTED: string[] = [
  ...CONVERTED_ACCOUNT,
  ...CONVERTED_FEED_CHAT,
  ...CONVERTED_JOBS,
  ...CONVERTED_MONEY,
  ...CONVERTED_POSTING,
  ...CONVERTED_TRUST,
  'web/src/app/layout',
  'web/src/app/provider.tsx',
  'web/src/app/routes/not-found.tsx',
  'web/src/app/routes/auth',
  'web/src/features/auth',
  'web/src/features/users/components/profile-popover.tsx',
  'web/src/features/users/components/role-label.ts',
  'web/src/features/notifications/components',
  'web/src/features/chat/components/chat-unread-badge.tsx',
  'web/src/i18n',
  'web/src/lib/authorization.tsx',
]

/**
 * Texts that read the same in every language and may stay in code: the product's name, and the loading shell that
 * index.html paints before any catalogue can arrive (app-shell-fallback.test.ts keeps the two identical).
 */
export const SAME_IN_EVERY_LANGUAGE = new Set(['Microlance', 'English', 'हिंदी', 'you@example.com'])
export const NOT_SCANNED = new Set(['web/src/app/layout/app-shell-fallback.tsx'])
