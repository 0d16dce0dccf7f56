/** Files and folders converted to the catalogues by the jobs work (see ../converted.ts). */
export const CONVERTED_JOBS: string[] = [
  'web/src/features/jobs',
  'web/src/features/search',
  'web/src/features/applications',
  'web/src/app/routes/jobs.tsx',
  'web/src/app/routes/explore.tsx',
  'web/src/app/routes/search.tsx',
  'web/src/app/routes/description.tsx',
]
