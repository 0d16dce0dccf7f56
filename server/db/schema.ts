import { pgTable, uuid, text, integer, timestamp, primaryKey, bigint } from 'drizzle-orm/pg-core'

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
})
