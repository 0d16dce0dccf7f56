import { LANGUAGES } from '@common/languages'
import type { Arg } from '../i18n/format'
import { NOTIFICATION_TYPES } from '@common/notifications'
import { REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from '@common/schemas/report'
import {
  pgTable,
  uuid,
  text,
  integer,
  timestamp,
  primaryKey,
  bigint,
  boolean,
  numeric,
  jsonb,
  date,
  unique,
} from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').notNull().unique(),
  username: text('username').notNull().unique(),
  fullname: text('fullname').notNull(),
  email: text('email').notNull().unique(),
  phoneNumber: text('phone_number'),
  role: text('role', { enum: ['freelancer', 'client', 'admin'] })
    .notNull()
    .default('freelancer'),
  bio: text('bio').notNull().default(''),
  skills: text('skills').array().notNull().default([]),
  resume: text('resume'),
  resumeOriginalName: text('resume_original_name'),
  profilePhoto: text('profile_photo'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** The language screens, notifications and emails use for this person (0023_user_language.sql). */
  language: text('language', { enum: LANGUAGES }).notNull().default('en-IN'),
})
export type UserRow = typeof users.$inferSelect

export const otpCodes = pgTable(
  'otp_codes',
  {
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['signup', 'login'] }).notNull(),
    /** Who asked for it: `d:<device hash>` or `ip:<address>` (ADR 042). */
    requester: text('requester').notNull().default(''),
    /** The account it signs into, fixed when it was sent; null for a new address. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    fullname: text('fullname'),
    role: text('role'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.purpose, t.requester] })],
)

export const otpSends = pgTable('otp_sends', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  ip: text('ip').notNull(),
  requester: text('requester').notNull().default(''),
  known: boolean('known').notNull().default(false),
  sentAt: ts('sent_at').notNull().defaultNow(),
})

export const otpFailures = pgTable('otp_failures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  requester: text('requester').notNull(),
  known: boolean('known').notNull().default(false),
  at: ts('at').notNull().defaultNow(),
})

export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    lastSeen: ts('last_seen').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
)

export const emailChanges = pgTable('email_changes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  sentAt: ts('sent_at').notNull().defaultNow(),
})

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
})

export const uploads = pgTable('uploads', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  fileName: text('file_name').notNull().unique(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  originalName: text('original_name'),
  createdAt: ts('created_at').notNull().defaultNow(),
  // 0006_posts.sql: derived files of a post image, and when a post claimed the upload.
  parentId: uuid('parent_id'),
  variant: text('variant'),
  width: integer('width'),
  height: integer('height'),
  claimedAt: ts('claimed_at'),
})

// Jobs, applications, companies (0002_jobs.sql). The search_vector columns are kept by triggers and read only in SQL.

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  website: text('website'),
  description: text('description').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})
export type CompanyRow = typeof companies.$inferSelect

const paise = (name: string) => bigint(name, { mode: 'number' })

export const jobs = pgTable('jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  category: text('category').notNull().default('Jobs'),
  paymentType: text('payment_type', { enum: ['one-time', 'per-unit', 'recurring'] }).notNull(),
  amountPaise: paise('amount_paise'),
  ratePaise: paise('rate_paise'),
  units: integer('units'),
  cycles: integer('cycles'),
  frequency: text('frequency', { enum: ['weekly', 'monthly'] }),
  duration: numeric('duration', { precision: 10, scale: 2, mode: 'number' }),
  hours: numeric('hours', { precision: 10, scale: 2, mode: 'number' }),
  totalPaise: paise('total_paise').notNull(),
  fundedPaise: paise('funded_paise').notNull().default(0),
  fundedUnits: integer('funded_units').notNull().default(0),
  fundStatus: text('fund_status', { enum: ['Not Initiated', 'In Escrow', 'Released'] })
    .notNull()
    .default('Not Initiated'),
  status: text('status', { enum: ['draft', 'active', 'closed'] })
    .notNull()
    .default('draft'),
  locationPreference: text('location_preference').notNull().default('Remote'),
  remote: boolean('remote').notNull().default(true),
  jobType: text('job_type'),
  position: text('position'),
  experienceLevel: text('experience_level'),
  companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
  prizePaise: paise('prize_paise'),
  deadline: ts('deadline'),
  isFree: boolean('is_free').notNull().default(false),
  isDiscounted: boolean('is_discounted').notNull().default(false),
  skills: text('skills').array().notNull().default([]),
  views: integer('views').notNull().default(0),
  applicationProcess: text('application_process').notNull().default('quick-apply'),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  archivedAt: ts('archived_at'),
  openings: integer('openings').notNull().default(1),
  // Held for review when the post asks applicants to pay (0020_safety.sql, ADR 056): only 'clear' jobs are public.
  moderationStatus: text('moderation_status', { enum: ['clear', 'held', 'rejected'] })
    .notNull()
    .default('clear'),
  moderationReason: text('moderation_reason'),
  moderationNote: text('moderation_note'),
  moderatedBy: uuid('moderated_by'),
  moderatedAt: ts('moderated_at'),
})
export type JobRow = typeof jobs.$inferSelect

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resume: text('resume'),
    coverLetter: text('cover_letter').notNull().default(''),
    status: text('status', { enum: ['pending', 'accepted', 'rejected', 'interview', 'offer'] })
      .notNull()
      .default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('applications_once_per_job').on(t.jobId, t.applicantId)],
)
export type ApplicationRow = typeof applications.$inferSelect

export const jobViews = pgTable(
  'job_views',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.viewerKey, t.day] })],
)

export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
  message: text('message').notNull(),
  /** The catalogue key and arguments of `message`, rendered per reader (0024_notification_keys.sql, ADR 069). */
  messageKey: text('message_key'),
  /** Text, or raw money (`{paise}`) and moments (`{at}`) formatted for each reader (server/i18n/format.ts). */
  messageParams: jsonb('message_params').$type<Record<string, Arg>>(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  isRead: boolean('is_read').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
})
export type NotificationRow = typeof notifications.$inferSelect

// Hires are contracts (0011_contracts.sql, ADR 048): frozen price terms and a mirror of their own escrow.

export const contracts = pgTable('contracts', {
  id: uuid('id').primaryKey().defaultRandom(),
  jobId: uuid('job_id')
    .notNull()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'set null' }),
  clientId: uuid('client_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  freelancerId: uuid('freelancer_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['active', 'ended'] })
    .notNull()
    .default('active'),
  paymentType: text('payment_type', { enum: ['one-time', 'per-unit', 'recurring'] }).notNull(),
  amountPaise: paise('amount_paise'),
  ratePaise: paise('rate_paise'),
  units: integer('units'),
  cycles: integer('cycles'),
  frequency: text('frequency', { enum: ['weekly', 'monthly'] }),
  totalPaise: paise('total_paise').notNull(),
  escrowAccountKey: text('escrow_account_key').notNull(),
  holdsJobEscrow: boolean('holds_job_escrow').notNull().default(false),
  fundedPaise: paise('funded_paise').notNull().default(0),
  releasedPaise: paise('released_paise').notNull().default(0),
  refundedPaise: paise('refunded_paise').notNull().default(0),
  fundedUnits: integer('funded_units').notNull().default(0),
  releasedUnits: integer('released_units').notNull().default(0),
  refundedUnits: integer('refunded_units').notNull().default(0),
  fundStatus: text('fund_status', { enum: ['Not Initiated', 'In Escrow', 'Released'] })
    .notNull()
    .default('Not Initiated'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  endedAt: ts('ended_at'),
  /** Set while a dispute is open: release, refund and auto-release answer 409 `disputed` (ADR 055). */
  frozenAt: ts('frozen_at'),
})
export type ContractRow = typeof contracts.$inferSelect

// Escrow payments and the ledger (0004_payments.sql, ADR 011). Ledger rows are append-only.

export const paymentOrders = pgTable('payment_orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  provider: text('provider', { enum: ['sandbox', 'razorpay'] }).notNull(),
  providerOrderId: text('provider_order_id').notNull().unique(),
  jobId: uuid('job_id').notNull(),
  payerId: uuid('payer_id')
    .notNull()
    .references(() => users.id),
  paymentType: text('payment_type', { enum: ['one-time', 'per-unit', 'recurring'] }).notNull(),
  units: integer('units').notNull(),
  amountPaise: paise('amount_paise').notNull(),
  currency: text('currency').notNull().default('INR'),
  status: text('status', { enum: ['created', 'paid'] })
    .notNull()
    .default('created'),
  providerPaymentId: text('provider_payment_id').unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
  paidAt: ts('paid_at'),
  /** The contract it funds (0011); null for money paid in before anyone was hired. */
  contractId: uuid('contract_id'),
})
export type PaymentOrderRow = typeof paymentOrders.$inferSelect

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  providerPaymentId: text('provider_payment_id').notNull().unique(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => paymentOrders.id),
  status: text('status', { enum: ['captured', 'failed'] }).notNull(),
  amountPaise: paise('amount_paise').notNull(),
  source: text('source', { enum: ['verify', 'webhook', 'sandbox'] }).notNull(),
  errorDescription: text('error_description'),
  createdAt: ts('created_at').notNull().defaultNow(),
})

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  kind: text('kind', { enum: ['client', 'escrow', 'freelancer', 'platform', 'tax', 'provider'] }).notNull(),
  ownerId: uuid('owner_id'),
  jobId: uuid('job_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  contractId: uuid('contract_id'),
})

export const ledgerTransactions = pgTable('ledger_transactions', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['fund', 'release', 'refund', 'refund_settled', 'payout'] }).notNull(),
  jobId: uuid('job_id').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  units: integer('units').notNull().default(0),
  amountPaise: paise('amount_paise').notNull(),
  actorId: uuid('actor_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  contractId: uuid('contract_id'),
})

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  transactionId: uuid('transaction_id')
    .notNull()
    .references(() => ledgerTransactions.id),
  accountId: uuid('account_id')
    .notNull()
    .references(() => ledgerAccounts.id),
  amountPaise: paise('amount_paise').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
})

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)

export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
})

export const jobWorkEvents = pgTable('job_work_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  jobId: uuid('job_id')
    .notNull()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  freelancerId: uuid('freelancer_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['submit_work', 'request_payment'] }).notNull(),
  message: text('message').notNull().default(''),
  attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
  units: integer('units'),
  createdAt: ts('created_at').notNull().defaultNow(),
})

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userA: uuid('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: uuid('user_b')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('conversations_pair_unique').on(t.userA, t.userB)],
)
export type ConversationRow = typeof conversations.$inferSelect

export const messages = pgTable('messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  conversationId: uuid('conversation_id')
    .notNull()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  senderId: uuid('sender_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  receiverId: uuid('receiver_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  content: text('content').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  readAt: ts('read_at'),
  /** Carries contact details for paying outside Microlance, sent with no funded contract (0020_safety.sql). */
  offPlatform: boolean('off_platform').notNull().default(false),
})
export type MessageRow = typeof messages.$inferSelect

// The social feed (0006_posts.sql). posts.search_vector (0009_posts_search.sql) is kept by a trigger, read in SQL.

export const posts = pgTable('posts', {
  id: uuid('id').primaryKey().defaultRandom(),
  authorId: uuid('author_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: text('content').notNull().default(''),
  link: text('link'),
  linkPreview: jsonb('link_preview').$type<{
    url: string
    title: string | null
    description: string | null
    image: string | null
    siteName: string | null
  }>(),
  visibility: text('visibility', { enum: ['public'] })
    .notNull()
    .default('public'),
  likeCount: integer('like_count').notNull().default(0),
  commentCount: integer('comment_count').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
})
export type PostRow = typeof posts.$inferSelect

export const postMedia = pgTable(
  'post_media',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .unique()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type', { enum: ['image', 'video'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] })],
)

export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
)

export const postComments = pgTable('post_comments', {
  id: uuid('id').primaryKey().defaultRandom(),
  postId: uuid('post_id')
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' }),
  authorId: uuid('author_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: text('content').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
})
export type PostCommentRow = typeof postComments.$inferSelect

/** Periodic background work shared by all instances (migration 0007, ADR 018). */
export const scheduledTasks = pgTable('scheduled_tasks', {
  name: text('name').primaryKey(),
  nextRunAt: ts('next_run_at').notNull().defaultNow(),
  leaseOwner: uuid('lease_owner'),
  leaseUntil: ts('lease_until'),
  runs: integer('runs').notNull().default(0),
  lastStartedAt: ts('last_started_at'),
  lastFinishedAt: ts('last_finished_at'),
  lastError: text('last_error'),
})
export type ScheduledTaskRow = typeof scheduledTasks.$inferSelect

// Payout accounts (0012_payout_accounts.sql, ADR 049). The *_sealed columns are AES-256-GCM sealed by the app.
export const payoutAccounts = pgTable('payout_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', {
    enum: ['created', 'under_review', 'needs_clarification', 'activated', 'suspended'],
  })
    .notNull()
    .default('created'),
  legalName: text('legal_name').notNull(),
  panSealed: text('pan_sealed').notNull(),
  state: text('state').notNull(),
  gstinSealed: text('gstin_sealed'),
  bankAccountSealed: text('bank_account_sealed'),
  ifsc: text('ifsc'),
  upiSealed: text('upi_sealed'),
  requirements: text('requirements').array().notNull().default([]),
  providerAccountId: text('provider_account_id').unique(),
  providerStakeholderId: text('provider_stakeholder_id'),
  providerProductId: text('provider_product_id'),
  statusAt: ts('status_at').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect

// Money out (ADR 050): refunds at the provider, release splits and payouts, transfers, GST invoices, reconciliation.
export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  reference: text('reference').notNull().unique(),
  ledgerTransactionId: uuid('ledger_transaction_id')
    .notNull()
    .references(() => ledgerTransactions.id),
  jobId: uuid('job_id').notNull(),
  contractId: uuid('contract_id'),
  clientId: uuid('client_id')
    .notNull()
    .references(() => users.id),
  providerPaymentId: text('provider_payment_id').notNull(),
  amountPaise: paise('amount_paise').notNull(),
  status: text('status', { enum: ['pending', 'processed', 'failed'] })
    .notNull()
    .default('pending'),
  providerRefundId: text('provider_refund_id').unique(),
  bankReference: text('bank_reference'),
  failureReason: text('failure_reason'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  processedAt: ts('processed_at'),
})
export type RefundRow = typeof refunds.$inferSelect

export const payouts = pgTable('payouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  releaseTransactionId: uuid('release_transaction_id')
    .notNull()
    .unique()
    .references(() => ledgerTransactions.id),
  jobId: uuid('job_id').notNull(),
  contractId: uuid('contract_id').notNull(),
  freelancerId: uuid('freelancer_id')
    .notNull()
    .references(() => users.id),
  clientId: uuid('client_id')
    .notNull()
    .references(() => users.id),
  financialYear: text('financial_year').notNull(),
  grossPaise: paise('gross_paise').notNull(),
  feePaise: paise('fee_paise').notNull(),
  gstCgstPaise: paise('gst_cgst_paise').notNull().default(0),
  gstSgstPaise: paise('gst_sgst_paise').notNull().default(0),
  gstIgstPaise: paise('gst_igst_paise').notNull().default(0),
  tdsPaise: paise('tds_paise').notNull().default(0),
  tdsRateBps: integer('tds_rate_bps').notNull().default(0),
  tcsCgstPaise: paise('tcs_cgst_paise').notNull().default(0),
  tcsSgstPaise: paise('tcs_sgst_paise').notNull().default(0),
  tcsIgstPaise: paise('tcs_igst_paise').notNull().default(0),
  netPaise: paise('net_paise').notNull(),
  status: text('status', { enum: ['waiting_account', 'queued', 'transferring', 'paid', 'failed'] })
    .notNull()
    .default('waiting_account'),
  failureReason: text('failure_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  paidAt: ts('paid_at'),
})
export type PayoutRow = typeof payouts.$inferSelect

export const transfers = pgTable('transfers', {
  id: uuid('id').primaryKey().defaultRandom(),
  reference: text('reference').notNull().unique(),
  payoutId: uuid('payout_id')
    .notNull()
    .references(() => payouts.id),
  freelancerId: uuid('freelancer_id')
    .notNull()
    .references(() => users.id),
  providerPaymentId: text('provider_payment_id').notNull(),
  providerAccountId: text('provider_account_id').notNull(),
  amountPaise: paise('amount_paise').notNull(),
  status: text('status', { enum: ['pending', 'processed', 'failed', 'reversed'] })
    .notNull()
    .default('pending'),
  providerTransferId: text('provider_transfer_id').unique(),
  settlementId: text('settlement_id'),
  utr: text('utr'),
  settledAt: ts('settled_at'),
  failureReason: text('failure_reason'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  processedAt: ts('processed_at'),
})
export type TransferRow = typeof transfers.$inferSelect

export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastSeq: integer('last_seq').notNull().default(0),
})

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    seq: integer('seq').notNull(),
    payoutId: uuid('payout_id')
      .notNull()
      .unique()
      .references(() => payouts.id),
    freelancerId: uuid('freelancer_id')
      .notNull()
      .references(() => users.id),
    placeOfSupply: text('place_of_supply').notNull(),
    recipientGstinSealed: text('recipient_gstin_sealed'),
    taxablePaise: paise('taxable_paise').notNull(),
    cgstPaise: paise('cgst_paise').notNull().default(0),
    sgstPaise: paise('sgst_paise').notNull().default(0),
    igstPaise: paise('igst_paise').notNull().default(0),
    issuedAt: ts('issued_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.financialYear, t.seq)],
)
export type InvoiceRow = typeof invoices.$inferSelect

export const reconciliationRuns = pgTable('reconciliation_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  checked: integer('checked').notNull().default(0),
  mismatches: integer('mismatches').notNull().default(0),
  error: text('error'),
})

export const reconciliationMismatches = pgTable('reconciliation_mismatches', {
  id: uuid('id').primaryKey().defaultRandom(),
  runId: uuid('run_id')
    .notNull()
    .references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  subject: text('subject').notNull(),
  expected: text('expected'),
  actual: text('actual'),
  detail: text('detail').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
})

/** The sandbox payment provider's refunds, transfers and settlements, as Razorpay's entities (ADR 050). */
export const sandboxProviderObjects = pgTable('sandbox_provider_objects', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<'refund' | 'transfer' | 'settlement'>().notNull(),
  paymentId: text('payment_id'),
  accountId: text('account_id'),
  entity: jsonb('entity').$type<Record<string, any>>().notNull(),
  dueAt: ts('due_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
})

// Trust between strangers (0016_trust_clock.sql, ADR 055): the shared clock and each contract's timeline.

/** The test clock's offset (one row at most, written only when TEST_CLOCK=1); `app_now()` adds it to `now()`. */
export const appClock = pgTable('app_clock', {
  id: integer('id').primaryKey().default(1),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
})

export const CONTRACT_EVENT_KINDS = [
  'funded',
  'submitted',
  'changes_requested',
  'released',
  'auto_released',
  'refunded',
  'disputed',
  'dispute_answered',
  'settlement_proposed',
  'settlement_accepted',
  'settlement_declined',
  'resolved',
  'reviewed',
  'reminder_sent',
] as const
export type ContractEventKind = (typeof CONTRACT_EVENT_KINDS)[number]

/** What happened on a contract, in order (append-only): the timeline its page shows. */
export const contractEvents = pgTable('contract_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  contractId: uuid('contract_id')
    .notNull()
    .references(() => contracts.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: CONTRACT_EVENT_KINDS }).notNull(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: ts('created_at').notNull(),
})
export type ContractEventRow = typeof contractEvents.$inferSelect

// Disputes with free mediation (0018_disputes.sql, ADR 058): disputes, settlement proposals, the operators' audit log.

export const DISPUTE_STATUSES = ['open', 'resolved', 'settled'] as const
export const disputes = pgTable('disputes', {
  id: uuid('id').primaryKey().defaultRandom(),
  contractId: uuid('contract_id')
    .notNull()
    .references(() => contracts.id, { onDelete: 'cascade' }),
  openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
  reason: text('reason').notNull(),
  evidence: text('evidence').notNull().default(''),
  attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
  status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
  answerDueAt: ts('answer_due_at').notNull(),
  answer: text('answer'),
  answerAttachments: jsonb('answer_attachments').$type<string[]>().notNull().default([]),
  answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
  answeredAt: ts('answered_at'),
  releasePaise: paise('release_paise'),
  refundPaise: paise('refund_paise'),
  note: text('note'),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull(),
  closedAt: ts('closed_at'),
})
export type DisputeRow = typeof disputes.$inferSelect

export const disputeProposals = pgTable('dispute_proposals', {
  id: uuid('id').primaryKey().defaultRandom(),
  disputeId: uuid('dispute_id')
    .notNull()
    .references(() => disputes.id, { onDelete: 'cascade' }),
  proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
  releasePaise: paise('release_paise').notNull(),
  refundPaise: paise('refund_paise').notNull(),
  status: text('status', { enum: ['proposed', 'accepted', 'declined', 'withdrawn'] })
    .notNull()
    .default('proposed'),
  createdAt: ts('created_at').notNull(),
  decidedAt: ts('decided_at'),
})
export type DisputeProposalRow = typeof disputeProposals.$inferSelect

/** Append-only (a trigger raises on UPDATE, DELETE and TRUNCATE): what operators did on disputes. */
export const disputeAudit = pgTable('dispute_audit', {
  id: uuid('id').primaryKey().defaultRandom(),
  disputeId: uuid('dispute_id').notNull(),
  actorId: uuid('actor_id').notNull(),
  action: text('action', { enum: ['viewed_chat', 'resolved', 'note'] }).notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: ts('created_at').notNull(),
})
export type DisputeAuditRow = typeof disputeAudit.$inferSelect

// Reports to the operators (0020_safety.sql, ADR 056).

export const reports = pgTable('reports', {
  id: uuid('id').primaryKey().defaultRandom(),
  reporterId: uuid('reporter_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
  targetId: uuid('target_id').notNull(),
  targetOwnerId: uuid('target_owner_id').references(() => users.id, { onDelete: 'set null' }),
  reason: text('reason', { enum: REPORT_REASONS }).notNull(),
  details: text('details'),
  status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
  resolutionNote: text('resolution_note'),
  resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  resolvedAt: ts('resolved_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
})
export type ReportRow = typeof reports.$inferSelect

// Delivery and auto-release (0017_delivery.sql, ADR 057): each contract's review window.

/** A contract's review window: open while `dueAt` is set; claimed by the auto-release when it passes. */
export const contractReviews = pgTable('contract_reviews', {
  contractId: uuid('contract_id')
    .primaryKey()
    .references(() => contracts.id, { onDelete: 'cascade' }),
  startedAt: ts('started_at'),
  dueAt: ts('due_at'),
  remindAt: ts('remind_at'),
  units: integer('units'),
  submissions: integer('submissions').notNull().default(0),
  changesRequested: integer('changes_requested').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})
export type ContractReviewRow = typeof contractReviews.$inferSelect
