/** Files and folders converted to the catalogues by the money work (see ../converted.ts). */
export const CONVERTED_MONEY: string[] = [
  'web/src/features/documents',
  'web/src/features/payments',
  'web/src/features/operator-money',
  'web/src/features/payouts',
  'web/src/app/routes/admin-money.tsx',
  'web/src/app/routes/earnings.tsx',
  'web/src/app/routes/settings/payouts.tsx',
]
