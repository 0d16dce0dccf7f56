/** Files and folders converted to the catalogues by the trust work (see ../converted.ts). */
export const CONVERTED_TRUST: string[] = [
  'web/src/features/delivery',
  'web/src/features/disputes',
  'web/src/app/routes/admin-disputes.tsx',
]
