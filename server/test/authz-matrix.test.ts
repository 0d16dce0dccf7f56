import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildKit, nextAddress, PERSONAS, routeId, toInject, type Kit, type RouteKey } from './authz-fixtures'
import { injectAs } from './helpers'
import { EXCLUDED, isExcludedByRule, MATRIX, type Row } from './authz-matrix'

let kit: Kit
let routes: RouteKey[]
beforeAll(async () => {
  ;({ kit, routes } = await buildKit())
}, 120_000)
afterAll(() => kit?.ctx.close())

const covered = () =>
  routes.filter((r) => !isExcludedByRule(r, routes) && !(routeId(r) in EXCLUDED)).map(routeId)

describe('the authorization matrix covers the route table', () => {
  it('has a row for every registered route', () => {
    expect(routes.length).toBeGreaterThan(50)
    const named = new Set(MATRIX.map((r) => r.route))
    expect(covered().filter((id) => !named.has(id))).toEqual([])
  })

  it('names no route that is not registered, and excludes only routes that exist or may exist', () => {
    const registered = new Set(routes.map(routeId))
    expect(MATRIX.map((r) => r.route).filter((id) => !registered.has(id))).toEqual([])
    // The SPA fallback exists only with a web build; every other exclusion must be a live route.
    expect(Object.keys(EXCLUDED).filter((id) => id !== 'GET /*' && !registered.has(id))).toEqual([])
  })
})

const label = (r: Row) => `${r.route}${r.case ? ` (${r.case})` : ''}`

describe.each(MATRIX.map((r) => [label(r), r] as const))('%s', (_name, row) => {
  let shared: Awaited<ReturnType<Row['request']>> | undefined
  const [method, url] = row.route.split(' ')
  const who = row.who ?? { owner: 'client', other: 'client2', wrongRole: 'freelancer' }

  it.each(PERSONAS.map((p, i) => [p, row.expect[i]] as const))('%s → %i', async (persona, status) => {
    const req = row.fresh ? await row.request(kit, persona) : (shared ??= await row.request(kit, persona))
    const session = persona === 'anonymous' ? null : (req.as?.[persona] ?? kit.s[who[persona]])
    const res = await injectAs(kit.ctx.app, session, {
      ...toInject({ method, url }, req),
      remoteAddress: nextAddress(),
    })
    expect(res.statusCode, `${persona} ${row.route}: ${res.body.slice(0, 300)}`).toBe(status)
    row.check?.(persona, res.json())
  })
})
