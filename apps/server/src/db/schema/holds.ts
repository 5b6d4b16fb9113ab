import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { baseColumns, versioned } from './columns';

/** The reasons a learner's programme may be paused, each with its longest hold (decision 013). */
export const holdTypes = pgTable(
  'hold_types',
  {
    ...baseColumns,
    ...versioned,
    name: text('name').notNull(),
    description: text('description'),
    maxDays: integer('max_days').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('hold_types_name_unique').on(sql`lower(${t.name})`)],
);

/** A learner's hold: from a day to a day (both included); "On Hold" while today is inside. */
export const learnerHolds = pgTable(
  'learner_holds',
  {
    ...baseColumns,
    ...versioned,
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    holdTypeId: integer('hold_type_id')
      .notNull()
      .references(() => holdTypes.id),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    reason: text('reason').notNull(),
    placedById: integer('placed_by_id').references(() => users.id, { onDelete: 'set null' }),
    placedByName: text('placed_by_name').notNull(),
  },
  (t) => [
    index('learner_holds_user_idx').on(t.userId, t.endDate),
    check('learner_holds_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);
