import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { baseColumns, versioned } from './columns';

export const enquiries = pgTable(
  'enquiries',
  {
    ...baseColumns,
    ...versioned,
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    subject: text('subject'),
    message: text('message').notNull(),
    /** Request status of spec §4: Pending, Fulfilled, Rejected. */
    status: text('status').notNull().default('Pending'),
    response: text('response'),
  },
  (t) => [index('enquiries_status_idx').on(t.status, t.createdAt)],
);
