import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { baseColumns, versioned } from './columns';

/** The terms of an income-share agreement; money in minor units with its currency (decision 017). */
export const isaTypes = pgTable(
  'isa_types',
  {
    ...baseColumns,
    ...versioned,
    name: text('name').notNull(),
    description: text('description'),
    salaryPercent: numeric('salary_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    monthlyCapMinor: integer('monthly_cap_minor').notNull(),
    totalCapMinor: integer('total_cap_minor').notNull(),
    durationMonths: integer('duration_months').notNull(),
    minimumSalaryMinor: integer('minimum_salary_minor').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('isa_types_name_unique').on(sql`lower(${t.name})`),
    check('isa_types_caps_check', sql`${t.monthlyCapMinor} >= 0 and ${t.totalCapMinor} >= ${t.monthlyCapMinor}`),
    check('isa_types_percent_check', sql`${t.salaryPercent} > 0 and ${t.salaryPercent} <= 50`),
  ],
);

/**
 * A learner's ISA. One is current (`ended_at` null) per learner at most; a removed or replaced
 * one stays as history. `users.isa_status` and `users.isa_expiry_date` mirror the current one
 * and are written in the same transaction as every move.
 */
export const learnerIsas = pgTable(
  'learner_isas',
  {
    ...baseColumns,
    ...versioned,
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isaTypeId: integer('isa_type_id')
      .notNull()
      .references(() => isaTypes.id),
    status: text('status').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    assignedById: integer('assigned_by_id').references(() => users.id, { onDelete: 'set null' }),
    assignedByName: text('assigned_by_name'),
    documentDeadline: date('document_deadline').notNull(),
    expiryDate: date('expiry_date').notNull(),
    documentKey: text('document_key'),
    documentName: text('document_name'),
    documentType: text('document_type'),
    documentSize: integer('document_size'),
    documentUploadedAt: timestamp('document_uploaded_at', { withTimezone: true }),
    videoKey: text('video_key'),
    videoName: text('video_name'),
    videoType: text('video_type'),
    videoSize: integer('video_size'),
    videoUploadedAt: timestamp('video_uploaded_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedByName: text('verified_by_name'),
    /** Why it was terminated, opted out of or removed. */
    reason: text('reason'),
    /** Set when the ISA stops being the learner's current one (removed, or replaced by a new one). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('learner_isas_current_unique').on(t.userId).where(sql`${t.endedAt} is null`),
    index('learner_isas_user_idx').on(t.userId, t.id),
    // The sweep's two reads: open ISAs by deadline and by expiry.
    index('learner_isas_deadline_idx').on(t.documentDeadline).where(sql`${t.endedAt} is null`),
    index('learner_isas_expiry_idx').on(t.expiryDate).where(sql`${t.endedAt} is null`),
  ],
);

/** Every mail the server writes: queued until sent, failed with the SMTP error (decision 017). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    ...baseColumns,
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The learner it was written to, when it was (their history, row scopes). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.id),
    index('mail_outbox_user_idx').on(t.userId, t.id),
    check('mail_outbox_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);
