/**
 * zod compiles object parsers with `new Function` when it may, and finds out by trying once. Under the page's CSP
 * (script-src 'self', no 'unsafe-eval') that try is refused and reported as a violation on every load. Off here, so the
 * policy stays strict and quiet (ADR 020). Imported first in start.tsx: zod decides when each schema is built.
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` (created if absent when zod loads, so that every copy
 * shares them); writing there rather than calling `z.config` keeps zod itself out of the first download (ADR 026).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
;(holder.__zod_globalConfig ??= {}).jitless = true

// A module (imported for its effect only).
export {}
