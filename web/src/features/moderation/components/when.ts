import { formatDateTime } from '@/i18n/format'

/** A date and time the operators read at a glance, in India's time and the reader's language (format.ts). */
export const whenText = (iso: string) => formatDateTime(iso)
