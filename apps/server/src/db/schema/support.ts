import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth';
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

/** Questions learners ask (Q&A); the inbox of mentors. Status: Un-Answered, Answered, Archive (spec §4). */
export const questions = pgTable(
  'questions',
  {
    ...baseColumns,
    ...versioned,
    title: text('title').notNull(),
    body: text('body').notNull(),
    askedById: integer('asked_by_id').references(() => users.id),
    status: text('status').notNull().default('Un-Answered'),
  },
  (t) => [index('questions_status_idx').on(t.status, t.createdAt)],
);

export const answers = pgTable(
  'answers',
  {
    ...baseColumns,
    ...versioned,
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    answeredBy: integer('answered_by'),
    answeredByName: text('answered_by_name'),
  },
  (t) => [index('answers_question_idx').on(t.questionId)],
);
