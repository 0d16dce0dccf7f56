/** Files and folders converted to the catalogues by the jobs work (see ../converted.ts). */
export const CONVERTED_JOBS: string[] = ['web/src/features/jobs']
