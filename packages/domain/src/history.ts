import { z } from 'zod';
import { recordId, version } from './fields';
import { isoDateTime } from './wire';

// ---------- Impersonation (decision 015) ----------
export const impersonateSchema = z.strictObject({
  userId: recordId('Learner'),
  reason: z
    .string({ message: 'Say why you need to act as this learner' })
    .trim()
    .min(1, 'Say why you need to act as this learner')
    .max(500, 'Keep the reason under 500 characters'),
});
export type ImpersonateInput = z.infer<typeof impersonateSchema>;
export const impersonationResultSchema = z.object({ token: z.string(), expiresAt: isoDateTime });
/** Stop: the admin names the impersonation session by its token (only the hash is looked up). */
export const stopImpersonationSchema = z.strictObject({
  token: z
    .string({ message: 'Send the impersonation token to end' })
    .min(1, 'Send the impersonation token to end')
    .max(200),
});

// ---------- A learner's history (decision 015) ----------
/** One changed field of an entry, with whether this reader may set it back and why not. */
export const historyChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** A reference field's values by name (decision 038): "Medical" for hold type 3; null when gone. */
  beforeLabel: z.string().nullable().optional(),
  afterLabel: z.string().nullable().optional(),
  /** For a reference field: the resource (or label source) its values name, so the console can link them. */
  reference: z.string().nullable().optional(),
  revertible: z.boolean(),
  /** Why it cannot be reverted, in words a person can act on. */
  reason: z.string().nullable(),
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

export const historyEntrySchema = z.object({
  id: z.number().int(),
  createdAt: isoDateTime,
  action: z.string(),
  entity: z.string(),
  /** The entity as a person says it ("Learner", "Message"). */
  entityLabel: z.string(),
  entityId: z.string().nullable(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  /** The admin behind an impersonation, when there was one. */
  impersonatorId: z.number().int().nullable(),
  impersonatorName: z.string().nullable(),
  revertsAuditId: z.number().int().nullable(),
  /** The record's version now (null when it is gone or has none): what a revert sends. */
  recordVersion: z.number().int().nullable(),
  changes: z.array(historyChangeSchema),
  /** Entries that are not a field-by-field change (impersonation, login) say what happened. */
  note: z.string().nullable(),
});
export type HistoryEntry = z.input<typeof historyEntrySchema>;

export const revertSchema = z.strictObject({
  auditId: z.number({ message: 'Choose the change to revert' }).int().min(1, 'Choose the change to revert'),
  field: z.string({ message: 'Choose the field to revert' }).trim().min(1, 'Choose the field to revert').max(100),
  /** The record's version as the reader saw it: stale -> 409, nothing written. */
  version,
});
export type RevertInput = z.infer<typeof revertSchema>;
export const revertResultSchema = z.object({
  auditId: z.number().int(),
  entity: z.string(),
  entityId: z.string(),
  field: z.string(),
  value: z.unknown(),
  version: z.number().int(),
});
