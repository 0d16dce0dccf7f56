// The statements a piece of work sends to the database, as the drivers receive them: for tests that hold a route to
// its number of round trips, and for the bench's EXPLAINs (bench/explain.ts).
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'

export interface Statement {
  text: string
  values: unknown[]
}

let recording: Statement[] | null = null
let pgliteClient: PGlite | null = null

/** Wraps the drivers' query functions once, so statements are recorded while `recordStatements` runs. */
function patchDrivers() {
  const pgProto = pg.Client.prototype as any
  if (!pgProto.__statementsPatched) {
    const orig = pgProto.query
    pgProto.query = function (this: unknown, config: any, values?: any, cb?: any) {
      if (recording && config) {
        const text = typeof config === 'string' ? config : config.text
        const vals = typeof config === 'string' ? values : (config.values ?? values)
        if (typeof text === 'string') recording.push({ text, values: Array.isArray(vals) ? vals : [] })
      }
      return orig.call(this, config, values, cb)
    }
    pgProto.__statementsPatched = true
  }
  let proto = PGlite.prototype as any
  while (proto && !Object.prototype.hasOwnProperty.call(proto, 'query')) proto = Object.getPrototypeOf(proto)
  if (proto && !proto.__statementsPatched) {
    const orig = proto.query
    proto.query = function (this: PGlite, text: string, values?: unknown[], opts?: unknown) {
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- the app's PGlite instance is reachable only here
      pgliteClient = this
      if (recording) recording.push({ text, values: values ?? [] })
      return orig.call(this, text, values, opts)
    }
    proto.__statementsPatched = true
  }
}
patchDrivers()

/** Runs `work`, recording every statement sent meanwhile (run one piece of work at a time). */
export async function recordStatements<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: Statement[] }> {
  const statements: Statement[] = []
  recording = statements
  try {
    return { result: await work(), statements }
  } finally {
    recording = null
  }
}

/** The PGlite instance that last ran a statement (the app's: it is one connection), or null. */
export const lastPglite = () => pgliteClient
