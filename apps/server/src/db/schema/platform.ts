import { bigint, bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

/** Append-only: a trigger (migration 0001) refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    impersonatorId: integer('impersonator_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /**
     * The learner the written row belongs to (the learner themselves, or the owner of a
     * message, flag, strike...): a learner's history is one indexed read (decision 015).
     */
    subjectUserId: integer('subject_user_id'),
    /** A revert names the entry it undoes. */
    revertsAuditId: bigint('reverts_audit_id', { mode: 'number' }),
    /** Who made the write, spec §4 "Source": 1 User (a person), 2 System (scheduled work). */
    source: smallint('source').notNull().default(1),
    /** The request that made the write (its x-request-id and log lines); null for scheduled work. */
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_entity_idx').on(t.entity, t.entityId),
    index('audit_subject_idx').on(t.subjectUserId, t.id),
    index('audit_actor_idx').on(t.actorId),
    index('audit_created_idx').on(t.createdAt),
  ],
);

export const uploads = pgTable('uploads', {
  ...baseColumns,
  bucket: text('bucket').notNull(),
  key: text('key').notNull().unique(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  originalName: text('original_name'),
  uploadedBy: integer('uploaded_by'),
});

export const backendErrors = pgTable('backend_errors', {
  ...baseColumns,
  method: text('method').notNull(),
  url: text('url').notNull(),
  message: text('message').notNull(),
  stack: text('stack'),
  userId: integer('user_id'),
  /** The request that failed (its x-request-id and log lines); null for a failed job. */
  requestId: text('request_id'),
});

export const frontendErrors = pgTable('frontend_errors', {
  ...baseColumns,
  message: text('message').notNull(),
  stack: text('stack'),
  componentStack: text('component_stack'),
  url: text('url'),
  userAgent: text('user_agent'),
  userId: integer('user_id'),
});
