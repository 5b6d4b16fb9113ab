import { z } from 'zod';
import { CURRENCIES, ISA_STATUSES } from './enums';
import { boundedDay, moneyMinor, optionalText, recordId, requiredName, requiredText, updateOf } from './fields';
import type { ResourceDef } from './resource';
import { idParam, isoDateTime } from './wire';

// ---------- ISA types (/admin/isa/*) ----------
/**
 * An income-share agreement's terms: the learner pays a share of their salary each month once
 * placed above a minimum salary, capped per month and in total, for some months. Money is in
 * minor units (paise, cents) with a currency code, never a float (decision 017).
 */
export const isaTypeCreateSchema = z.strictObject({
  name: requiredName('Name', 120),
  description: optionalText(1000),
  salaryPercent: z
    .number({ message: 'Enter the share of salary in percent' })
    .min(0.01, 'At least 0.01%')
    .max(50, 'At most 50%')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'At most two decimals (for example 12.5)'),
  currency: z.enum(['INR', 'USD'], { message: 'Choose INR or USD' }),
  monthlyCapMinor: moneyMinor,
  totalCapMinor: moneyMinor,
  durationMonths: z
    .number({ message: 'Enter the duration in months' })
    .int('Months are a whole number')
    .min(1, 'At least 1 month')
    .max(120, 'At most 120 months'),
  minimumSalaryMinor: moneyMinor,
  active: z.boolean().optional(),
});

/** Caps that contradict each other are refused (create and update alike, on the row as it will be). */
export function isaTypeIssues(row: Record<string, unknown>): { path: string[]; message: string }[] {
  const monthly = Number(row.monthlyCapMinor);
  const total = Number(row.totalCapMinor);
  return monthly > total ? [{ path: ['totalCapMinor'], message: 'The total cap cannot be below the monthly cap' }] : [];
}

export const isaTypeResource: ResourceDef = {
  path: 'isa',
  permission: 'isaType',
  label: 'ISA type',
  pluralLabel: 'ISA types',
  screens: { slug: 'isa-types', area: 'Configuration' },
  titleField: 'name',
  createSchema: isaTypeCreateSchema,
  updateSchema: updateOf(isaTypeCreateSchema),
  defaultSort: { field: 'name', dir: 'asc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    { name: 'name', label: 'Name', type: 'string', list: true, filter: true, sort: true, form: true, required: true },
    { name: 'description', label: 'Description', type: 'text', form: true },
    {
      name: 'salaryPercent',
      label: 'Share of salary (%)',
      type: 'number',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
      description: 'Paid each month once placed, for example 15 or 12.5',
    },
    { name: 'currency', label: 'Currency', type: 'enum', options: CURRENCIES, list: true, filter: true, form: true },
    {
      name: 'monthlyCapMinor',
      label: 'Monthly cap (paise/cents)',
      type: 'integer',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
      description: 'In the smallest unit: ₹25,000 is 2500000',
    },
    {
      name: 'totalCapMinor',
      label: 'Total cap (paise/cents)',
      type: 'integer',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
      description: 'The most the learner ever pays, in the smallest unit',
    },
    {
      name: 'durationMonths',
      label: 'Duration (months)',
      type: 'integer',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
    },
    {
      name: 'minimumSalaryMinor',
      label: 'Minimum salary (paise/cents a year)',
      type: 'integer',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
      description: 'Below this yearly salary the learner pays nothing',
    },
    { name: 'active', label: 'Offered', type: 'boolean', list: true, filter: true, form: true },
  ],
};

// ---------- The ISA's lifecycle, as data ----------
export type IsaStatus = (typeof ISA_STATUSES)[number]['value'];

/**
 * The moves of an ISA. `system` moves are made by the scheduled sweep only (spec §4 Source
 * "2 System"); the rest are staff calls. Each move names, per status it may start from, the
 * status it leads to; a move absent for a status is refused (409 with the allowed moves).
 */
export const ISA_MOVES = [
  'assign',
  'changeType',
  'submitDocuments',
  'uploadVideo',
  'verify',
  'extend',
  'resend',
  'requestTermination',
  'cancelTermination',
  'terminate',
  'optOut',
  'remove',
  'deadlinePassed',
  'expire',
] as const;
export type IsaMove = (typeof ISA_MOVES)[number];

export const ISA_SYSTEM_MOVES: readonly IsaMove[] = ['deadlinePassed', 'expire'];
export const ISA_STAFF_MOVES = ISA_MOVES.filter((m) => !ISA_SYSTEM_MOVES.includes(m));

/** Labels of the moves, for buttons and the history. */
export const ISA_MOVE_LABELS: Record<IsaMove, string> = {
  assign: 'Assign ISA',
  changeType: 'Change ISA type',
  submitDocuments: 'Upload documents',
  uploadVideo: 'Upload acceptance video',
  verify: 'Verify',
  extend: 'Extend',
  resend: 'Resend ISA link',
  requestTermination: 'Request termination',
  cancelTermination: 'Cancel termination',
  terminate: 'Terminate',
  optOut: 'Opt out',
  remove: 'Remove ISA',
  deadlinePassed: 'Document deadline passed',
  expire: 'Expired',
};

const OPEN: IsaStatus[] = [
  'Documents Not Submitted',
  'Document Submission Overdue',
  'ISA Submitted',
  'ISA Acceptance Video Uploaded',
];
const ENDED: IsaStatus[] = ['ISA Terminated', 'ISA Expired', 'Opted out from ISA'];
const same = (statuses: IsaStatus[]) => Object.fromEntries(statuses.map((s) => [s, s])) as Record<IsaStatus, IsaStatus>;
const to = (statuses: IsaStatus[], target: IsaStatus) =>
  Object.fromEntries(statuses.map((s) => [s, target])) as Record<IsaStatus, IsaStatus>;

/** move -> (from status -> to status). The whole machine; the diagram is in decision 017. */
export const ISA_TRANSITIONS: Record<IsaMove, Partial<Record<IsaStatus, IsaStatus>>> = {
  // A new ISA, for a learner without one or whose last one ended (that one stays as history).
  assign: to(['Not Assigned', ...ENDED], 'Documents Not Submitted'),
  changeType: same(OPEN),
  submitDocuments: {
    'Documents Not Submitted': 'ISA Submitted',
    'Document Submission Overdue': 'ISA Submitted',
    'ISA Submitted': 'ISA Submitted',
    'ISA Acceptance Video Uploaded': 'ISA Acceptance Video Uploaded',
  },
  uploadVideo: {
    'ISA Submitted': 'ISA Acceptance Video Uploaded',
    'ISA Acceptance Video Uploaded': 'ISA Acceptance Video Uploaded',
  },
  verify: { 'ISA Acceptance Video Uploaded': 'ISA Verified' },
  // New dates: an overdue ISA gets a new document deadline and waits for documents again.
  extend: {
    'Documents Not Submitted': 'Documents Not Submitted',
    'Document Submission Overdue': 'Documents Not Submitted',
    'ISA Verified': 'ISA Verified',
  },
  resend: same(OPEN),
  requestTermination: { 'ISA Verified': 'Termination Pending' },
  cancelTermination: { 'Termination Pending': 'ISA Verified' },
  terminate: { 'Termination Pending': 'ISA Terminated' },
  optOut: to(OPEN, 'Opted out from ISA'),
  // Before it is verified, or once it ended: a verified ISA ends by termination.
  remove: to([...OPEN, ...ENDED], 'Not Assigned'),
  deadlinePassed: { 'Documents Not Submitted': 'Document Submission Overdue' },
  expire: to([...OPEN, 'ISA Verified'], 'ISA Expired'),
};

/** Where `move` leads from `status`, or null when it may not be made from there. */
export function isaMoveTarget(status: IsaStatus, move: IsaMove): IsaStatus | null {
  return ISA_TRANSITIONS[move][status] ?? null;
}

/** The staff moves open from `status` (what the console offers, what a 409 names). */
export function allowedIsaMoves(status: IsaStatus): IsaMove[] {
  return ISA_STAFF_MOVES.filter((m) => isaMoveTarget(status, m) !== null);
}

/** An ISA row exists (assigned, possibly ended) in every status but Not Assigned. */
export const ISA_ASSIGNED_STATUSES = ISA_STATUSES.map((s) => s.value).filter((s) => s !== 'Not Assigned');

// ---------- Calls of a learner's ISA (/admin/user/isa/*) ----------
const isaTypeId = z
  .number({ message: 'Choose an ISA type' })
  .int()
  .min(1, 'Choose an ISA type')
  .max(2_147_483_647, 'Choose an ISA type');
/** An ISA runs for years (up to 120 months): its dates may lie further ahead than a learner's other dates. */
export const ISA_DATE_BOUNDS = { min: '2015-01-01', yearsAhead: 12 };
const day = (label: string) => boundedDay(label, ISA_DATE_BOUNDS);
const isaVersion = z.number({ message: 'Reload the ISA and try again' }).int().min(1);

export const isaAssignSchema = z.strictObject({
  userId: recordId('Learner'),
  isaTypeId,
  /** Unset: 14 days from today. */
  documentDeadline: day('Document deadline').optional(),
  /** Unset: the type's duration in months from today. */
  expiryDate: day('Expiry date').optional(),
});

export const isaVerifySchema = z.strictObject({ userId: recordId('Learner'), version: isaVersion });

export const isaExtendSchema = z
  .strictObject({
    userId: recordId('Learner'),
    version: isaVersion,
    documentDeadline: day('Document deadline').optional(),
    expiryDate: day('Expiry date').optional(),
  })
  .refine((b) => b.documentDeadline || b.expiryDate, {
    path: ['expiryDate'],
    message: 'Enter a new document deadline or a new expiry date',
  });

/** The moves `isa/update` makes: a change of type, and the moves that end an ISA or step toward it. */
export const ISA_UPDATE_MOVES = [
  'changeType',
  'requestTermination',
  'cancelTermination',
  'terminate',
  'optOut',
] as const;
export const isaUpdateSchema = z
  .strictObject({
    userId: recordId('Learner'),
    version: isaVersion,
    move: z.enum(ISA_UPDATE_MOVES, { message: 'Choose what to do with the ISA' }),
    isaTypeId: isaTypeId.optional(),
    reason: optionalText(1000),
  })
  .refine((b) => b.move !== 'changeType' || b.isaTypeId, { path: ['isaTypeId'], message: 'Choose an ISA type' })
  .refine((b) => !['requestTermination', 'terminate', 'optOut'].includes(b.move) || b.reason?.trim(), {
    path: ['reason'],
    message: 'Say why',
  });

export const isaRemoveSchema = z.strictObject({
  userId: recordId('Learner'),
  version: isaVersion,
  reason: requiredText('Reason', 1000),
});

export const isaResendSchema = z.strictObject({ userId: recordId('Learner') });

export const isaUserQuerySchema = z.object({ userId: idParam });
/** The file calls also take a short-lived ticket, so a browser element (<video>, a new tab) can fetch them. */
export const isaFileQuerySchema = z.object({ userId: idParam, ticket: z.string().max(2000).optional() });

export const isaStoredFileSchema = z.object({
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: isoDateTime,
  /** The file's address with a ticket valid for some minutes (for a link, an <iframe> or a <video>). */
  url: z.string(),
});
export type IsaStoredFile = z.infer<typeof isaStoredFileSchema>;

export const isaRecordSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  userId: z.number().int(),
  status: z.enum(ISA_STATUSES.map((s) => s.value) as [IsaStatus, ...IsaStatus[]]),
  isaTypeId: z.number().int(),
  isaTypeName: z.string(),
  salaryPercent: z.number(),
  currency: z.string(),
  monthlyCapMinor: z.number().int(),
  totalCapMinor: z.number().int(),
  durationMonths: z.number().int(),
  minimumSalaryMinor: z.number().int(),
  assignedAt: isoDateTime,
  assignedByName: z.string().nullable(),
  documentDeadline: z.string(),
  expiryDate: z.string(),
  verifiedAt: isoDateTime.nullable(),
  verifiedByName: z.string().nullable(),
  reason: z.string().nullable(),
  document: isaStoredFileSchema.nullable(),
  video: isaStoredFileSchema.nullable(),
});
export type IsaRecord = z.infer<typeof isaRecordSchema>;

/** `GET /admin/user/isa/get`: the learner's current ISA (null when none), and the moves open now. */
export const isaStateSchema = z.object({
  userId: z.number().int(),
  isaStatus: z.enum(ISA_STATUSES.map((s) => s.value) as [IsaStatus, ...IsaStatus[]]),
  isa: isaRecordSchema.nullable(),
  allowed: z.array(z.enum(ISA_MOVES)),
});
export type IsaState = z.infer<typeof isaStateSchema>;
/** As the console receives it (dates as ISO text). */
export type IsaStateWire = z.input<typeof isaStateSchema>;
export type IsaRecordWire = z.input<typeof isaRecordSchema>;
export type IsaStoredFileWire = z.input<typeof isaStoredFileSchema>;

/** A refused move: 409 with the moves open from the ISA's status. */
export const isaMoveRefusedSchema = z
  .object({
    message: z.string(),
    code: z.literal('CONFLICT'),
    status: z.string(),
    allowed: z.array(z.enum(ISA_MOVES)),
  })
  .meta({
    id: 'IsaMoveRefused',
    description: 'The move is not open from the ISA status; `allowed` names those that are',
  });

// ---------- Mail outbox ----------
export const MAIL_STATUSES = [
  { value: 'queued', label: 'Queued', color: 'gray' },
  { value: 'sent', label: 'Sent', color: 'green' },
  { value: 'failed', label: 'Failed', color: 'red' },
] as const;

const none = z.strictObject({});
/** Every mail the server sends, kept (and shown) whether or not it could be sent. */
export const mailOutboxResource: ResourceDef = {
  path: 'mail/outbox',
  permission: 'mailOutbox',
  label: 'Mail',
  pluralLabel: 'Mail outbox',
  screens: {
    slug: 'mail-outbox',
    area: 'Learners',
    createdElsewhere: 'Written by the server only (the ISA link...), decision 017.',
  },
  titleField: 'subject',
  createSchema: none,
  updateSchema: none,
  operations: ['list', 'read'],
  defaultSort: { field: 'id', dir: 'desc' },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    { name: 'createdAt', label: 'Written', type: 'datetime', list: true, filter: true, sort: true },
    { name: 'toAddress', label: 'To', type: 'email', list: true, filter: true, sort: true },
    { name: 'subject', label: 'Subject', type: 'string', list: true, filter: true },
    { name: 'status', label: 'Status', type: 'enum', options: MAIL_STATUSES, list: true, filter: true, sort: true },
    { name: 'error', label: 'Error', type: 'text', list: true },
    { name: 'sentAt', label: 'Sent', type: 'datetime', list: true, filter: true, sort: true },
    { name: 'kind', label: 'Kind', type: 'string', filter: true },
    {
      name: 'userId',
      label: 'Learner',
      type: 'reference',
      reference: { resource: 'user', labelField: 'name' },
      list: true,
      filter: true,
    },
    { name: 'body', label: 'Message', type: 'text' },
  ],
};

export const mailOutboxEntrySchema = z.object({
  id: z.number().int(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  error: z.string().nullable(),
  sentAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type MailOutboxEntry = z.input<typeof mailOutboxEntrySchema>;
