import { sql } from 'drizzle-orm'
import { bigint, boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { ALERT_FREQUENCIES, APPLICANT_ALERT_FREQUENCIES } from '@common/schemas/alerts'
import { PAYMENT_TYPES } from '@common/schemas/job'
import { users } from '../../db/schema'

// Job alerts and saved searches (0021_alerts.sql). Kept beside the module rather than in db/schema.ts: nothing
// outside the alerts module reads these tables.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const savedSearches = pgTable('saved_searches', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  q: text('q').notNull().default(''),
  category: text('category'),
  state: text('state'),
  paymentType: text('payment_type', { enum: PAYMENT_TYPES }),
  minBudgetPaise: bigint('min_budget_paise', { mode: 'number' }),
  frequency: text('frequency', { enum: ALERT_FREQUENCIES }).notNull(),
  queryTs: text('query_ts'),
  matchKeys: text('match_keys').array().notNull(),
  cursorAt: ts('cursor_at').notNull().defaultNow(),
  digestAt: ts('digest_at')
    .notNull()
    .default(sql`app_now()`),
  lastSentAt: ts('last_sent_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
})
export type SavedSearchRow = typeof savedSearches.$inferSelect

export const alertPreferences = pgTable('alert_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  applicants: text('applicants', { enum: APPLICANT_ALERT_FREQUENCIES }).notNull().default('off'),
  applicantsCursorAt: ts('applicants_cursor_at').notNull().defaultNow(),
  applicantsDigestAt: ts('applicants_digest_at')
    .notNull()
    .default(sql`app_now()`),
})

export const alertDeliveries = pgTable('alert_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  kind: text('kind', { enum: ['jobs', 'applicants'] }).notNull(),
  itemCount: integer('item_count').notNull(),
  sentAt: ts('sent_at')
    .notNull()
    .default(sql`app_now()`),
})

export const alertUnsubscribeTokens = pgTable('alert_unsubscribe_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  searchIds: uuid('search_ids').array().notNull().default([]),
  applicants: boolean('applicants').notNull().default(false),
  label: text('label').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  usedAt: ts('used_at'),
})
