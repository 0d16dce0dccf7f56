import { z } from 'zod'

/**
 * zod compiles object parsers with `new Function` when it may, and finds out by trying once. Under the page's CSP
 * (script-src 'self', no 'unsafe-eval') that try is refused and reported as a violation on every load. Off here, so the
 * policy stays strict and quiet (ADR 020). Imported first in main.tsx: zod decides when each schema is built.
 */
z.config({ jitless: true })
