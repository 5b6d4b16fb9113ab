import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { baseColumns, versioned } from './columns';

/**
 * A CRM lead (decision 022): a learner (or, once `/admin/leads/add` exists, a person who is not
 * one yet) whom an owner follows up. At most one lead per learner; its status and follow-up are
 * mirrored onto the learner's own columns in the same transaction (the learner list filters on them).
 */
export const leads = pgTable(
  'leads',
  {
    ...baseColumns,
    ...versioned,
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** For a lead who is not a learner yet (the leads issue): how to reach them. */
    name: text('name'),
    email: text('email'),
    mobile: text('mobile'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('Follow up'),
    followUpDate: date('follow_up_date'),
    followUpReason: text('follow_up_reason'),
    rejectionReason: text('rejection_reason'),
    rejectionSubReason: text('rejection_sub_reason'),
    /** Spec §4 "Source: 1 User, 2 System". */
    source: integer('source').notNull().default(2),
    note: text('note'),
    addedById: integer('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    addedByName: text('added_by_name').notNull(),
  },
  (t) => [
    uniqueIndex('leads_user_unique').on(t.userId).where(sql`${t.userId} is not null`),
    // An owner's work queue: their open leads by follow-up date.
    index('leads_owner_queue_idx').on(t.ownerId, t.status, t.followUpDate),
    index('leads_status_follow_up_idx').on(t.status, t.followUpDate),
    check('leads_status_check', sql`${t.status} in ('Follow up', 'In Progress', 'Done', 'Rejected')`),
    check('leads_source_check', sql`${t.source} in (1, 2)`),
    check('leads_person_check', sql`${t.userId} is not null or ${t.name} is not null`),
    check(
      'leads_rejection_check',
      sql`${t.status} = 'Rejected' or (${t.rejectionReason} is null and ${t.rejectionSubReason} is null)`,
    ),
  ],
);

/** A call made to a lead: who called, when, what came of it. Never edited (a record of what happened). */
export const callHistory = pgTable(
  'call_history',
  {
    ...baseColumns,
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** The lead's learner, copied from the lead: the row scope follows them. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    calledAt: timestamp('called_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome').notNull(),
    durationMinutes: integer('duration_minutes'),
    notes: text('notes'),
    calledById: integer('called_by_id').references(() => users.id, { onDelete: 'set null' }),
    calledByName: text('called_by_name').notNull(),
  },
  (t) => [
    index('call_history_lead_idx').on(t.leadId, t.calledAt),
    index('call_history_user_idx').on(t.userId, t.calledAt),
    check(
      'call_history_outcome_check',
      sql`${t.outcome} in ('Connected', 'Not answered', 'Busy', 'Switched off', 'Wrong number', 'Call back later')`,
    ),
    check('call_history_duration_check', sql`${t.durationMinutes} is null or ${t.durationMinutes} between 0 and 600`),
  ],
);
