/** The ten opportunity categories of the job browser's dropdown (product.md §3), in the order it shows them. */
export const CATEGORIES = [
  'Internships',
  'Jobs',
  'Competitions',
  'Mentorship',
  'Courses',
  'Practice',
  'Scholarships',
  'Articles',
  'Conferences',
  'Workshops',
] as const
export type Category = (typeof CATEGORIES)[number]

/** The dropdown's first entry; the API treats it (or nothing) as "no category filter". */
export const ALL_CATEGORIES = 'All categories'
