/** Files and folders converted to the catalogues by the posting work (see ../converted.ts). */
export const CONVERTED_POSTING: string[] = ['web/src/features/job-posting', 'web/src/app/routes/job-posting']
