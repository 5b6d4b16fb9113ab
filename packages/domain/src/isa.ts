import { z } from 'zod';
import { CURRENCIES, ISA_STATUSES } from './enums';
import { boundedDay, moneyMinor, optionalText, recordId, requiredName, requiredText, updateOf } from './fields';
import { type Flow, type FlowMove, movesFrom, namedFlow, openMoves } from './flows';
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
  screens: {
    slug: 'isa-types',
    area: 'Configuration',
    empty: { holds: 'The income share agreements learners can be assigned appear here.' },
  },
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

/** Who may make each staff move: the action of the `isa` permission (decision 003) it needs. */
const ISA_MOVE_PERMISSION: Partial<Record<IsaMove, string>> = {
  assign: 'assign',
  changeType: 'update',
  submitDocuments: 'upload',
  uploadVideo: 'upload',
  verify: 'verify',
  extend: 'extend',
  resend: 'resend',
  requestTermination: 'update',
  cancelTermination: 'update',
  terminate: 'update',
  optOut: 'update',
  remove: 'remove',
};

const OPEN: IsaStatus[] = [
  'Documents Not Submitted',
  'Document Submission Overdue',
  'ISA Submitted',
  'ISA Acceptance Video Uploaded',
];
const ENDED: IsaStatus[] = ['ISA Terminated', 'ISA Expired', 'Opted out from ISA'];
const ISA_STATUS_VALUES = ISA_STATUSES.map((s) => s.value) as IsaStatus[];

type IsaStep = Omit<FlowMove<IsaStatus>, 'label' | 'move'> & { move: IsaMove };
const step = (move: IsaMove, from: IsaStatus[], to: IsaStatus): IsaStep => ({ move, from, to });
/** A move that keeps each status it starts from (a new type, a resent link, new dates). */
const stays = (move: IsaMove, from: IsaStatus[]): IsaStep[] => from.map((s) => step(move, [s], s));

/**
 * The ISA's lifecycle as one flow (decision 032; the diagram is in decision 017): each named
 * move, the statuses it may start from and where it leads. "Not Assigned" is a learner with no
 * current ISA: `remove` ends the ISA (it stays as history, with the status it had).
 */
export const ISA_FLOW: Flow<IsaStatus> = namedFlow({
  name: 'isa',
  label: 'ISA',
  field: 'status',
  states: ISA_STATUS_VALUES,
  initial: 'Not Assigned',
  moves: (
    [
      // A new ISA, for a learner without one or whose last one ended (that one stays as history).
      step('assign', ['Not Assigned', ...ENDED], 'Documents Not Submitted'),
      ...stays('changeType', OPEN),
      step('submitDocuments', ['Documents Not Submitted', 'Document Submission Overdue'], 'ISA Submitted'),
      ...stays('submitDocuments', ['ISA Submitted', 'ISA Acceptance Video Uploaded']),
      step('uploadVideo', ['ISA Submitted', 'ISA Acceptance Video Uploaded'], 'ISA Acceptance Video Uploaded'),
      step('verify', ['ISA Acceptance Video Uploaded'], 'ISA Verified'),
      // New dates: an overdue ISA gets a new document deadline and waits for documents again.
      step('extend', ['Documents Not Submitted', 'Document Submission Overdue'], 'Documents Not Submitted'),
      ...stays('extend', ['ISA Verified']),
      ...stays('resend', OPEN),
      step('requestTermination', ['ISA Verified'], 'Termination Pending'),
      step('cancelTermination', ['Termination Pending'], 'ISA Verified'),
      step('terminate', ['Termination Pending'], 'ISA Terminated'),
      step('optOut', OPEN, 'Opted out from ISA'),
      // Before it is verified, or once it ended: a verified ISA ends by termination.
      step('remove', [...OPEN, ...ENDED], 'Not Assigned'),
      { ...step('deadlinePassed', ['Documents Not Submitted'], 'Document Submission Overdue'), system: true },
      { ...step('expire', [...OPEN, 'ISA Verified'], 'ISA Expired'), system: true },
    ] as IsaStep[]
  ).map((m) => ({
    ...m,
    label: ISA_MOVE_LABELS[m.move],
    ...(ISA_MOVE_PERMISSION[m.move] ? { permission: ISA_MOVE_PERMISSION[m.move] } : {}),
  })),
});

/** move -> (from status -> to status): the ISA flow as a table (tests and the decision read it). */
export const ISA_TRANSITIONS = Object.fromEntries(
  ISA_MOVES.map((move) => [
    move,
    Object.fromEntries(
      ISA_FLOW.moves.filter((m) => m.move === move).flatMap((m) => m.from.map((from) => [from, m.to])),
    ),
  ]),
) as Record<IsaMove, Partial<Record<IsaStatus, IsaStatus>>>;

/** Where `move` leads from `status`, or null when it may not be made from there. */
export function isaMoveTarget(status: IsaStatus, move: IsaMove): IsaStatus | null {
  return movesFrom(ISA_FLOW, status).find((m) => m.move === move)?.to ?? null;
}

/**
 * The `isa` permission action a move needs (its route's access and the console's button), from
 * the flow; a system move has none.
 */
export function isaMovePermission(move: IsaMove): string | undefined {
  return ISA_FLOW.moves.find((m) => m.move === move)?.permission;
}

/** The staff moves open from `status` (what the console offers, what a 409 names). */
export function allowedIsaMoves(status: IsaStatus): IsaMove[] {
  return openMoves(ISA_FLOW, status) as IsaMove[];
}

/** Moves only the sweeps make, and those staff make: read from the flow. */
export const ISA_SYSTEM_MOVES = ISA_MOVES.filter((m) => ISA_FLOW.moves.some((s) => s.move === m && s.system));
export const ISA_STAFF_MOVES = ISA_MOVES.filter((m) => !ISA_SYSTEM_MOVES.includes(m));

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
    empty: { title: 'No mail waiting.', holds: 'Mail the product sends appears here.' },
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
