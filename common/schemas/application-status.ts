/** Application statuses (product.md §7); the poster may set only the decidable ones. */
export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected', 'interview', 'offer'] as const
export type ApplicationStatusValue = (typeof APPLICATION_STATUSES)[number]
export const DECIDABLE_STATUSES = ['accepted', 'rejected'] as const
