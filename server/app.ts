import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'
import Fastify, {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyInstance,
  type RouteOptions,
} from 'fastify'
import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { Redis } from 'ioredis'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { Database, Db } from './db/client'
import type { Mailer } from './mail/mailer'
import { tag, writeDrop } from './lib/cache-tags'
import { createReadCache, type ReadCache } from './lib/read-cache'
import { errorsPlugin } from './plugins/errors'
import { securityHeadersPlugin } from './plugins/security-headers'
import { webAppPlugin } from './plugins/web-app'
import { authPlugin } from './plugins/auth'
import { limitsPlugin } from './plugins/limits'
import { cachedSessionStore, sessionsRepo } from './modules/auth/sessions.repo'
import { otpService } from './modules/auth/otp.service'
import { authRoutes, emailChangeRoutes } from './modules/auth/auth.routes'
import { codeLimits } from './modules/auth/code-limits'
import { emailChangeService } from './modules/auth/email-change.service'
import { createOutbox, type Outbox } from './mail/outbox'
import { usersService } from './modules/users/users.service'
import { preferencesRoutes } from './modules/users/preferences.routes'
import { usersRoutes } from './modules/users/users.routes'
import { uploadsRoutes } from './modules/uploads/uploads.routes'
import { companiesService } from './modules/companies/companies.service'
import { companiesRoutes } from './modules/companies/companies.routes'
import { queryParser } from './modules/search/search.query'
import { searchService } from './modules/search/search.service'
import { searchRoutes } from './modules/search/search.routes'
import { jobsService } from './modules/jobs/jobs.service'
import { jobsRoutes } from './modules/jobs/jobs.routes'
import { applicationsService } from './modules/applications/applications.service'
import { applicationsRoutes } from './modules/applications/applications.routes'
import { createProvider } from './modules/payments/payments.provider'
import { paymentsService } from './modules/payments/payments.service'
import { paymentsRoutes, paymentsWebhookRoutes } from './modules/payments/payments.routes'
import { workRoutes } from './modules/payments/work.routes'
import { deliveryRoutes } from './modules/delivery/delivery.routes'
import { deliveryService } from './modules/delivery/delivery.service'
import { deliveryTask } from './modules/delivery/delivery.task'
import { refundsRoutes } from './modules/payments/refunds.routes'
import { refundSweepTask } from './modules/payments/refunds.task'
import { releasePreviewRoutes } from './modules/payments/release-preview.routes'
import { contractsService } from './modules/contracts/contracts.service'
import { contractsRoutes } from './modules/contracts/contracts.routes'
import { testClockRoutes } from './modules/contracts/test-clock.routes'
import { createLinkedAccountProvider } from './modules/payouts/payouts.provider'
import { payoutsService } from './modules/payouts/payouts.service'
import { payoutsRoutes, payoutsWebhookRoutes } from './modules/payouts/payouts.routes'
import { createSealer } from './modules/payouts/sealer'
import { transfersService } from './modules/payouts/transfers'
import { payoutsListRoutes, transfersRoutes } from './modules/payouts/transfers.routes'
import { documentsRoutes } from './modules/documents/documents.routes'
import { documentsService, platformFrom } from './modules/documents/documents.service'
import { chatService } from './modules/chat/chat.service'
import { chatRoutes } from './modules/chat/chat.routes'
import { notificationsRoutes } from './modules/notifications/notifications.routes'
import { attachRealtime, type RealtimeServer } from './realtime/server'
import { postsService } from './modules/posts/posts.service'
import { postsRoutes } from './modules/posts/posts.routes'
import { mediaSweepTask } from './modules/posts/media-sweeper'
import { startScheduler, type Scheduler } from './modules/tasks/scheduler'
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes'
import { reconciliationService } from './modules/reconciliation/reconciliation.service'
import { reconciliationTask } from './modules/reconciliation/reconciliation.task'
import { reviewsService } from './modules/reviews/reviews.service'
import { reviewsRoutes } from './modules/reviews/reviews.routes'
import { reviewsTask } from './modules/reviews/reviews.task'
import { jobModerationService } from './modules/jobs/jobs.moderation'
import { moderationRoutes, reportsRoutes } from './modules/reports/reports.routes'
import { reportsService } from './modules/reports/reports.service'
import { disputesService } from './modules/disputes/disputes.service'
import { contractDisputeRoutes, disputesRoutes } from './modules/disputes/disputes.routes'
import { alertsRoutes } from './modules/alerts/alerts.routes'
import { alertsService } from './modules/alerts/alerts.service'
import { alertsSweep, alertsTask } from './modules/alerts/alerts.sweep'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    database: Database
    config: Config
    io: RealtimeServer
    /** Mail that leaves after the answer; tests wait on `settled()`. */
    outbox: Outbox
    /** Periodic background work, once per period across instances (ADR 018). */
    tasks: Scheduler
    /** Read answers, dropped by the writes that change them (ADR 052). */
    readCache: ReadCache
  }
}

export interface AppDeps {
  config: Config
  database: Database
  mailer: Mailer
  redis?: Redis
  /** Key prefix for the shared rate-limit store (tests use their own so runs never meet). */
  rateLimitNamespace?: string
  /** A pino logger to share; otherwise one is made at LOG_LEVEL. */
  logger?: FastifyBaseLogger
  /** Directory of the built web app; served with an SPA fallback when it exists. */
  webDir?: string
  /** Prefix of Socket.IO's Redis stream and keys; instances that serve the same users share it. */
  realtimePrefix?: string
  /** How many recent broadcasts each instance keeps for restoring sessions (ADR 023; tests make it small). */
  recoveryLogSize?: number
  /** Link preview limits; tests widen the address policy to reach a local page. */
  linkPreview?: import('./modules/posts/link-preview').PreviewOptions
  /** Called for every route as it is registered (tests derive the authorization matrix from it). */
  onRoute?: (route: RouteOptions) => void
}

/** Builds the Fastify app: external plugins → app plugins → modules. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, mailer } = deps
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: { level: config.LOG_LEVEL } }),
    genReqId: (req) => {
      const h = req.headers['x-request-id']
      return typeof h === 'string' && /^[\w-]{1,64}$/.test(h) ? h : crypto.randomUUID()
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a bad escape, an over-long path segment) get the one error envelope too.
    frameworkErrors: (err, _req, reply) => {
      const long = err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      return (reply as unknown as FastifyReply).status(long ? 414 : 400).send({
        success: false,
        message: long ? 'A part of the address is too long' : 'The address is not valid',
        code: long ? 'url_too_long' : 'bad_url',
      })
    },
  }).withTypeProvider<ZodTypeProvider>()
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('db', database.db)
  app.decorate('database', database)
  app.decorate('config', config)

  await app.register(errorsPlugin)
  await app.register(cookie)
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 10, fields: 30 } })
  // The shared counts on a connection of their own whose commands from one turn of the event loop go out as one
  // write: under load, the counts of many chat messages share a round trip (ADR 023).
  const limitsRedis = deps.redis?.duplicate({ enableAutoPipelining: true })
  if (limitsRedis) app.addHook('onClose', async () => void (await limitsRedis.quit().catch(() => {})))
  await app.register(rateLimit, {
    global: false,
    ...(limitsRedis ? { redis: limitsRedis, nameSpace: deps.rateLimitNamespace ?? 'microlance-rl:' } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      success: false,
      message: `Too many requests. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
      code: 'rate_limited',
    }),
  })
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Razorpay Checkout (checkout.js and its frames) only when that provider is on.
        scriptSrc: [
          "'self'",
          ...(config.PAYMENT_PROVIDER === 'razorpay' ? ['https://checkout.razorpay.com'] : []),
        ],
        frameSrc:
          config.PAYMENT_PROVIDER === 'razorpay'
            ? ['https://api.razorpay.com', 'https://checkout.razorpay.com']
            : ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The same as frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Microlance API',
        version: '1.0.0',
        description: 'Freelance and micro-job marketplace for India',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs' })

  // Read answers (and the sessions behind them) cached briefly; a write drops, on every instance, only the answers
  // it can change (ADR 017, 025, 052).
  const readCache = createReadCache({ ttlMs: config.READ_CACHE_TTL_MS })
  app.decorate('readCache', readCache)
  app.addHook('onSend', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400)
      readCache.invalidate(writeDrop(req))
  })
  app.addHook('onClose', () => readCache.close())
  const sessions = cachedSessionStore(sessionsRepo(database.db), {
    ttlMs: config.READ_CACHE_TTL_MS,
    onDrop: readCache.onDrop,
  })
  await app.register(authPlugin, {
    secret: config.SESSION_SECRET,
    secureCookies: !!config.PUBLIC_URL?.startsWith('https:'),
    sessions,
  })
  const minute = 60_000
  await app.register(limitsPlugin, {
    ...(limitsRedis
      ? { shared: { redis: limitsRedis, namespace: deps.rateLimitNamespace ?? 'microlance-rl:' } }
      : {}),
    otp: { max: config.AUTH_RATE_LIMIT_PER_MIN, windowMs: minute },
    chatSend: { max: config.CHAT_SEND_PER_MIN, windowMs: minute },
    postCreate: { max: config.POST_CREATE_PER_MIN, windowMs: minute },
    comment: { max: config.COMMENT_CREATE_PER_MIN, windowMs: minute },
    apply: { max: config.APPLY_PER_MIN, windowMs: minute },
    upload: { max: config.UPLOAD_PER_MIN, windowMs: minute },
  })

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }))
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await database.ping()
      return { status: 'ready', database: database.kind }
    } catch {
      return reply.status(503).send({ success: false, message: 'Database unavailable', code: 'not_ready' })
    }
  })
  app.get('/api/v1/config', { schema: { tags: ['meta'] } }, async () => ({
    success: true,
    mailTransport: mailer.transport,
    paymentProvider: config.PAYMENT_PROVIDER,
  }))

  // Mail leaves after the answer, with retries (ADR 042).
  const outbox = createOutbox(mailer, app.log)
  app.decorate('outbox', outbox)
  app.addHook('onClose', async () => outbox.close())
  const codeRules = codeLimits({ db: database.db, ipHourlyLimit: config.OTP_IP_HOURLY_LIMIT, now: Date.now })
  const otp = otpService({
    db: database.db,
    outbox,
    transport: mailer.transport,
    secret: config.SESSION_SECRET,
    limits: codeRules,
  })
  const emailChange = emailChangeService({
    db: database.db,
    outbox,
    secret: config.SESSION_SECRET,
    limits: codeRules,
  })
  const users = usersService({ db: database.db, uploadsDir: config.uploadsDir })
  // Double-blind reviews and profile facts (ADR 060); a review becoming visible drops the answers showing its people.
  const reviews = reviewsService({
    db: database.db,
    days: config.REVIEW_DAYS,
    onVisible: (ids) => readCache.invalidate(ids.map(tag.person)),
  })
  await app.register(
    async (user) => {
      await user.register(authRoutes, { otp })
      await user.register(emailChangeRoutes, { emailChange })
      await user.register(preferencesRoutes)
      await user.register(usersRoutes, { users, emailChange, reputation: reviews.reputation })
    },
    { prefix: '/api/v1/user' },
  )
  await app.register(uploadsRoutes, { uploadsDir: config.uploadsDir })

  const companies = companiesService({ db: database.db })
  const parser = queryParser({ db: database.db })
  const jobs = jobsService({ db: database.db, companies, parser })
  const applications = applicationsService({ db: database.db, jobs })
  const search = searchService({ db: database.db, jobs, parser })
  await app.register(jobsRoutes, { prefix: '/api/v1/job', jobs, cache: readCache })
  await app.register(applicationsRoutes, { prefix: '/api/v1/application', applications })
  await app.register(companiesRoutes, { prefix: '/api/v1/company', companies })
  await app.register(searchRoutes, { prefix: '/api/v1/search', search, cache: readCache })
  // Saved searches and job alerts (ADR 064): routes here, the sweep on the scheduler below.
  await app.register(alertsRoutes, {
    prefix: '/api/v1/alerts',
    alerts: alertsService({ db: database.db }),
  })
  const alerts = alertsSweep(
    { db: database.db, outbox, log: app.log },
    {
      baseUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
      quietHours: config.ALERT_QUIET_HOURS,
      maxPerDay: config.ALERT_MAX_PER_DAY,
    },
  )
  // The sandbox provider keeps what it makes in the database, one provider for every instance (ADR 050).
  const provider = createProvider(config, fetch, { db: database.db })
  const sealer = createSealer(config.DATA_ENCRYPTION_KEY)
  const payments = paymentsService({
    db: database.db,
    jobs,
    provider,
    feeBps: config.PLATFORM_FEE_BPS,
    log: app.log,
    release: {
      platformState: config.PLATFORM_STATE,
      invoicePrefix: config.INVOICE_PREFIX,
      sealer,
      // The payout executor is made below; a release only calls this after it commits.
      onReleased: () => void transfers.kick(),
    },
  })
  jobs.onSettleEscrow(payments.refundUnreleased)
  for (const prefix of ['/api/payments', '/api/v1/payments']) {
    await app.register(paymentsRoutes, { prefix, payments })
    await app.register(paymentsWebhookRoutes, { prefix, payments, provider })
  }
  // Delivery (ADR 057): submitted work opens a review window; the sweep below releases it when it ends.
  const delivery = deliveryService({
    db: database.db,
    jobs,
    payments,
    outbox,
    windowMs: config.REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000,
    baseUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
    log: app.log,
  })
  await app.register(deliveryRoutes, { prefix: '/api/v1/contracts', delivery })
  await app.register(workRoutes, { prefix: '/api/v1/job', payments, delivery })
  await app.register(refundsRoutes, { prefix: '/api/v1/refunds', refunds: payments.refunds })
  await app.register(contractsRoutes, {
    prefix: '/api/v1/contracts',
    contracts: contractsService({ db: database.db }),
  })
  await app.register(reviewsRoutes, { prefix: '/api/v1', reviews })
  if (config.TEST_CLOCK === '1') {
    app.log.warn('TEST_CLOCK=1: POST /api/v1/test/clock can move every deadline; tests only')
    await app.register(testClockRoutes, { prefix: '/api/v1/test', db: database.db })
  }
  await app.register(releasePreviewRoutes, { prefix: '/api/v1/contracts', payments })
  // Disputes with free mediation (ADR 058): a dispute freezes the contract's escrow until it is settled or decided.
  const disputes = disputesService({ db: database.db, jobs, payments, mail: outbox })
  await app.register(contractDisputeRoutes, { prefix: '/api/v1/contracts', disputes })
  await app.register(disputesRoutes, { prefix: '/api/v1/disputes', disputes })
  // Payout details and their Razorpay Route linked account (ADR 049).
  const linkedAccounts = createLinkedAccountProvider(config, { db: database.db })
  // Released money to the freelancers' linked accounts (ADR 050).
  const transfers = transfersService({ db: database.db, provider: linkedAccounts.transfers, log: app.log })
  app.addHook('onClose', () => transfers.close())
  const payouts = payoutsService({
    db: database.db,
    sealer,
    provider: linkedAccounts,
    log: app.log,
    transfers,
  })
  await app.register(payoutsRoutes, { prefix: '/api/v1/payouts', payouts })
  await app.register(payoutsWebhookRoutes, {
    prefix: '/api/v1/payouts',
    payouts,
    webhookSecret: linkedAccounts.webhookSecret,
  })
  await app.register(payoutsListRoutes, { prefix: '/api/v1/payouts', transfers })
  await app.register(transfersRoutes, { prefix: '/api/v1/transfers', transfers })
  // GST invoices, receipts, payment advices and the yearly statement, as PDF and CSV (ADR 051).
  await app.register(documentsRoutes, {
    prefix: '/api/v1/documents',
    documents: documentsService({
      db: database.db,
      sealer: createSealer(config.DATA_ENCRYPTION_KEY),
      platform: platformFrom(config),
      log: app.log,
    }),
  })
  const chat = chatService({ db: database.db, jobs })
  await app.register(chatRoutes, { prefix: '/api/v1/chat', chat, cache: readCache })
  await app.register(notificationsRoutes, { prefix: '/api/v1/notification', cache: readCache })
  app.decorate(
    'io',
    attachRealtime(app, {
      sessions,
      chat,
      readCache,
      redis: deps.redis,
      prefix: deps.realtimePrefix ?? 'microlance:sio',
      recoveryLogSize: deps.recoveryLogSize ?? config.RECOVERY_LOG_SIZE,
    }),
  )
  const posts = postsService({
    db: database.db,
    uploadsDir: config.uploadsDir,
    publicUrl: config.PUBLIC_URL,
    users,
    preview: deps.linkPreview,
  })
  await app.register(postsRoutes, { prefix: '/api/v1/posts', posts, cache: readCache })
  // The daily reconciliation and the operators' money page (ADR 053).
  const reconciliation = reconciliationService({
    db: database.db,
    // What the provider holds per payment: refunds from the payment provider, Route transfers from the payouts one.
    provider: {
      listRefunds: (paymentId) => provider.listRefunds(paymentId),
      listTransfers: async (paymentId) =>
        (await linkedAccounts.transfers.listForPayment(paymentId)).map((t) => ({
          id: t.id,
          amountPaise: t.amount,
          status: t.status,
          reference: t.reference,
        })),
    },
    log: app.log,
    retry: () => ({
      refunds: app.hasRoute({ method: 'POST', url: '/api/v1/refunds/:id/retry' }),
      transfers: app.hasRoute({ method: 'POST', url: '/api/v1/transfers/:id/retry' }),
    }),
  })
  await app.register(reconciliationRoutes, { prefix: '/api/v1/admin', reconciliation })
  // Reports and held jobs (ADR 056): anyone signed in reports; operators decide.
  const reports = reportsService({ db: database.db })
  await app.register(reportsRoutes, { prefix: '/api/v1/reports', reports })
  await app.register(moderationRoutes, {
    prefix: '/api/v1/admin',
    reports,
    moderation: jobModerationService({ db: database.db }),
  })
  app.decorate(
    'tasks',
    startScheduler(app, database.db, [
      mediaSweepTask(database.db, {
        uploadsDir: config.uploadsDir,
        everyMs: 60 * 60 * 1000,
        olderThanMs: 24 * 60 * 60 * 1000,
      }),
      refundSweepTask(payments.refunds),
      reconciliationTask(reconciliation),
      { name: 'payout-transfers', everyMs: config.PAYOUT_SWEEP_MS, run: () => transfers.kick() },
      reviewsTask(reviews),
      alertsTask(alerts, config.ALERT_SWEEP_MS),
      deliveryTask(delivery, config.DELIVERY_SWEEP_MS),
    ]),
  )

  if (deps.webDir && fs.existsSync(path.join(deps.webDir, 'index.html'))) {
    await app.register(webAppPlugin, { webDir: deps.webDir })
  }
  return app
}
