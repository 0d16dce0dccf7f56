/** Files and folders converted to the catalogues by the trust work (see ../converted.ts). */
export const CONVERTED_TRUST: string[] = [
  'web/src/features/delivery',
  'web/src/features/disputes',
  'web/src/features/reviews',
  'web/src/features/moderation',
  'web/src/app/routes/contract.tsx',
  'web/src/app/routes/admin-disputes.tsx',
  'web/src/app/routes/admin-reports.tsx',
]
