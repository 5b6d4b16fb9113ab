import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { baseColumns, versioned } from './columns';

/**
 * An appointment of a mentor with a learner (decision 022): an interview of a spec §9 type at a
 * time, and once held, the learner's ratings on the spec §3 keys (the property names are the
 * spec's keys, the columns snake_case), each bounded by its maximum here as well as in the API.
 */
export const appointments = pgTable(
  'appointments',
  {
    ...baseColumns,
    ...versioned,
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mentorId: integer('mentor_id')
      .notNull()
      .references(() => users.id),
    interviewType: text('interview_type').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    status: text('status').notNull().default('Scheduled'),
    meetingLink: text('meeting_link'),
    notes: text('notes'),
    OverallRating: integer('overall_rating'),
    Communication: integer('communication'),
    Coding: integer('coding'),
    Explanation: integer('explanation'),
    Punctuality: integer('punctuality'),
    TechnicalKnowledge: integer('technical_knowledge'),
    feedback: text('feedback'),
    ratedById: integer('rated_by_id').references(() => users.id, { onDelete: 'set null' }),
    ratedByName: text('rated_by_name'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('appointments_user_idx').on(t.userId, t.scheduledAt),
    index('appointments_mentor_idx').on(t.mentorId, t.scheduledAt),
    check('appointments_status_check', sql`${t.status} in ('Scheduled', 'Completed', 'Cancelled', 'Missed')`),
    check('appointments_duration_check', sql`${t.durationMinutes} between 15 and 240`),
    check(
      'appointments_ratings_check',
      sql`(${t.OverallRating} is null or ${t.OverallRating} between 0 and 10)
        and (${t.Communication} is null or ${t.Communication} between 0 and 5)
        and (${t.Coding} is null or ${t.Coding} between 0 and 5)
        and (${t.Explanation} is null or ${t.Explanation} between 0 and 5)
        and (${t.Punctuality} is null or ${t.Punctuality} between 0 and 5)
        and (${t.TechnicalKnowledge} is null or ${t.TechnicalKnowledge} between 0 and 5)`,
    ),
    // Rated means every key rated, by someone, at a time.
    check(
      'appointments_rated_check',
      sql`(${t.ratedAt} is null) = (${t.OverallRating} is null)
        and (${t.OverallRating} is null) = (${t.Communication} is null)
        and (${t.OverallRating} is null) = (${t.Coding} is null)
        and (${t.OverallRating} is null) = (${t.Explanation} is null)
        and (${t.OverallRating} is null) = (${t.Punctuality} is null)
        and (${t.OverallRating} is null) = (${t.TechnicalKnowledge} is null)`,
    ),
  ],
);
