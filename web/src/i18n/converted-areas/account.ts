/** Files and folders converted to the catalogues by the account work (see ../converted.ts). */
export const CONVERTED_ACCOUNT: string[] = ['web/src/components', 'web/src/features/users']
