import { NOTIFICATION_TYPES } from '../../common/notifications'
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
})
export type UserRow = typeof users.$inferSelect

export const otpCodes = pgTable(
  'otp_codes',
  {
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['signup', 'login'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    fullname: text('fullname'),
    role: text('role'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.purpose] })],
)

export const otpSends = pgTable('otp_sends', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  ip: text('ip').notNull(),
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
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  isRead: boolean('is_read').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
})
export type NotificationRow = typeof notifications.$inferSelect

// The social feed (0006_posts.sql).

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
