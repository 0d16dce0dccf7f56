import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}

/** First letter of a name, upper-cased, for avatar fallbacks (product.md §5 Profile). */
export function initialOf(name: string | undefined | null): string {
  const first = (name ?? '').trim().charAt(0)
  return first ? first.toUpperCase() : '?'
}
