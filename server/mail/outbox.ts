import type { FastifyBaseLogger } from 'fastify'
import type { Mail, Mailer } from './mailer'

export interface Outbox {
  /** Queues a mail and returns at once: the answer to a request never waits for (or tells of) the mail server. */
  enqueue(mail: Mail): void
  /** Resolves when every queued mail has been delivered or given up on (tests and shutdown wait on it). */
  settled(): Promise<void>
  /** Stops retrying; mails still waiting are dropped (they carry codes that a person can ask for again). */
  close(): void
}

/**
 * Mail sent off the request path, with retries (ADR 042). A sign-in code must not make the answer slower for an
 * address that has an account than for one that has none, and a mail server that fails now and then must not turn
 * into an answer that differs by address. Codes live 10 minutes, so a queue in memory is enough: a mail lost in a
 * restart costs a resend, and no code is ever written down in plain text.
 */
export function createOutbox(
  mailer: Mailer,
  log: FastifyBaseLogger,
  opts: { retryDelaysMs?: number[] } = {},
): Outbox {
  const delays = opts.retryDelaysMs ?? [1_000, 5_000, 30_000, 120_000]
  let pending = 0
  let waiters: (() => void)[] = []
  const timers = new Set<NodeJS.Timeout>()
  let closed = false

  const done = () => {
    pending--
    if (pending === 0) {
      const w = waiters
      waiters = []
      for (const f of w) f()
    }
  }

  const attempt = (mail: Mail, tries: number) => {
    mailer.send(mail).then(done, (err: unknown) => {
      if (closed || tries >= delays.length) {
        log.error({ err, to: mail.to, tries: tries + 1 }, 'mail not delivered; giving up')
        done()
        return
      }
      log.warn({ err, to: mail.to, tries: tries + 1 }, 'mail not delivered; will retry')
      const t = setTimeout(() => {
        timers.delete(t)
        if (closed) {
          done()
          return
        }
        attempt(mail, tries + 1)
      }, delays[tries])
      t.unref()
      timers.add(t)
    })
  }

  return {
    enqueue(mail) {
      if (closed) return
      pending++
      // After the current turn: the caller's answer goes out first.
      setImmediate(() => attempt(mail, 0))
    },
    settled() {
      return pending === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))
    },
    close() {
      closed = true
      for (const t of timers) {
        clearTimeout(t)
        done()
      }
      timers.clear()
    },
  }
}
