import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pino from 'pino'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { migrate } from './db/migrate'
import { createMailer } from './mail/mailer'
import { buildApp } from './app'
import { seedIfEmpty } from './seed/seed'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message)
      process.exit(2)
    }
    throw e
  }
  const log = pino({ level: config.LOG_LEVEL })
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
  })
  const applied = await migrate(database)
  if (applied.length) log.info({ applied }, 'migrations applied')
  if (database.kind === 'pglite' && config.SEED_DEMO === 'auto') {
    const seeded = await seedIfEmpty(database.db)
    if (seeded) log.info(`demo data loaded: ${seeded}`)
  }
  let redis: import('ioredis').Redis | undefined
  if (config.REDIS_URL) {
    const { Redis } = await import('ioredis')
    redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3, enableOfflineQueue: true })
  }
  const mailer = createMailer(
    { transport: config.MAIL_TRANSPORT, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM },
    log,
  )
  const app = await buildApp({
    config,
    database,
    mailer,
    redis,
    rateLimitNamespace: `${config.REDIS_PREFIX}-rl:`,
    realtimePrefix: `${config.REDIS_PREFIX}:sio`,
    logger: log,
    webDir: config.WEB_DIR ? path.resolve(config.WEB_DIR) : path.join(root, 'dist/web'),
  })

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    log.info(`${signal} received: finishing in-flight requests`)
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting')
      process.exit(1)
    }, 10_000)
    force.unref()
    try {
      await app.close()
      mailer.close()
      await redis?.quit()
      await database.close()
    } finally {
      process.exit(0)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  const address = await app.listen({ port: config.PORT, host: config.HOST })
  const url = config.PUBLIC_URL ?? `http://localhost:${(app.server.address() as { port: number }).port}`
  log.info(`Microlance is running at ${url} (listening on ${address}, database: ${database.kind})`)
  if (config.MAIL_TRANSPORT === 'console')
    log.info(
      'Sign-in codes are printed in this console. Demo accounts: asha@demo.microlance.in (client), ravi@demo.microlance.in (freelancer)',
    )
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
