import { z } from 'zod';
import {
  ACTIVE_STATUSES,
  ALUMNI_STATUSES,
  BILLING_CYCLES,
  FAST_TRACK_STATUSES,
  FOLLOW_UP_STATUSES,
  ISA_STATUSES,
  MOBILE_NUMBER_STATUSES,
  PAN_VERIFICATION_STATUSES,
  PLACEMENT_PENALTY_STATUSES,
  PRO_STATUSES,
  SHARPENER_PLUS_STATUSES,
  SUBMISSION_STATUSES,
  UPFRONT_STATUSES,
} from './enums';
import { boundedDay, LEARNER_DATE_BOUNDS, optionalText, recordId, requiredName, requiredText } from './fields';
import { setFlow } from './flows';
import {
  LEARNER_FLOWS,
  PENALTY_REASONS,
  PLACEMENT_PAYMENT_STATUSES,
  VERIFICATION_STATUSES,
  VERIFICATION_STEPS,
} from './placement-flows';
import { type ActionSpec, type FieldDef, PERSON_REFERENCE, type ResourceDef } from './resource';
import { apiErrorSchema, decimalInt, idParam, isoDateTime, isoDay } from './wire';

// ---------- Learners: the record and the 31 filters of spec §3 (decision 013) ----------
const none = z.strictObject({});

/** "tasks submitted in last N days" (spec §3): counted from the learner's task submissions. */
export const SUBMISSION_WINDOWS = [3, 7, 14, 21] as const;
export const submissionWindowKey = (days: number) => `tasksSubmittedLast${days}Days`;

const windowFields: FieldDef[] = SUBMISSION_WINDOWS.map((days) => ({
  name: submissionWindowKey(days),
  label: `tasks submitted in last ${days} days`,
  type: 'integer',
  filter: true,
  sort: true,
  list: days === 7,
}));

const LEARNER_FIELDS: FieldDef[] = [
  { name: 'userId', label: 'User Id', type: 'integer', list: true, filter: true, sort: true },
  { name: 'name', label: 'Name', type: 'string', list: true, filter: true, sort: true },
  { name: 'email', label: 'Email', type: 'email', list: true, filter: true, sort: true },
  { name: 'phone', label: 'Mobile number', type: 'string', list: true, filter: true },
  {
    name: 'mobileNumberStatus',
    label: 'Mobile number Status',
    type: 'enum',
    options: MOBILE_NUMBER_STATUSES,
    filter: true,
  },
  {
    name: 'userStatus',
    label: 'User Status',
    type: 'enum',
    options: ACTIVE_STATUSES,
    list: true,
    filter: true,
    sort: true,
  },
  {
    name: 'isaStatus',
    label: 'ISA Status',
    type: 'enum',
    options: ISA_STATUSES,
    list: true,
    filter: true,
    sort: true,
  },
  { name: 'isaPending', label: 'ISA pending', type: 'boolean', filter: true },
  { name: 'isaExpiryDate', label: 'Isa Expiry Date', type: 'date', filter: true, sort: true },
  { name: 'proStatus', label: 'Pro Status', type: 'enum', options: PRO_STATUSES, filter: true, sort: true },
  // Kept from the learner's Active subscription (decision 018): its plan, and that plan again when it is a Pro plan.
  {
    name: 'proPlanId',
    label: 'Pro Plan',
    type: 'reference',
    reference: { resource: 'plan', labelField: 'name' },
    filter: true,
  },
  {
    name: 'planId',
    label: 'Plans',
    type: 'reference',
    reference: { resource: 'plan', labelField: 'name' },
    filter: true,
  },
  { name: 'alumniStatus', label: 'Alumni Status', type: 'enum', options: ALUMNI_STATUSES, filter: true },
  { name: 'followUpStatus', label: 'Follow-up Status', type: 'enum', options: FOLLOW_UP_STATUSES, filter: true },
  { name: 'followUpDate', label: 'Follow Up Date', type: 'date', filter: true, sort: true },
  { name: 'followUpReason', label: 'Follow Up Reason', type: 'string', filter: true },
  { name: 'ownerId', label: 'OwnerId', type: 'reference', reference: PERSON_REFERENCE, filter: true },
  { name: 'motivatorId', label: 'MotivatorId', type: 'reference', reference: PERSON_REFERENCE, filter: true },
  { name: 'totalPoints', label: 'Total points', type: 'integer', list: true, filter: true, sort: true },
  ...windowFields,
  { name: 'lastTaskSubmitDate', label: 'Last Task Submit Date', type: 'datetime', filter: true, sort: true },
  { name: 'noOfWarnings', label: 'No of warnings', type: 'integer', filter: true, sort: true },
  { name: 'onHold', label: 'On Hold', type: 'boolean', list: true, filter: true },
  { name: 'readyForPlacements', label: 'Ready for placements', type: 'boolean', filter: true },
  { name: 'alreadyPlaced', label: 'Already placed', type: 'boolean', filter: true },
  {
    name: 'panVerificationStatus',
    label: 'Pan Verification Status',
    type: 'enum',
    options: PAN_VERIFICATION_STATUSES,
    filter: true,
  },
  {
    name: 'placementPenaltyPaymentStatus',
    label: 'Placement Penalty Payment Status',
    type: 'enum',
    options: PLACEMENT_PENALTY_STATUSES,
    filter: true,
  },
  // The placement flows of spec §4 not behind a filter of their own (decision 018).
  {
    name: 'placementPenaltyReason',
    label: 'Penalty reason',
    type: 'enum',
    options: PENALTY_REASONS,
    filter: true,
  },
  {
    name: 'placementPaymentStatus',
    label: 'Placement payment',
    type: 'enum',
    options: PLACEMENT_PAYMENT_STATUSES,
    filter: true,
    sort: true,
  },
  { name: 'verificationStep', label: 'Verification step', type: 'enum', options: VERIFICATION_STEPS, filter: true },
  {
    name: 'verificationStatus',
    label: 'Verification',
    type: 'enum',
    options: VERIFICATION_STATUSES,
    filter: true,
  },
  /** Derived: the placement payment or penalty waits for a negotiator (the placement queue). */
  { name: 'placementQueue', label: 'Needs placement work', type: 'boolean', filter: true },
  { name: 'upfrontStatus', label: 'Upfront Status', type: 'enum', options: UPFRONT_STATUSES, filter: true },
  { name: 'appointmentDate', label: 'Appointment Date', type: 'datetime', filter: true, sort: true },
  { name: 'lastActivity', label: 'Last Activity', type: 'datetime', filter: true, sort: true },
  { name: 'excludeFromCrm', label: 'Exclude from CRM', type: 'boolean', filter: true },
  { name: 'fastTrackStatus', label: 'Fast Track Status', type: 'enum', options: FAST_TRACK_STATUSES, filter: true },
  {
    name: 'collegeId',
    label: 'College',
    type: 'reference',
    reference: { resource: 'college', labelField: 'name' },
    filter: true,
  },
  {
    name: 'batchId',
    label: 'Batch',
    type: 'reference',
    reference: { resource: 'batch', labelField: 'name' },
    filter: true,
  },
  { name: 'registrationDate', label: 'Registration Date', type: 'datetime', list: true, filter: true, sort: true },
  { name: 'placementBlacklistDate', label: 'Blacklisted until', type: 'date', filter: true, sort: true },
  { name: 'qualificationDeadline', label: 'Qualification deadline', type: 'date', filter: true, sort: true },
  {
    name: 'sharpenerPlusStatus',
    label: 'Sharpener-plus status',
    type: 'enum',
    options: SHARPENER_PLUS_STATUSES,
    filter: true,
  },
  { name: 'billingCycle', label: 'Billing cycle', type: 'enum', options: BILLING_CYCLES, filter: true },
  { name: 'campusNexa', label: 'Campus Nexa', type: 'boolean', filter: true },
  { name: 'rejectionReason', label: 'Rejection reason', type: 'string' },
  { name: 'resumeName', label: 'Resume', type: 'string' },
  { name: 'resumeUploadedAt', label: 'Resume uploaded at', type: 'datetime' },
  // Credit information: only those who handle payments see it (decision 013).
  { name: 'cibilScore', label: 'CIBIL score', type: 'integer', filter: true, sort: true, readRoles: ['NEGOTIATOR'] },
  { name: 'cibilCheckedAt', label: 'CIBIL checked at', type: 'datetime', readRoles: ['NEGOTIATOR'] },
  { name: 'cibilReport', label: 'CIBIL report', type: 'text', readRoles: ['NEGOTIATOR'], inList: false },
];

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]];
const choose = (label: string) => ({ message: `Choose a ${label.toLowerCase()}` });
const day = (label: string) => boundedDay(label, LEARNER_DATE_BOUNDS);
const field = (name: string): FieldDef => {
  const f = LEARNER_FIELDS.find((x) => x.name === name);
  if (!f) throw new Error(`no learner field ${name}`);
  return { ...f, form: true };
};

/**
 * The learner page's actions at the spec's calls (§7 Users). Each sets a few of the learner's
 * fields, versioned and audited under its own name; who may do which is in the permission
 * matrix (decision 013).
 */
export const LEARNER_ACTIONS: readonly ActionSpec[] = [
  {
    name: 'changeStatus',
    route: { method: 'POST', path: 'status/update' },
    label: 'Change status',
    idField: 'userId',
    inputs: [{ ...field('userStatus'), required: true }],
    body: z.strictObject({ userStatus: z.enum(values(ACTIVE_STATUSES), choose('status')) }),
  },
  {
    name: 'reject',
    route: { method: 'POST', path: 'reject' },
    label: 'Reject',
    description: 'The learner becomes Inactive; the reason is kept on their record.',
    idField: 'userId',
    inputs: [{ ...field('rejectionReason'), required: true }],
    body: z.strictObject({ rejectionReason: requiredText('Reason', 500) }),
    sets: { userStatus: 'Inactive' },
    confirm: 'Reject this learner? They become Inactive.',
  },
  {
    name: 'addPoints',
    route: { method: 'POST', path: 'points/add' },
    label: 'Add points',
    description: 'A negative number takes points away; the total never goes below zero.',
    idField: 'userId',
    versioned: false,
    inputs: [{ name: 'points', label: 'Points', type: 'integer', required: true, form: true }],
    body: z.strictObject({
      points: z
        .number({ message: 'Enter a number of points' })
        .int('Points are a whole number')
        .min(-100_000, 'At most 100,000 points at a time')
        .max(100_000, 'At most 100,000 points at a time')
        .refine((n) => n !== 0, 'Enter a number of points other than 0'),
    }),
  },
  {
    name: 'updateFollowUp',
    route: { method: 'POST', path: 'update' },
    label: 'Follow-up',
    idField: 'userId',
    inputs: ['followUpStatus', 'followUpDate', 'followUpReason', 'excludeFromCrm'].map(field),
    body: z.strictObject({
      followUpStatus: z.enum(values(FOLLOW_UP_STATUSES), choose('follow-up status')).nullable().optional(),
      followUpDate: day('Follow Up Date').nullable().optional(),
      followUpReason: optionalText(300),
      excludeFromCrm: z.boolean().optional(),
    }),
  },
  {
    name: 'updateDetails',
    route: { method: 'POST', path: 'user-details/update' },
    label: 'Edit details',
    idField: 'userId',
    inputs: [{ ...field('name'), required: true }, field('phone'), field('mobileNumberStatus')],
    body: z.strictObject({
      name: requiredName('Name', 120).optional(),
      phone: z
        .string()
        .trim()
        .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a phone number: digits, spaces, ( ) and -, 7 to 20 characters')
        .nullable()
        .optional(),
      mobileNumberStatus: z.enum(values(MOBILE_NUMBER_STATUSES), choose('mobile number status')).optional(),
    }),
  },
  {
    name: 'assignBatch',
    route: { method: 'POST', path: 'assign-batch' },
    label: 'Assign batch',
    idField: 'userId',
    inputs: [{ ...field('batchId'), required: true }],
    body: z.strictObject({ batchId: recordId('Batch') }),
  },
  {
    name: 'updatePlacement',
    route: { method: 'POST', path: 'update/placement-ready' },
    label: 'Placement readiness',
    idField: 'userId',
    inputs: [field('readyForPlacements')],
    body: z.strictObject({ readyForPlacements: z.boolean({ message: 'Say whether they are ready' }) }),
  },
  {
    name: 'updatePlacement',
    route: { method: 'POST', path: 'update/placementblacklistdate' },
    label: 'Placement blacklist',
    description: 'No placement drives for this learner until the day chosen (empty: none).',
    idField: 'userId',
    inputs: [field('placementBlacklistDate')],
    body: z.strictObject({ placementBlacklistDate: day('Blacklisted until').nullable() }),
  },
  {
    name: 'updatePlacement',
    route: { method: 'POST', path: 'qualification/extend' },
    label: 'Extend qualification',
    idField: 'userId',
    inputs: [{ ...field('qualificationDeadline'), required: true }],
    body: z.strictObject({ qualificationDeadline: day('Qualification deadline') }),
  },
  {
    name: 'updatePlacement',
    route: { method: 'POST', path: 'sharpener-plus/placement-eligibility' },
    label: 'Sharpener-plus eligibility',
    idField: 'userId',
    inputs: [{ ...field('sharpenerPlusStatus'), required: true }],
    body: z.strictObject({
      sharpenerPlusStatus: z.enum(values(SHARPENER_PLUS_STATUSES), choose('sharpener-plus status')),
    }),
  },
  {
    name: 'updatePlacement',
    route: { method: 'PUT', path: 'update/alumni/eligibility' },
    label: 'Alumni eligibility',
    idField: 'userId',
    inputs: [{ ...field('alumniStatus'), required: true }],
    body: z.strictObject({ alumniStatus: z.enum(values(ALUMNI_STATUSES), choose('alumni status')) }),
  },
  {
    name: 'verifyPan',
    route: { method: 'PUT', path: 'pan/verification' },
    label: 'PAN verification',
    idField: 'userId',
    inputs: [{ ...field('panVerificationStatus'), required: true }],
    body: z.strictObject({
      panVerificationStatus: z.enum(values(PAN_VERIFICATION_STATUSES), choose('verification status')),
    }),
  },
  // The placement flows (decision 018): each moves its field along its machine, or is a 409.
  {
    name: 'updatePlacementPayment',
    route: { method: 'POST', path: 'placement-payment/update' },
    label: 'Placement payment',
    idField: 'userId',
    inputs: [{ ...field('placementPaymentStatus'), required: true }],
    body: z.strictObject({
      placementPaymentStatus: z.enum(values(PLACEMENT_PAYMENT_STATUSES), choose('placement payment state')),
    }),
  },
  {
    name: 'updatePenalty',
    route: { method: 'POST', path: 'placement-penalty/update' },
    label: 'Placement penalty',
    description: 'A penalty that becomes required names its reason.',
    idField: 'userId',
    inputs: [{ ...field('placementPenaltyPaymentStatus'), required: true }, field('placementPenaltyReason')],
    body: z
      .strictObject({
        placementPenaltyPaymentStatus: z.enum(values(PLACEMENT_PENALTY_STATUSES), choose('penalty status')),
        placementPenaltyReason: z.enum(values(PENALTY_REASONS), choose('penalty reason')).nullable().optional(),
      })
      .refine((b) => b.placementPenaltyPaymentStatus !== 'Required and Pending' || b.placementPenaltyReason, {
        path: ['placementPenaltyReason'],
        message: 'Choose the reason for the penalty',
      }),
  },
  {
    name: 'updateProStatus',
    route: { method: 'POST', path: 'pro-status/update' },
    label: 'Pro status',
    idField: 'userId',
    inputs: [{ ...field('proStatus'), required: true }],
    body: z.strictObject({ proStatus: z.enum(values(PRO_STATUSES), choose('pro status')) }),
  },
  {
    name: 'updateVerification',
    route: { method: 'POST', path: 'verification/update' },
    label: 'Verification step',
    description: 'pan, then cibil, then unlock; the PAN must be verified and a CIBIL score checked first.',
    idField: 'userId',
    inputs: [{ ...field('verificationStep'), required: true }],
    body: z.strictObject({ verificationStep: z.enum(values(VERIFICATION_STEPS), choose('verification step')) }),
  },
  {
    name: 'updateVerification',
    route: { method: 'POST', path: 'verification-status/update' },
    label: 'Verification',
    description: 'Verification Completed once the steps have reached unlock.',
    idField: 'userId',
    inputs: [{ ...field('verificationStatus'), required: true }],
    body: z.strictObject({
      verificationStatus: z.enum(values(VERIFICATION_STATUSES), choose('verification status')),
    }),
  },
  {
    name: 'updatePayments',
    route: { method: 'POST', path: 'billing-cycle/update' },
    label: 'Billing cycle',
    idField: 'userId',
    inputs: [{ ...field('billingCycle'), required: true }],
    body: z.strictObject({ billingCycle: z.enum(values(BILLING_CYCLES), choose('billing cycle')) }),
  },
  {
    name: 'updatePayments',
    route: { method: 'POST', path: 'campus-nexa/update' },
    label: 'Campus Nexa',
    description: 'Whether the learner takes part in the Campus Nexa programme.',
    idField: 'userId',
    inputs: [field('campusNexa')],
    body: z.strictObject({ campusNexa: z.boolean({ message: 'Say whether they take part' }) }),
  },
];

export const userResource: ResourceDef = {
  path: 'user',
  permission: 'user',
  label: 'Learner',
  pluralLabel: 'Learners',
  screens: { slug: 'learners', area: 'Learners', empty: { holds: 'Learners appear here once they register.' } },
  titleField: 'name',
  search: [
    { field: 'name', match: 'text' },
    { field: 'email', match: 'text' },
    { field: 'phone', match: 'phone' },
    { field: 'id', match: 'id' },
  ],
  createSchema: none,
  updateSchema: none,
  operations: ['list', 'read'],
  defaultSort: { field: 'id', dir: 'desc' },
  routes: {
    list: [
      { method: 'GET', path: 'all' },
      { method: 'GET', path: 'get' },
      { method: 'GET', path: 'placed', where: [{ field: 'alreadyPlaced', operator: '=', value: true }] },
      { method: 'GET', path: 'batch/', query: { batch: 'batchId' } },
      // The negotiator's queue: learners whose placement payment or penalty waits for them (decision 018).
      { method: 'GET', path: 'placement-queue', where: [{ field: 'placementQueue', operator: '=', value: true }] },
    ],
    read: { method: 'GET', path: 'details', idQuery: 'user' },
  },
  fields: LEARNER_FIELDS,
  actions: LEARNER_ACTIONS,
  flows: LEARNER_FLOWS,
};

// ---------- Messages from staff to a learner (POST /admin/message/add) ----------
/**
 * A message is history: once sent it is never edited or deleted, so the calls are list,
 * read and add. The server records who sent it; a scoped role (a motivator, a mentor)
 * messages and reads the messages of its own learners only.
 */
export const messageCreateSchema = z.strictObject({
  userId: recordId('Learner'),
  subject: requiredText('Subject', 200),
  body: requiredText('Message', 5000),
});

export const messageResource: ResourceDef = {
  path: 'message',
  permission: 'message',
  label: 'Message',
  pluralLabel: 'Messages',
  screens: {
    slug: 'messages',
    area: 'Learners',
    empty: { title: 'No messages sent yet.', holds: 'Messages staff send to learners appear here.' },
  },
  titleField: 'subject',
  createSchema: messageCreateSchema,
  updateSchema: z.strictObject({}),
  defaultSort: { field: 'createdAt', dir: 'desc' },
  operations: ['list', 'read', 'create'],
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    {
      name: 'userId',
      label: 'Learner',
      type: 'reference',
      reference: { resource: 'user', labelField: 'name' },
      list: true,
      filter: true,
      form: true,
      required: true,
    },
    {
      name: 'subject',
      label: 'Subject',
      type: 'string',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
    },
    { name: 'body', label: 'Message', type: 'text', filter: true, form: true, required: true },
    { name: 'senderName', label: 'Sent by', type: 'string', list: true, filter: true, sort: true },
    { name: 'senderId', label: 'Sender', type: 'reference', reference: PERSON_REFERENCE, filter: true },
    { name: 'createdAt', label: 'Sent at', type: 'datetime', list: true, filter: true, sort: true },
  ],
};

// ---------- The learner page's reads and the list's bulk calls (decision 013) ----------
/** `GET /admin/user/progress-report?userId=&weeks=`: work week by week (Monday to Sunday). */
export const progressReportQuerySchema = z.object({
  userId: idParam,
  weeks: decimalInt({ min: 1, max: 52 }).optional(),
});
export const progressReportSchema = z.object({
  userId: z.number().int(),
  weeks: z.array(z.object({ week: isoDay, submitted: z.number().int(), reviewed: z.number().int() })),
  totalSubmitted: z.number().int(),
  lastTaskSubmitDate: isoDateTime.nullable(),
});
export type ProgressReport = z.input<typeof progressReportSchema>;

/** Learners of a bulk call: chosen rows, or every learner matching the list's filters. */
const bulkLearners = {
  userIds: z
    .array(recordId('Learner'), { message: 'Choose learners' })
    .min(1, 'Choose at least one learner')
    .max(50_000, 'At most 50,000 learners at a time')
    .optional(),
  filters: z.string().max(4000).optional(),
};
export const bulkOwnerSchema = z.strictObject({ ownerId: recordId('Owner'), ...bulkLearners });
export const bulkMotivatorSchema = z.strictObject({ motivatorId: recordId('Motivator'), ...bulkLearners });
export const bulkStatusSchema = z.strictObject({
  userStatus: z.enum(values(ACTIVE_STATUSES), choose('status')),
  ...bulkLearners,
});
export const bulkResultSchema = z.object({
  /** Learners whose owner (or motivator) changed. */
  updated: z.number().int(),
  /** Learners who already had them. */
  unchanged: z.number().int(),
});

/**
 * A bulk change asked for with `Accept: application/x-ndjson`: one JSON line after the chosen
 * learners are locked (`done` 0), one after each slice written, then the result, or the error
 * that undid the whole change (decision 024).
 */
export const bulkProgressLineSchema = z.union([
  z.object({ done: z.number().int(), total: z.number().int() }),
  z.object({ result: bulkResultSchema }),
  z.object({ error: apiErrorSchema, status: z.number().int() }),
]);
export type BulkProgressLine = z.infer<typeof bulkProgressLineSchema>;

/** `GET /admin/user/chat/token`: a short-lived signed token for the chat service. */
export const chatTokenSchema = z.object({ token: z.string(), expiresAt: isoDateTime });

// ---------- A learner's task submissions (GET /admin/user/tasks?userId=) ----------
/**
 * Read-only here: learners submit from their own app; staff read them on the learner's page
 * (reviews and undo come with the curriculum).
 */
/** A task submission waits Submitted until a mentor reviews it (the curriculum issue writes it). */
export const SUBMISSION_FLOW = setFlow<(typeof SUBMISSION_STATUSES)[number]['value']>({
  name: 'submission',
  label: 'Task submission',
  field: 'status',
  states: SUBMISSION_STATUSES.map((s) => s.value),
  initial: 'Submitted',
  next: { Submitted: ['Reviewed'], Reviewed: [] },
  moveLabels: { Reviewed: 'Review' },
});

export const taskSubmissionResource: ResourceDef = {
  path: 'user/task-submission',
  permission: 'submission',
  label: 'Task submission',
  pluralLabel: 'Task submissions',
  screens: {
    slug: 'task-submissions',
    area: 'Learners',
    createdElsewhere: "Submitted from the learners' own app; read here.",
    empty: { title: 'No submissions yet.', holds: 'Tasks learners submit appear here.' },
  },
  titleField: 'taskId',
  createSchema: none,
  updateSchema: none,
  operations: ['list'],
  defaultSort: { field: 'submittedAt', dir: 'desc' },
  flows: [SUBMISSION_FLOW],
  routes: {
    list: [
      { method: 'GET', path: '/admin/user/tasks', query: { userId: 'userId' } },
      { method: 'GET', path: 'all' },
    ],
    export: { method: 'GET', path: 'download-csv' },
  },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    {
      name: 'userId',
      label: 'Learner',
      type: 'reference',
      reference: { resource: 'user', labelField: 'name' },
      list: true,
      filter: true,
    },
    { name: 'taskId', label: 'Task id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'assignmentId', label: 'Assignment id', type: 'integer', list: true, filter: true, sort: true },
    { name: 'status', label: 'Status', type: 'enum', options: SUBMISSION_STATUSES, list: true, filter: true },
    { name: 'submittedAt', label: 'Submitted at', type: 'datetime', list: true, filter: true, sort: true },
  ],
};

/** `GET /admin/user/assignments?userId=`: a learner's work per assignment. */
export const learnerAssignmentsSchema = z.object({
  userId: z.number().int(),
  data: z.array(
    z.object({
      assignmentId: z.number().int().nullable(),
      tasksSubmitted: z.number().int(),
      tasksReviewed: z.number().int(),
      lastSubmittedAt: isoDateTime,
    }),
  ),
  totalItems: z.number().int(),
});

/** `GET /admin/user/team-members`: the staff that learners can be given (owners, motivators). */
export const teamMembersQuerySchema = z.object({
  role: z
    .enum(
      [
        'ADMIN',
        'MENTOR',
        'HR',
        'MARKETING',
        'STRATEGIC_PARTNERSHIP',
        'KEY_ACCOUNT_MANAGER',
        'MOTIVATOR',
        'NEGOTIATOR',
        'COLLEGE_ADMIN',
      ],
      {
        message: 'Choose a staff role',
      },
    )
    .optional(),
  search: z.string().trim().max(100).optional(),
  page_size: decimalInt({ min: 1, max: 100 }).optional(),
});
export const teamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
});

/** `POST /admin/user/check-cibil-score`: with the manual provider, staff enter what the bureau reported. */
export const cibilCheckSchema = z.strictObject({
  userId: recordId('Learner'),
  score: z
    .number({ message: 'Enter the score the bureau gave (300 to 900)' })
    .int('The score is a whole number')
    .min(300, 'A CIBIL score is between 300 and 900')
    .max(900, 'A CIBIL score is between 300 and 900')
    .optional(),
  report: optionalText(5000),
});
