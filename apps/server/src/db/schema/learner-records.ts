import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { batches, users } from './auth';
import { baseColumns, versioned } from './columns';

/**
 * A learner's own records (decision 014). Each names its learner in `user_id` (deleted with
 * the learner), so row scopes follow the learner; the staff member who wrote it is recorded
 * by id (kept if that account goes) and by name (what the history shows).
 */
const learner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const staff = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

export const userFlags = pgTable(
  'user_flags',
  {
    ...baseColumns,
    ...versioned,
    userId: learner(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull().default('Live'),
    raisedById: staff('raised_by_id'),
    raisedByName: text('raised_by_name').notNull(),
  },
  (t) => [
    index('user_flags_user_idx').on(t.userId, t.createdAt),
    check('user_flags_status_check', sql`${t.status} in ('Live', 'Archived')`),
  ],
);

export const userFlagComments = pgTable(
  'user_flag_comments',
  {
    ...baseColumns,
    flagId: integer('flag_id')
      .notNull()
      .references(() => userFlags.id, { onDelete: 'cascade' }),
    userId: learner(),
    comment: text('comment').notNull(),
    /** The status this comment moved its flag to, if it did (archived it, or made it live again). */
    statusChange: text('status_change'),
    authorId: staff('author_id'),
    authorName: text('author_name').notNull(),
  },
  (t) => [
    index('user_flag_comments_flag_idx').on(t.flagId, t.createdAt),
    index('user_flag_comments_user_idx').on(t.userId),
  ],
);

export const strikes = pgTable(
  'strikes',
  {
    ...baseColumns,
    userId: learner(),
    type: text('type').notNull(),
    reason: text('reason').notNull(),
    givenById: staff('given_by_id'),
    givenByName: text('given_by_name').notNull(),
  },
  (t) => [
    index('strikes_user_idx').on(t.userId, t.createdAt),
    check('strikes_type_check', sql`${t.type} in ('Cheating', 'Discipline')`),
  ],
);

/** Issued by the system when a learner stops working; removing one marks it, the row stays. */
export const notWorkingWarnings = pgTable(
  'not_working_warnings',
  {
    ...baseColumns,
    userId: learner(),
    reason: text('reason').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedById: staff('removed_by_id'),
    removedByName: text('removed_by_name'),
    removalReason: text('removal_reason'),
  },
  (t) => [
    index('not_working_warnings_user_idx').on(t.userId, t.issuedAt),
    // The learner list's "No of warnings" counts these: a learner's warnings not removed.
    index('not_working_warnings_live_idx').on(t.userId).where(sql`${t.removedAt} is null`),
  ],
);

export const reactivationRequests = pgTable(
  'reactivation_requests',
  {
    ...baseColumns,
    ...versioned,
    userId: learner(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('Pending'),
    requestedById: staff('requested_by_id'),
    requestedByName: text('requested_by_name').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedById: staff('decided_by_id'),
    decidedByName: text('decided_by_name'),
    decisionNote: text('decision_note'),
  },
  (t) => [
    index('reactivation_requests_user_idx').on(t.userId, t.createdAt),
    index('reactivation_requests_status_idx').on(t.status, t.createdAt),
    // One open request per learner: a second one is a 409 until the first is decided.
    uniqueIndex('reactivation_requests_one_pending').on(t.userId).where(sql`${t.status} = 'Pending'`),
    check('reactivation_requests_status_check', sql`${t.status} in ('Pending', 'Fulfilled', 'Rejected')`),
  ],
);

/** The mentors assigned to a learner: one manager at most, any number of members. */
export const mentorTeamMembers = pgTable(
  'mentor_team_members',
  {
    ...baseColumns,
    userId: learner(),
    mentorId: integer('mentor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    assignedById: staff('assigned_by_id'),
    assignedByName: text('assigned_by_name'),
  },
  (t) => [
    uniqueIndex('mentor_team_members_pair').on(t.userId, t.mentorId),
    uniqueIndex('mentor_team_members_one_manager').on(t.userId).where(sql`${t.role} = 'manager'`),
    index('mentor_team_members_mentor_idx').on(t.mentorId),
    check('mentor_team_members_role_check', sql`${t.role} in ('manager', 'member')`),
  ],
);

/** A group of learners who build a project together. */
export const studentTeams = pgTable('student_teams', {
  ...baseColumns,
  ...versioned,
  name: text('name').notNull(),
  project: text('project'),
  batchId: integer('batch_id').references(() => batches.id, { onDelete: 'set null' }),
});

export const studentTeamMembers = pgTable(
  'student_team_members',
  {
    ...baseColumns,
    teamId: integer('team_id')
      .notNull()
      .references(() => studentTeams.id, { onDelete: 'cascade' }),
    userId: learner(),
    role: text('role').notNull(),
  },
  (t) => [
    uniqueIndex('student_team_members_pair').on(t.teamId, t.userId),
    index('student_team_members_user_idx').on(t.userId),
    check('student_team_members_role_check', sql`${t.role} in ('manager', 'member')`),
  ],
);
