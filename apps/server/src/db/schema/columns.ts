import { integer, serial, timestamp } from 'drizzle-orm/pg-core';

/** Columns every table has. */
export const baseColumns = {
  id: serial('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Tables whose rows staff edit carry an optimistic-lock version. */
export const versioned = {
  version: integer('version').notNull().default(1),
};
