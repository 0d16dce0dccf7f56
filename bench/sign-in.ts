// Whether a code request tells accounts apart by its time (ADR 042): `send-login-otp` and `send-otp` for addresses
// that have an account and for addresses that have none, interleaved, against a real SMTP server that takes
// BENCH_MAIL_DELAY_MS to accept each message (the review measured 1.6 s against 0.1 s when mail went inside the
// request). Prints each kind's p50 / p95 / max and the gap between them; the mail delay is the ceiling a leak would
// show. Usage: npm run bench:sign-in   (BENCH_SIGNIN_N=200 requests of each kind, BENCH_MAIL_DELAY_MS=1500)
import crypto from 'node:crypto'
import { sql } from 'drizzle-orm'
import { createTestApp } from '../server/test/helpers'

const N = Number(process.env.BENCH_SIGNIN_N ?? 200)
const MAIL_DELAY_MS = Number(process.env.BENCH_MAIL_DELAY_MS ?? 1500)
const ACCOUNTS = Math.ceil(N / 3)

const ctx = await createTestApp({}, { mailDelayMs: MAIL_DELAY_MS })
try {
  // Accounts written straight to the database: signing each up would itself wait out the codes' limits.
  const known: string[] = []
  for (let i = 0; i < ACCOUNTS; i++) {
    const email = `bench-known-${i}@example.in`
    known.push(email)
    await ctx.database.db.execute(
      sql`insert into users (email, fullname, role, user_id, username)
          values (${email}, 'Bench Known', 'freelancer', ${`bk${i}`}, ${`benchknown${i}`})`,
    )
  }
  let ip = 0
  const nextIp = () => {
    ip++
    return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`
  }
  const time = async (url: string, payload: object) => {
    const t = performance.now()
    const res = await ctx.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() })
    const ms = performance.now() - t
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`)
    return ms
  }
  const runs: Record<string, number[]> = {
    'send-login-otp, account': [],
    'send-login-otp, no account': [],
    'send-otp, account': [],
    'send-otp, new address': [],
  }
  // Warm-up: the first requests pay for compiling the routes' SQL.
  for (let i = 0; i < 10; i++) await time('/api/v1/user/send-login-otp', { email: `warm-${i}@example.in` })
  for (let i = 0; i < N; i++) {
    const unknown = `bench-new-${crypto.randomBytes(5).toString('hex')}@example.in`
    runs['send-login-otp, account'].push(
      await time('/api/v1/user/send-login-otp', { email: known[i % ACCOUNTS] }),
    )
    runs['send-login-otp, no account'].push(await time('/api/v1/user/send-login-otp', { email: unknown }))
    runs['send-otp, account'].push(
      await time('/api/v1/user/send-otp', { email: known[(i + 1) % ACCOUNTS], fullname: 'Someone' }),
    )
    runs['send-otp, new address'].push(
      await time('/api/v1/user/send-otp', { email: `x-${unknown}`, fullname: 'Someone' }),
    )
  }
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b)
    return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]
  }
  console.log(
    `database: ${ctx.database.kind}; ${N} requests of each kind; mail server accepts in ${MAIL_DELAY_MS} ms`,
  )
  console.log('kind                          p50 ms   p95 ms   max ms')
  for (const [kind, xs] of Object.entries(runs))
    console.log(
      `${kind.padEnd(28)} ${pct(xs, 50).toFixed(2).padStart(7)} ${pct(xs, 95).toFixed(2).padStart(8)} ${Math.max(
        ...xs,
      )
        .toFixed(2)
        .padStart(8)}`,
    )
  const gap = (a: string, b: string) => Math.abs(pct(runs[a], 50) - pct(runs[b], 50))
  console.log(
    `p50 gap, login: ${gap('send-login-otp, account', 'send-login-otp, no account').toFixed(2)} ms; signup: ${gap(
      'send-otp, account',
      'send-otp, new address',
    ).toFixed(2)} ms (a mail sent inside the request would show as ${MAIL_DELAY_MS} ms)`,
  )
  await ctx.app.outbox.settled()
  console.log(`mail delivered after the answers: ${ctx.sink.mails.length}`)
} finally {
  await ctx.close()
}
