import { pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { contracts, users } from '../../db/schema'

// Reviews and badges (0019_reviews.sql, ADR 060). Kept beside the module rather than in db/schema.ts: no other
// module reads these tables except through the reviews service.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** An ended contract's review window: opened by a trigger the first time the contract is seen ended. */
export const reviewWindows = pgTable('review_windows', {
  contractId: uuid('contract_id')
    .primaryKey()
    .references(() => contracts.id, { onDelete: 'cascade' }),
  openedAt: ts('opened_at').notNull(),
})

/** One side's review of the other on a contract; seen by others only once `visibleAt` is set or the window closed. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorRole: text('author_role', { enum: ['client', 'freelancer'] }).notNull(),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull(),
    visibleAt: ts('visible_at'),
  },
  (t) => [unique().on(t.contractId, t.authorId)],
)
export type ReviewRow = typeof reviews.$inferSelect
