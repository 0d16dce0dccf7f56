import type { MessageKey } from '@/i18n'

/** The words each number of stars stands for, 1 to 5 ("Poor" … "Excellent"), as catalogue keys. */
export const STAR_WORDS: readonly MessageKey[] = [
  'contract.reviews.star.poor',
  'contract.reviews.star.fair',
  'contract.reviews.star.good',
  'contract.reviews.star.veryGood',
  'contract.reviews.star.excellent',
]
