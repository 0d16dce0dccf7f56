import type { FastifyInstance } from 'fastify'
import { injectAs, type Session } from './helpers'

/** A valid post-a-job body as the web form sends it (numbers as strings, every field present). */
export function jobBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'React developer for a booking widget',
    description: 'Build a small React widget that shows slots and books them through our API.',
    paymentType: 'one-time',
    locationPreference: 'Remote',
    amount: '15000',
    rate: '',
    units: '',
    frequency: '',
    duration: '2',
    skills: ['React', 'TypeScript'],
    total: '999999',
    ...overrides,
  }
}

/** Posts a job as `s` and returns it (throws unless 201). */
export async function postJob(app: FastifyInstance, s: Session, overrides: Record<string, unknown> = {}) {
  const res = await injectAs(app, s, { method: 'POST', url: '/api/v1/job/post', payload: jobBody(overrides) })
  if (res.statusCode !== 201) throw new Error(`post ${res.statusCode} ${res.body}`)
  return res.json().job
}

/** Applies to a job as `s` and returns the application (throws unless 201). */
export async function applyTo(app: FastifyInstance, s: Session, jobId: string, payload: object = {}) {
  const res = await injectAs(app, s, {
    method: 'POST',
    url: `/api/v1/application/jobs/${jobId}/apply`,
    payload,
  })
  if (res.statusCode !== 201) throw new Error(`apply ${res.statusCode} ${res.body}`)
  return res.json().application
}
