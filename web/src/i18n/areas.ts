// The catalogues are split by area (docs/decisions/068-catalogue-areas.md): `core` holds the chrome, sign-in and
// what every screen uses, and is fetched before the first screen; each other area is fetched with the routes that
// show it. A key's area is its first segment when that names an area (`jobs.apply` is in jobs.json), else core.
export const AREAS = [
  'core',
  'jobs',
  'posting',
  'feed',
  'chat',
  'money',
  'contract',
  'account',
  'admin',
] as const
export type Area = (typeof AREAS)[number]

const NAMED = new Set<string>(AREAS.filter((a) => a !== 'core'))

/** The catalogue file a key lives in. */
export function areaOf(key: string): Area {
  const first = key.slice(0, key.indexOf('.'))
  return (NAMED.has(first) ? first : 'core') as Area
}
