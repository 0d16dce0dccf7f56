import type { FastifyReply } from 'fastify'
import { sendComputed, type ReadCache, type Scope } from './read-cache'

/**
 * JSON text the database already wrote (a job of a list page, ADR 081), placed in an answer object as it is: the
 * answer is serialised once and the text goes in unparsed. `people` are the user ids it shows (the read cache's
 * person tags, which `peopleIn` reads from parsed answers).
 */
export class RawJson {
  constructor(
    readonly json: string,
    readonly people: readonly string[] = [],
  ) {}
}

// A stand-in string JSON.stringify writes as "\u0000<n>": a NUL cannot occur in text PostgreSQL stores.
const MARK = '\u0000'
const MARKED = /"\\u0000(\d+)"/g

/** `JSON.stringify` of an answer, with every RawJson in it written as its text. */
export function stringifyAnswer(answer: unknown): string {
  const parts: string[] = []
  const text = JSON.stringify(answer, (_key, value: unknown) => {
    if (value instanceof RawJson) {
      parts.push(value.json)
      return MARK + (parts.length - 1)
    }
    return value
  })
  return parts.length ? text.replace(MARKED, (_m, i: string) => parts[Number(i)]) : text
}

/**
 * `sendCached` for an answer holding RawJson parts: the database wrote them in the schema's shape (a test holds each
 * producer to it), so the answer is not parsed again, only serialised once. Tags come from `scope.of` as usual.
 */
export function sendCachedAnswer<A>(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  compute: () => Promise<A>,
  scope: Scope<A>,
): Promise<FastifyReply> {
  return sendComputed(
    reply,
    cache,
    key,
    async () => {
      const answer = await compute()
      return { body: Buffer.from(stringifyAnswer(answer)), tags: scope.of?.(answer) }
    },
    scope as Scope,
  )
}
