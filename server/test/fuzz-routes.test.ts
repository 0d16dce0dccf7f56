import crypto from 'node:crypto'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildKit,
  fingerprint,
  nextAddress,
  PERSONAS,
  routeId,
  toInject,
  WEBHOOK_SECRET,
  type Kit,
  type Req,
  type RouteKey,
} from './authz-fixtures'
import { EXCLUDED, isExcludedByRule, MATRIX } from './authz-matrix'
import { injectAs } from './helpers'

/**
 * Property-based fuzzing of every route's body, query, params and a few headers (ADR 019). Each route is sent
 * hostile variations of a valid request by a signed-in user who may use it. Properties: never a 5xx; a 4xx comes
 * as the error envelope and leaves every application table exactly as it was.
 *
 * FUZZ_SEED picks the run (printed on failure); FUZZ_RUNS the number of requests per route.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123)
const RUNS = Number(process.env.FUZZ_RUNS ?? 20)

/**
 * Tables that may change while a refused request is answered: a wrong one-time code counts against the code
 * (otp_codes.attempts, product.md §4 "5 wrong tries then void"), and the scheduler's own bookkeeping
 * (scheduled_tasks), which its once-a-minute poll writes whatever requests arrive — a run of this file lasts longer
 * than a minute, so a poll can land between the two fingerprints. That poll's first due task is the daily
 * reconciliation (ADR 053), which writes its run and what it found.
 */
const MAY_CHANGE_ON_4XX = ['otp_codes', 'scheduled_tasks', 'reconciliation_runs', 'reconciliation_mismatches']

let kit: Kit
let routes: RouteKey[]
beforeAll(async () => {
  ;({ kit, routes } = await buildKit())
}, 120_000)
afterAll(() => kit?.ctx.close())

// ---- hostile values ----
const nasty = [
  "' OR 1=1 --",
  "'; drop table users; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '\u0000',
  'a\u0000b',
  '\u202eevil\u202d',
  '\u200b\u200c\ufeff',
  '\ud800',
  'x\udfffy',
  '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '../../etc/passwd',
  '%00',
  '%',
  '%E0%A4%A',
  '\\',
  '{{7*7}}',
  '${7*7}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  '-0',
  ' ',
  '',
  '__proto__',
  'constructor',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '2026-02-30',
  'http://127.0.0.1:1/',
  'file:///etc/passwd',
  'https://example.com/' + 'a'.repeat(3000),
]
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nasty) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 60 }).map((n) => 'x'.repeat(n * 1000)) },
  { weight: 1, arbitrary: fc.uuid() },
)
const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 1e308, -1e308, 2 ** 53 + 1, 0.1 + 0.2, 1e-7, 2 ** 31, -(2 ** 31) - 1, 123.456),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)
const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor')),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
  ),
}))
const deepObject = fc.integer({ min: 20, max: 400 }).map((n) => {
  let v: unknown = 'bottom'
  for (let i = 0; i < n; i++) v = { a: v }
  return v
})

/** The field names a route's zod schema names, if it is an object schema. */
function keysOf(schema: unknown): string[] {
  const s = schema as any
  const shape = s?.shape ?? s?.def?.in?.shape ?? s?.def?.innerType?.shape ?? s?.def?.schema?.shape
  return shape && typeof shape === 'object' ? Object.keys(shape) : []
}

type Op = { kind: 'set'; key: string; value: unknown } | { kind: 'delete'; key: string }
const opsFor = (keys: string[]) =>
  fc.array(
    fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        key: fc.oneof(fc.constantFrom(...keys, 'extra', '__proto__'), fc.string({ maxLength: 10 })),
        value: hostileValue,
      }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.constantFrom(...keys, 'extra') }),
    ),
    { minLength: 1, maxLength: 3 },
  )
const applyOps = (base: Record<string, unknown>, ops: Op[]) => {
  const out: Record<string, unknown> = { ...base }
  for (const op of ops)
    if (op.kind === 'set')
      Object.defineProperty(out, op.key, {
        value: op.value,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    else delete out[op.key]
  return out
}

/** Percent-encodes any string, lone surrogates included (as invalid UTF-8 bytes, which is hostile too). */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s)
  } catch {
    return [...Buffer.from(s, 'latin1')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')
  }
}
const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'))
const asciiHeader = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'x',
    'bytes=0-',
    'bytes=-1',
    'bytes=99999999-',
    'bytes=5-2',
    'bytes=abc',
    'key-12345678',
  ),
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength: 300,
  }),
)

interface Case {
  params: Record<string, string | null>
  query: { key: string; value: unknown }[]
  body:
    | { kind: 'ops'; ops: Op[] }
    | { kind: 'replace'; value: unknown }
    | { kind: 'deep'; value: unknown }
    | { kind: 'text'; value: string; type: string }
    | { kind: 'keep' }
  headers: Record<string, string>
  resign: boolean
}

function caseFor(route: RouteKey, valid: Req): fc.Arbitrary<Case> {
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1])
  const bodyKeys = [
    ...new Set([
      ...keysOf(route.schema?.body),
      ...(valid.body && typeof valid.body === 'object' ? Object.keys(valid.body) : []),
      ...Object.keys(valid.multipart?.fields ?? {}),
    ]),
  ]
  const queryKeys = [
    ...new Set([...keysOf(route.schema?.querystring), ...Object.keys(valid.query ?? {}), 'x']),
  ]
  return fc.record({
    params: fc.record(
      Object.fromEntries(paramNames.map((p) => [p, fc.option(hostileString.map(asText), { freq: 2 })])),
    ) as fc.Arbitrary<Record<string, string | null>>,
    query: fc.array(fc.record({ key: fc.constantFrom(...queryKeys), value: hostileValue }), { maxLength: 3 }),
    body: fc.oneof(
      {
        weight: 5,
        arbitrary: opsFor(bodyKeys.length ? bodyKeys : ['extra']).map((ops) => ({
          kind: 'ops' as const,
          ops,
        })),
      },
      { weight: 2, arbitrary: hostileValue.map((value) => ({ kind: 'replace' as const, value })) },
      { weight: 1, arbitrary: deepObject.map((value) => ({ kind: 'deep' as const, value })) },
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('text' as const),
          value: hostileString,
          type: fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json',
            'application/xml',
          ),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'keep' as const }) },
    ),
    headers: fc.dictionary(
      fc.constantFrom(
        'idempotency-key',
        'range',
        'x-razorpay-event-id',
        'x-request-id',
        'x-razorpay-signature',
      ),
      asciiHeader,
      { maxKeys: 2 },
    ),
    resign: fc.boolean(),
  })
}

/** The valid request with the case's changes, as inject options. */
function build(route: RouteKey, valid: Req, c: Case): InjectOptions {
  const params = Object.fromEntries(Object.entries(valid.params ?? {}).map(([k, v]) => [k, c.params[k] ?? v]))
  const base = toInject(route, {
    ...valid,
    params: Object.fromEntries(Object.keys(params).map((k) => [k, 'P'])),
  })
  // Put the (possibly hostile) params in by hand, so lone surrogates and bad escapes reach the server.
  let i = 0
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1])
  let url = route.url.replace(/:(\w+)/g, () => enc(params[names[i++]]))
  const q = [
    ...Object.entries(valid.query ?? {}).map(([k, v]) => `${enc(k)}=${enc(v)}`),
    ...c.query.flatMap(({ key, value }) =>
      (Array.isArray(value) ? value : [value]).map((v) => `${enc(key)}=${enc(asText(v))}`),
    ),
  ]
  if (q.length) url += `?${q.join('&')}`
  const headers: Record<string, string> = { ...(base.headers as Record<string, string>), ...c.headers }
  let payload = base.payload
  if (valid.multipart) {
    const fields: Record<string, string> = { ...valid.multipart.fields }
    if (c.body.kind === 'ops')
      for (const op of c.body.ops)
        if (op.kind === 'set') fields[op.key] = asText(op.value).replace(/[\r\n"]/g, ' ')
        else delete fields[op.key]
    const files =
      c.body.kind === 'replace'
        ? [
            {
              field: 'files',
              name: asText(c.body.value).replace(/[\r\n"]/g, '_'),
              type: 'image/png',
              data: Buffer.from(asText(c.body.value)),
            },
          ]
        : (valid.multipart.files ?? [])
    const m = toInject(route, {
      params: Object.fromEntries(names.map((n) => [n, 'P'])),
      multipart: { fields, files },
    })
    payload = m.payload
    Object.assign(headers, m.headers)
  } else if (c.body.kind === 'text') {
    payload = c.body.value
    headers['content-type'] = c.body.type
  } else if (c.body.kind !== 'keep' && route.method !== 'GET') {
    const body =
      c.body.kind === 'ops'
        ? applyOps(
            (typeof valid.body === 'string' ? JSON.parse(valid.body) : (valid.body ?? {})) as Record<
              string,
              unknown
            >,
            c.body.ops,
          )
        : c.body.value
    payload = JSON.stringify(body) ?? 'null'
    headers['content-type'] = 'application/json'
  }
  if (route.url.endsWith('/webhook') && c.resign && typeof payload === 'string') {
    headers['x-razorpay-signature'] = crypto
      .createHmac('sha256', WEBHOOK_SECRET)
      .update(payload)
      .digest('hex')
  }
  return { method: route.method as InjectOptions['method'], url, headers, payload }
}

const fuzzed = () => routes.filter((r) => !isExcludedByRule(r, routes) && !(routeId(r) in EXCLUDED))

describe('fuzzing every route', () => {
  it('fuzzes the same route table the matrix covers', () => {
    expect(fuzzed().length).toBeGreaterThan(50)
    for (const r of fuzzed())
      expect(
        MATRIX.some((m) => m.route === routeId(r)),
        routeId(r),
      ).toBe(true)
  })

  it('has a fingerprint that sees a change to any row', async () => {
    const before = await fingerprint(kit.ctx, MAY_CHANGE_ON_4XX)
    const res = await injectAs(kit.ctx.app, kit.s.client2, {
      method: 'PATCH',
      url: '/api/v1/notification/read-all',
    })
    expect(res.statusCode).toBe(200)
    expect(await fingerprint(kit.ctx, MAY_CHANGE_ON_4XX)).toEqual(before) // nothing unread: nothing changed
    await injectAs(kit.ctx.app, kit.s.client2, {
      method: 'POST',
      url: `/api/v1/posts/${kit.fx.post._id}/like`,
    })
    const after = await fingerprint(kit.ctx, MAY_CHANGE_ON_4XX)
    expect(
      Object.keys(after)
        .filter((t) => after[t] !== before[t])
        .sort(),
    ).toEqual(['notifications', 'post_likes', 'posts'])
  })

  it.each(MATRIX.filter((r) => !r.case).map((r, i) => [r.route, i] as const))(
    '%s: never a 5xx; a 4xx changes nothing',
    async (id, index) => {
      const route = fuzzed().find((r) => routeId(r) === id)!
      const row = MATRIX.find((r) => r.route === id && !r.case)!
      // The signed-in caller the matrix lets through (the owner, unless only someone else may).
      const signedIn = ['owner', 'other', 'wrongRole'] as const
      const persona = row.fuzzAs ?? signedIn.find((p) => row.expect[PERSONAS.indexOf(p)] < 300) ?? 'owner'
      const valid = await row.request(kit, persona)
      const session =
        valid.as?.[persona] ??
        kit.s[(row.who ?? { owner: 'client', other: 'client2', wrongRole: 'freelancer' })[persona]]
      const seed = SEED + index
      let failure = ''
      const fail = (opts: InjectOptions, why: string) => {
        const payload = typeof opts.payload === 'string' ? opts.payload : String(opts.payload ?? '')
        failure = `${why}\n  request: ${opts.method} ${String(opts.url).slice(0, 300)} ${payload.slice(0, 300)}`
        throw new Error(failure)
      }
      try {
        await fc.assert(
          fc.asyncProperty(caseFor(route, valid), async (c) => {
            const before = await fingerprint(kit.ctx, MAY_CHANGE_ON_4XX)
            const opts = build(route, valid, c)
            const res = await injectAs(kit.ctx.app, session, { ...opts, remoteAddress: nextAddress() })
            if (res.statusCode >= 500) fail(opts, `${res.statusCode} ${res.body.slice(0, 300)}`)
            if (res.statusCode >= 400) {
              const after = await fingerprint(kit.ctx, MAY_CHANGE_ON_4XX)
              const changed = Object.keys(after).filter((t) => after[t] !== before[t])
              if (changed.length)
                fail(opts, `${res.statusCode} changed ${changed.join(', ')}: ${res.body.slice(0, 200)}`)
              if (res.body) {
                const body = res.json()
                if (body.success !== false || typeof body.message !== 'string' || !body.message)
                  fail(opts, `${res.statusCode} without the error envelope: ${res.body.slice(0, 200)}`)
              }
            }
          }),
          { seed, numRuns: RUNS, endOnFailure: true },
        )
      } catch (e) {
        throw new Error(
          `${id} failed with FUZZ_SEED=${SEED} (route seed ${seed}): ${failure || `${(e as Error).message.slice(0, 1500)}\n  cause: ${String((e as any).cause?.stack ?? (e as any).cause).slice(0, 800)}`}`,
        )
      }
    },
    120_000,
  )
})
