import { clsx, type ClassValue } from 'clsx'
import { mergeClasses } from './class-merge'

/** Joins class names and lets later Tailwind utilities override earlier ones (class-merge.ts, ADR 079). */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs))
}

/** First letter of a name, upper-cased, for avatar fallbacks (product.md §5 Profile). */
export function initialOf(name: string | undefined | null): string {
  const first = (name ?? '').trim().charAt(0)
  return first ? first.toUpperCase() : '?'
}
