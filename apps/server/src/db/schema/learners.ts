import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { baseColumns } from './columns';

/** Messages staff send a learner: history, never edited or deleted; the sender is recorded by the server. */
export const messages = pgTable(
  'messages',
  {
    ...baseColumns,
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    senderId: integer('sender_id').references(() => users.id),
    senderName: text('sender_name').notNull(),
  },
  (t) => [index('messages_user_idx').on(t.userId, t.createdAt)],
);
