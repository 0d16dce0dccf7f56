// The write mix of `npm run bench`'s mixed rows: chat at 50 messages a second, a like and an application each second
// and a job edit each second, through the API as members send them, while the reads are measured.
import { jobBody } from '../server/test/jobs'

export interface WriterPlan {
  /** Session tokens by persona: `chatter` writes to `partner`, `freelancer` likes and applies, `poster` edits. */
  tokens: Record<string, string>
  partner: string
  /** Posts to like, in turn (a second like of one takes it back: still a write). */
  posts: string[]
  /** Open jobs the freelancer has not applied to, one application each. */
  jobs: string[]
}

type Counts = Record<string, { ok: number; failed: number }>

/** Starts the writers; `stop` ends them, waits for the writes in flight and returns how many passed and failed. */
export function startWriters(appUrl: string, plan: WriterPlan): { stop(): Promise<Counts> } {
  const counts: Counts = {}
  const inFlight = new Set<Promise<void>>()
  const write = (kind: string, token: string, method: string, path: string, body?: unknown) => {
    const c = (counts[kind] ??= { ok: 0, failed: 0 })
    const p = fetch(appUrl + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
      .then(async (res) => {
        await res.arrayBuffer()
        if (res.ok) c.ok++
        else c.failed++
      })
      .catch(() => {
        c.failed++
      })
      .finally(() => inFlight.delete(p))
    inFlight.add(p)
  }
  let message = 0
  let like = 0
  const timers: NodeJS.Timeout[] = []
  let editJob: string | null = null
  let edits = 0
  // The poster's own job, edited back and forth (its terms stay, so no rule refuses the edit).
  const posting = fetch(`${appUrl}/api/v1/job/post`, {
    method: 'POST',
    headers: { authorization: `Bearer ${plan.tokens.poster}`, 'content-type': 'application/json' },
    body: JSON.stringify(jobBody({ title: 'Bench job, edited while reads run' })),
  })
    .then(async (res) => (res.ok ? ((await res.json()) as { job: { _id: string } }).job._id : null))
    .then((id) => {
      editJob = id
    })
    .catch(() => {})
  timers.push(
    setInterval(
      () =>
        write('chat', plan.tokens.chatter, 'POST', '/api/v1/chat/send', {
          receiver: plan.partner,
          content: `bench message ${++message}`,
        }),
      20,
    ),
    setInterval(() => {
      const post = plan.posts[like++ % plan.posts.length]
      if (post) write('like', plan.tokens.freelancer, 'POST', `/api/v1/posts/${post}/like`)
    }, 1000),
    setInterval(() => {
      const job = plan.jobs.shift()
      if (job) write('apply', plan.tokens.freelancer, 'POST', `/api/v1/application/jobs/${job}/apply`, {})
    }, 1000),
    setInterval(() => {
      if (!editJob) return
      write(
        'job edit',
        plan.tokens.poster,
        'PUT',
        `/api/v1/job/${editJob}`,
        jobBody({ title: `Bench job, edited while reads run (${++edits})` }),
      )
    }, 1000),
  )
  return {
    async stop() {
      for (const t of timers) clearInterval(t)
      await posting
      await Promise.all([...inFlight])
      return counts
    },
  }
}
