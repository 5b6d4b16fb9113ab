import { z } from 'zod';
import { FOLLOW_UP_STATUSES } from './enums';
import { boundedDateTime, boundedDay, LEARNER_DATE_BOUNDS, optionalText, recordId, requiredText } from './fields';
import { setFlow } from './flows';
import { type FieldDef, PERSON_REFERENCE, type ResourceDef } from './resource';
import { idParam, isoDateTime, isoDay } from './wire';

/**
 * The CRM (decision 022): a lead is a person the motivators are working to bring along (a
 * learner to convert to a plan, to bring back, to get through their ISA), with an owner, a
 * status from spec §4 "Lead follow-up", the next follow-up, and why it was rejected (spec §9).
 * A learner has at most one lead; `POST /admin/user/crm/add` puts them in the CRM (or reopens
 * their closed lead), `GET /admin/user/crm/getLeadSummary?userId=` reads it, `/admin/leads/*`
 * lists and edits leads, and every call made to a lead is a row of call history.
 */

/** Spec §4 "Lead follow-up": the same four values as the learner's "Follow-up Status". */
export const LEAD_STATUSES = FOLLOW_UP_STATUSES;
export type LeadStatus = (typeof LEAD_STATUSES)[number]['value'];
/** A lead still being worked: `crm/add` on such a lead is a 409; Done and Rejected are closed. */
export const OPEN_LEAD_STATUSES = ['Follow up', 'In Progress'] as const;

/**
 * A lead's follow-up as a flow (decision 032): worked (Follow up, In Progress) until Done or
 * Rejected (with a reason); a closed lead is reopened at Follow up (`crm/add`). A first
 * connected call moves Follow up to In Progress (`call/history/add`).
 */
export const LEAD_FLOW = setFlow<LeadStatus>({
  name: 'lead',
  label: 'Lead',
  field: 'status',
  states: LEAD_STATUSES.map((s) => s.value),
  initial: 'Follow up',
  next: {
    'Follow up': ['In Progress', 'Done', 'Rejected'],
    'In Progress': ['Follow up', 'Done', 'Rejected'],
    Done: ['Follow up'],
    Rejected: ['Follow up'],
  },
  // A rejected lead edited in the CRM says why (its binding's check, a 400 on the field); the
  // learner page's Follow-up may reject without one.
  moveLabels: { 'Follow up': 'Reopen', 'In Progress': 'In progress', Done: 'Done', Rejected: 'Reject' },
});

/** Spec §9 "Lead-rejection reasons" (their grouping of sub-reasons is not shown: a sub-reason is text). */
export const LEAD_REJECTION_REASONS = [
  'Not eligible',
  'Not responding',
  'Not interested',
  'Duplicate Account',
  'Will Join Later',
  'Not making changes in the ISA',
  'Joined elsewhere',
].map((v) => ({ value: v, label: v }));

/** Spec §4 "Source: 1 User, 2 System": the person asked to be called, or staff / the system put them in. */
export const LEAD_SOURCES = [
  { value: 1, label: 'User', color: 'teal' },
  { value: 2, label: 'System', color: 'gray' },
] as const;

/** What came of a call (ours: the spec shows no values). */
export const CALL_OUTCOMES = [
  { value: 'Connected', label: 'Connected', color: 'green' },
  { value: 'Not answered', label: 'Not answered', color: 'orange' },
  { value: 'Busy', label: 'Busy', color: 'orange' },
  { value: 'Switched off', label: 'Switched off', color: 'gray' },
  { value: 'Wrong number', label: 'Wrong number', color: 'red' },
  { value: 'Call back later', label: 'Call back later', color: 'blue' },
] as const;

const valuesOf = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as [T[number]['value'], ...T[number]['value'][]];

const followUpDay = boundedDay('Follow up date', LEARNER_DATE_BOUNDS);
const statusSchema = z.enum(valuesOf(LEAD_STATUSES), { message: 'Choose a follow-up status' });
const rejectionReasonSchema = z.enum(LEAD_REJECTION_REASONS.map((r) => r.value) as [string, ...string[]], {
  message: 'Choose a rejection reason',
});

/** `POST /admin/user/crm/add`: a learner into the CRM with their first follow-up. */
export const crmAddSchema = z.strictObject({
  userId: recordId('Learner'),
  followUpDate: followUpDay,
  followUpReason: requiredText('Follow up reason', 300),
  /** The staff member who works the lead; unset: the learner's motivator, else whoever adds it. */
  ownerId: recordId('Owner').nullable().optional(),
  note: optionalText(2000),
});
export type CrmAdd = z.infer<typeof crmAddSchema>;

/** `PUT /admin/leads/edit`: the lead's owner, status and next follow-up. */
export const leadUpdateSchema = z.strictObject({
  ownerId: recordId('Owner').optional(),
  status: statusSchema.optional(),
  followUpDate: followUpDay.nullable().optional(),
  followUpReason: optionalText(300),
  rejectionReason: rejectionReasonSchema.nullable().optional(),
  rejectionSubReason: optionalText(300),
  note: optionalText(2000),
  version: z.number().int().min(1),
});

/** A lead row as it will be written: a rejected lead says why (400 on the reason otherwise). */
export function leadIssues(row: Record<string, unknown>) {
  if (row.status === 'Rejected' && !row.rejectionReason)
    return [{ path: ['rejectionReason'], message: 'Say why this lead is rejected' }];
  if (row.status !== 'Rejected' && row.rejectionReason)
    return [{ path: ['rejectionReason'], message: 'Only a rejected lead has a rejection reason: clear it' }];
  return [];
}

const learnerRef: FieldDef = {
  name: 'userId',
  label: 'Learner',
  type: 'reference',
  reference: { resource: 'user', labelField: 'name' },
  list: true,
  filter: true,
};

export const leadResource: ResourceDef = {
  path: 'leads',
  permission: 'lead',
  label: 'Lead',
  pluralLabel: 'CRM leads',
  screens: {
    slug: 'crm-leads',
    area: 'Learners',
    createdElsewhere: 'Learners come into the CRM from their page (decision 022).',
    empty: {
      title: 'No leads yet.',
      holds: 'Learners added to the CRM from their page appear here, with their follow-ups.',
    },
  },
  titleField: 'followUpReason',
  // Learners come in through `crm/add`; `/admin/leads/add` and `bulk-add` (people who are not
  // learners yet) belong to the leads issue.
  createSchema: z.strictObject({}),
  updateSchema: leadUpdateSchema,
  defaultSort: { field: 'followUpDate', dir: 'asc' },
  operations: ['list', 'read', 'update'],
  routes: {
    list: { method: 'GET', path: 'get' },
    update: { method: 'PUT', path: 'edit' },
  },
  flows: [LEAD_FLOW],
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    learnerRef,
    {
      name: 'ownerId',
      label: 'Owner',
      type: 'reference',
      reference: PERSON_REFERENCE,
      list: true,
      filter: true,
      form: true,
    },
    {
      name: 'status',
      label: 'Follow-up Status',
      type: 'enum',
      options: LEAD_STATUSES,
      list: true,
      filter: true,
      sort: true,
      form: true,
    },
    {
      name: 'followUpDate',
      label: 'Follow Up Date',
      type: 'date',
      list: true,
      filter: true,
      sort: true,
      form: true,
      dateBounds: LEARNER_DATE_BOUNDS,
    },
    { name: 'followUpReason', label: 'Follow Up Reason', type: 'string', list: true, filter: true, form: true },
    {
      name: 'rejectionReason',
      label: 'Rejection reason',
      type: 'enum',
      options: LEAD_REJECTION_REASONS,
      filter: true,
      form: true,
    },
    { name: 'rejectionSubReason', label: 'Rejection detail', type: 'string', filter: true, form: true },
    { name: 'source', label: 'Source', type: 'enum', options: LEAD_SOURCES, list: true, filter: true },
    { name: 'note', label: 'Note', type: 'text', form: true },
    { name: 'callCount', label: 'Calls', type: 'integer', list: true, filter: true, sort: true },
    { name: 'lastCallAt', label: 'Last call', type: 'datetime', list: true, filter: true, sort: true },
    { name: 'addedByName', label: 'Added by', type: 'string', filter: true },
    { name: 'createdAt', label: 'In the CRM since', type: 'datetime', filter: true, sort: true },
  ],
};

/** `POST /admin/call/history/add`: a call made to a lead (who called is the session's user). */
export const callLogSchema = z.strictObject({
  leadId: recordId('Lead'),
  outcome: z.enum(valuesOf(CALL_OUTCOMES), { message: 'Choose what came of the call' }),
  calledAt: boundedDateTime('Called at', LEARNER_DATE_BOUNDS)
    .refine((v) => Date.parse(v) <= Date.now() + 5 * 60_000, 'A call cannot be in the future')
    .optional(),
  durationMinutes: z
    .number({ message: 'Enter the minutes' })
    .int('Minutes are a whole number')
    .min(0, 'At least 0 minutes')
    .max(600, 'At most 600 minutes')
    .nullable()
    .optional(),
  notes: optionalText(2000),
});
export type CallLog = z.infer<typeof callLogSchema>;

export const callHistoryResource: ResourceDef = {
  path: 'call/history',
  permission: 'callHistory',
  label: 'Call',
  pluralLabel: 'Call history',
  screens: {
    slug: 'call-history',
    area: 'Support',
    createdElsewhere: "Calls are logged from the learner's page.",
    empty: { title: 'No calls logged yet.', holds: "Calls logged on a learner's CRM panel appear here." },
  },
  titleField: 'outcome',
  // Logging a call is a module (`POST /admin/call/history/add`): it takes the lead under lock.
  createSchema: z.strictObject({}),
  updateSchema: z.strictObject({}),
  defaultSort: { field: 'calledAt', dir: 'desc' },
  operations: ['list', 'read'],
  routes: { list: { method: 'GET', path: 'all', query: { userId: 'userId', leadId: 'leadId' } } },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    { name: 'leadId', label: 'Lead', type: 'integer', filter: true },
    learnerRef,
    { name: 'calledAt', label: 'Called at', type: 'datetime', list: true, filter: true, sort: true },
    { name: 'outcome', label: 'Outcome', type: 'enum', options: CALL_OUTCOMES, list: true, filter: true, sort: true },
    { name: 'durationMinutes', label: 'Minutes', type: 'integer', list: true, filter: true, sort: true },
    { name: 'notes', label: 'Notes', type: 'text', list: true, filter: true },
    { name: 'calledByName', label: 'Called by', type: 'string', list: true, filter: true, sort: true },
  ],
};

// ---------- The learner's lead summary (GET /admin/user/crm/getLeadSummary?userId=) ----------
export const leadSummaryQuerySchema = z.object({ userId: idParam });

const summaryCallSchema = z.object({
  id: z.number().int(),
  calledAt: isoDateTime,
  outcome: z.enum(valuesOf(CALL_OUTCOMES)),
  durationMinutes: z.number().int().nullable(),
  notes: z.string().nullable(),
  calledByName: z.string(),
});

export const leadSummarySchema = z.object({
  userId: z.number().int(),
  /** The learner is marked "Exclude from CRM": `crm/add` refuses them. */
  excludeFromCrm: z.boolean(),
  /** Null: not in the CRM. */
  lead: z
    .object({
      id: z.number().int(),
      version: z.number().int(),
      status: z.enum(valuesOf(LEAD_STATUSES)),
      ownerId: z.number().int().nullable(),
      ownerName: z.string().nullable(),
      followUpDate: isoDay.nullable(),
      followUpReason: z.string().nullable(),
      rejectionReason: z.string().nullable(),
      rejectionSubReason: z.string().nullable(),
      source: z.number().int(),
      note: z.string().nullable(),
      addedByName: z.string(),
      createdAt: isoDateTime,
      /** Days past the follow-up date while the lead is open (0: due today or later). */
      overdueDays: z.number().int(),
    })
    .nullable(),
  counts: z.object({
    calls: z.number().int(),
    connected: z.number().int(),
    /** Calls in the last 30 days. */
    last30Days: z.number().int(),
  }),
  lastCallAt: isoDateTime.nullable(),
  /** The last five calls, newest first. */
  recentCalls: z.array(summaryCallSchema),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;
