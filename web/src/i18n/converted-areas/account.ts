/** Files and folders converted to the catalogues by the account work (see ../converted.ts). */
export const CONVERTED_ACCOUNT: string[] = [
  'web/src/components',
  'web/src/features/users',
  'web/src/features/companies',
  'web/src/features/alerts',
  'web/src/app/routes/profile.tsx',
  'web/src/app/routes/skills.tsx',
  'web/src/app/routes/settings/alerts.tsx',
  'web/src/app/routes/alerts-unsubscribe.tsx',
  'web/src/app/routes/simple-placeholders.tsx',
  'web/src/app/routes/route-error.tsx',
  'web/src/app/routes/profile-setup.ts',
  'web/src/app/compose/profile-setup.tsx',
]
