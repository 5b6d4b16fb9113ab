import { z } from 'zod';
import { REQUEST_STATUSES } from './enums';
import { recordId, requiredText } from './fields';
import { setFlow } from './flows';
import { PERSON_REFERENCE, type ResourceDef, type RouteSpec } from './resource';
import { TEAM_MEMBER_ROLES } from './roles';
import { idParam, isoDateTime } from './wire';

/**
 * A learner's own records (spec §7 Users, decision 014): flags and their comments, strikes,
 * not-working warnings, reactivation requests, the learner's mentor team and the student
 * teams they work in. Every table names its learner in `user_id`, so each record follows its
 * learner's row scope (a `learner` rule in ROW_SCOPES, decision 034); who wrote it is recorded by the server.
 */

const learnerField = {
  name: 'userId',
  label: 'Learner',
  type: 'reference',
  reference: { resource: 'user', labelField: 'name' },
  list: true,
  filter: true,
  form: true,
  required: true,
} as const;
const createdAtField = (label: string) =>
  ({ name: 'createdAt', label, type: 'datetime', list: true, filter: true, sort: true }) as const;
/**
 * A learner's records are listed by the spec's calls with `?userId=` (required: "a learner's
 * flags"), and at `all` for the console's screens and queues (any `filters`, e.g. every
 * pending reactivation request); `all` comes first, so `staffCall` picks it.
 */
const byLearner = { userId: 'userId' } as const;
const ALL: RouteSpec = { method: 'GET', path: 'all' };

// ---------- Flags (spec §4 "Flags: Archived or Live") ----------
export const FLAG_STATUSES = [
  { value: 'Archived', label: 'Archived', color: 'gray' },
  { value: 'Live', label: 'Live', color: 'red' },
] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number]['value'];
const flagStatusValues = ['Archived', 'Live'] as const;

/** A flag is Live until a comment archives it (resolved); a comment can make it Live again. */
export const FLAG_FLOW = setFlow<FlagStatus>({
  name: 'flag',
  label: 'Flag',
  field: 'status',
  states: flagStatusValues,
  initial: 'Live',
  next: { Live: ['Archived'], Archived: ['Live'] },
  moveLabels: { Archived: 'Archive', Live: 'Make live again' },
});

/** A reactivation request is decided once: Pending -> Fulfilled or Rejected, with a note. */
export const REACTIVATION_FLOW = setFlow<(typeof REQUEST_STATUSES)[number]['value']>({
  name: 'reactivation',
  label: 'Reactivation request',
  field: 'status',
  states: REQUEST_STATUSES.map((s) => s.value),
  initial: 'Pending',
  next: { Pending: ['Fulfilled', 'Rejected'], Fulfilled: [], Rejected: [] },
  moveLabels: { Fulfilled: 'Fulfil', Rejected: 'Reject' },
  requires: { Fulfilled: ['decisionNote'], Rejected: ['decisionNote'] },
});

export const userFlagCreateSchema = z.strictObject({
  userId: recordId('Learner'),
  title: requiredText('Reason', 200),
  description: requiredText('Description', 5000),
});

/** A concern about a learner that staff should see (missed calls, plagiarism doubts, payment talk). */
export const userFlagResource: ResourceDef = {
  path: 'user/flag',
  permission: 'userFlag',
  label: 'Flag',
  pluralLabel: 'Flags',
  screens: {
    slug: 'flags',
    area: 'Learners',
    empty: { title: 'No flags raised.', holds: "Flags staff raise on a learner's page appear here." },
  },
  titleField: 'title',
  createSchema: userFlagCreateSchema,
  updateSchema: z.strictObject({}),
  defaultSort: { field: 'createdAt', dir: 'desc' },
  // `DELETE flag/delete/{id}` is a module route: it deletes the comments too, each audited.
  operations: ['list', 'create'],
  flows: [FLAG_FLOW],
  routes: { list: [ALL, { method: 'GET', path: 'get', query: byLearner }] },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    learnerField,
    {
      name: 'title',
      label: 'Reason',
      type: 'string',
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
    },
    { name: 'description', label: 'Description', type: 'text', filter: true, form: true, required: true },
    { name: 'status', label: 'Status', type: 'enum', options: FLAG_STATUSES, list: true, filter: true, sort: true },
    { name: 'raisedByName', label: 'Raised by', type: 'string', list: true, filter: true, sort: true },
    { name: 'raisedById', label: 'Raised by', type: 'reference', reference: PERSON_REFERENCE, filter: true },
    createdAtField('Raised at'),
  ],
};

/**
 * A comment on a flag (`POST /admin/user/flag/add-comment`). A comment may also move the flag
 * (archive it, or make it live again): the comment says why, and both are one audited write.
 */
export const userFlagCommentCreateSchema = z.strictObject({
  flagId: recordId('Flag'),
  comment: requiredText('Comment', 5000),
  status: z
    .enum(flagStatusValues, { message: 'Status must be Archived or Live' })
    .optional()
    .describe('Moves the flag to this status with the comment (Archived: resolved; Live: reopened)'),
});
export type UserFlagCommentCreate = z.infer<typeof userFlagCommentCreateSchema>;

export const userFlagCommentResource: ResourceDef = {
  path: 'user/flag/comment',
  permission: 'userFlag',
  label: 'Flag comment',
  pluralLabel: 'Flag comments',
  screens: {
    slug: 'flag-comments',
    area: 'Learners',
    createdElsewhere: "Written on the flag, from the learner's page.",
    empty: { title: 'No comments yet.', holds: 'Comments on flags appear here.' },
  },
  titleField: 'comment',
  createSchema: userFlagCommentCreateSchema,
  updateSchema: z.strictObject({}),
  defaultSort: { field: 'createdAt', dir: 'asc' },
  operations: ['list'],
  routes: { list: [ALL, { method: 'GET', path: 'get', query: { flagId: 'flagId' } }] },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    {
      name: 'flagId',
      label: 'Flag',
      type: 'reference',
      reference: { resource: 'user/flag', labelField: 'title' },
      list: true,
      filter: true,
    },
    { ...learnerField, form: false },
    { name: 'comment', label: 'Comment', type: 'text', list: true, filter: true },
    {
      name: 'statusChange',
      label: 'Moved the flag to',
      type: 'enum',
      options: FLAG_STATUSES,
      list: true,
      filter: true,
    },
    { name: 'authorName', label: 'Written by', type: 'string', list: true, filter: true, sort: true },
    { name: 'authorId', label: 'Author', type: 'reference', reference: PERSON_REFERENCE, filter: true },
    createdAtField('Written at'),
  ],
};

// ---------- Strikes (spec §9 "Strike types: Cheating, Discipline") ----------
export const STRIKE_TYPES = [
  { value: 'Cheating', label: 'Cheating', color: 'red' },
  { value: 'Discipline', label: 'Discipline', color: 'orange' },
] as const;
export type StrikeType = (typeof STRIKE_TYPES)[number]['value'];

export const strikeCreateSchema = z.strictObject({
  userId: recordId('Learner'),
  type: z.enum(['Cheating', 'Discipline'], { message: 'Choose Cheating or Discipline' }),
  reason: requiredText('Reason', 2000),
});

/** A formal strike against a learner; removing one is a delete, kept in the audit log. */
export const strikeResource: ResourceDef = {
  path: 'user/strike',
  permission: 'strike',
  label: 'Strike',
  pluralLabel: 'Strikes',
  screens: {
    slug: 'strikes',
    area: 'Learners',
    empty: { title: 'No strikes given.', holds: "Strikes given on a learner's page appear here." },
  },
  titleField: 'reason',
  createSchema: strikeCreateSchema,
  updateSchema: z.strictObject({}),
  defaultSort: { field: 'createdAt', dir: 'desc' },
  operations: ['list', 'create', 'delete'],
  routes: {
    list: [ALL, { method: 'GET', path: '/admin/user/strike', query: byLearner }],
    create: { method: 'POST', path: '/admin/user/strike' },
    delete: { method: 'DELETE', path: '/admin/user/strike' },
  },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    learnerField,
    {
      name: 'type',
      label: 'Type',
      type: 'enum',
      options: STRIKE_TYPES,
      list: true,
      filter: true,
      sort: true,
      form: true,
      required: true,
    },
    { name: 'reason', label: 'Reason', type: 'text', list: true, filter: true, form: true, required: true },
    { name: 'givenByName', label: 'Given by', type: 'string', list: true, filter: true, sort: true },
    { name: 'givenById', label: 'Given by', type: 'reference', reference: PERSON_REFERENCE, filter: true },
    createdAtField('Given at'),
  ],
};

// ---------- Not-working alert warnings ----------
/**
 * A warning the system issues when a learner stops working (no task submitted for a while).
 * Removing one keeps it: it is marked removed (when, by whom, why), so the history stays.
 *
 * The learner list's "No of warnings" filter (spec §3) is the number of a learner's warnings
 * that are not removed: `count(*) from not_working_warnings where user_id = users.id and
 * removed_at is null`, served by the partial index `not_working_warnings_live_idx`.
 */
export const NOT_WORKING_WARNINGS_COUNT_NOTE =
  'No of warnings = count of not_working_warnings where user_id = the learner and removed_at is null';

export const notWorkingWarningResource: ResourceDef = {
  path: 'user/not-working-alert/warnings',
  permission: 'notWorkingWarning',
  label: 'Not-working warning',
  pluralLabel: 'Not-working warnings',
  screens: {
    slug: 'not-working-warnings',
    area: 'Learners',
    createdElsewhere: "Issued from the learner's page.",
    empty: { title: 'No warnings issued.', holds: 'Warnings sent to learners who stopped working appear here.' },
  },
  titleField: 'reason',
  createSchema: z.strictObject({}),
  updateSchema: z.strictObject({}),
  defaultSort: { field: 'issuedAt', dir: 'desc' },
  operations: ['list'],
  routes: { list: [ALL, { method: 'GET', path: 'history', query: byLearner }] },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    { ...learnerField, form: false },
    { name: 'reason', label: 'Reason', type: 'text', list: true, filter: true },
    { name: 'issuedAt', label: 'Issued at', type: 'datetime', list: true, filter: true, sort: true },
    { name: 'removedAt', label: 'Removed at', type: 'datetime', list: true, filter: true, sort: true },
    { name: 'removedByName', label: 'Removed by', type: 'string', list: true, filter: true },
    { name: 'removedById', label: 'Removed by', type: 'reference', reference: PERSON_REFERENCE, filter: true },
    { name: 'removalReason', label: 'Why it was removed', type: 'text', filter: true },
  ],
};

export const removeNotWorkingWarningSchema = z.strictObject({
  id: recordId('Warning'),
  reason: requiredText('Reason', 1000),
});
export type RemoveNotWorkingWarning = z.infer<typeof removeNotWorkingWarningSchema>;

// ---------- Reactivation requests (spec §4 "Request status: Pending, Fulfilled, Rejected") ----------

export const reactivationCreateSchema = z.strictObject({
  userId: recordId('Learner'),
  reason: requiredText('Reason', 2000),
});

/**
 * A request to reactivate an inactive learner. It is decided once: Pending -> Fulfilled or
 * Rejected (`POST /admin/user/reactivation/decide`). Fulfilling it does not yet change the
 * learner's status: whoever fulfils it sets the status on the learner (decision 014).
 */
export const reactivationResource: ResourceDef = {
  path: 'user/reactivation',
  permission: 'reactivation',
  label: 'Reactivation request',
  pluralLabel: 'Reactivation requests',
  screens: {
    slug: 'reactivation-requests',
    area: 'Learners',
    empty: {
      title: 'No reactivation requests.',
      holds: 'Requests to bring a deactivated learner back appear here until they are decided.',
    },
  },
  titleField: 'reason',
  createSchema: reactivationCreateSchema,
  updateSchema: z.strictObject({}),
  defaultSort: { field: 'createdAt', dir: 'desc' },
  operations: ['list', 'create'],
  flows: [REACTIVATION_FLOW],
  routes: {
    // `GET /admin/user/reactivation` (a learner's requests, or the queue by status) is a module route.
    list: ALL,
    create: { method: 'POST', path: '/admin/user/reactivation' },
  },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    learnerField,
    { name: 'reason', label: 'Reason', type: 'text', list: true, filter: true, form: true, required: true },
    { name: 'status', label: 'Status', type: 'enum', options: REQUEST_STATUSES, list: true, filter: true, sort: true },
    { name: 'requestedByName', label: 'Requested by', type: 'string', list: true, filter: true, sort: true },
    { name: 'requestedById', label: 'Requested by', type: 'reference', reference: PERSON_REFERENCE, filter: true },
    createdAtField('Requested at'),
    { name: 'decidedByName', label: 'Decided by', type: 'string', list: true, filter: true },
    { name: 'decidedAt', label: 'Decided at', type: 'datetime', list: true, filter: true, sort: true },
    { name: 'decisionNote', label: 'Decision note', type: 'text', filter: true },
  ],
};

/** `GET /admin/user/reactivation`: a learner's requests (`?userId=`), or every request of a status (`?status=Pending`: the queue). */
export const reactivationListQuerySchema = z.object({
  userId: idParam.optional(),
  status: z
    .enum(['Pending', 'Fulfilled', 'Rejected'], { message: 'Status must be Pending, Fulfilled or Rejected' })
    .optional(),
});

export const decideReactivationSchema = z.strictObject({
  id: recordId('Request'),
  status: z.enum(['Fulfilled', 'Rejected'], { message: 'Choose Fulfilled or Rejected' }),
  note: requiredText('Note', 2000),
  version: z.number({ message: 'Reload the request and try again' }).int().min(1),
});
export type DecideReactivation = z.infer<typeof decideReactivationSchema>;

// ---------- Mentor team of a learner (spec §6 "Team member role: manager or member") ----------
export const TEAM_MEMBER_ROLE_OPTIONS = [
  { value: 'manager', label: 'Manager', color: 'violet' },
  { value: 'member', label: 'Member', color: 'gray' },
] as const;
const teamRole = z.enum(TEAM_MEMBER_ROLES, { message: 'Choose manager or member' });

export const mentorTeamCreateSchema = z.strictObject({
  userId: recordId('Learner'),
  mentorId: recordId('Mentor'),
  role: teamRole,
});

/**
 * The mentors looking after one learner: at most one manager (their lead mentor, who signs
 * off mocks and readiness) and any number of members. `POST /admin/user/mentor-team` assigns
 * one, `DELETE /admin/user/mentor-team/{id}` removes that assignment, and
 * `GET /admin/user/mentor-team/{id}` answers the team of learner {id}.
 */
export const mentorTeamResource: ResourceDef = {
  path: 'user/mentor-team',
  permission: 'mentorTeam',
  label: 'Mentor team member',
  pluralLabel: 'Mentor teams',
  screens: {
    slug: 'mentor-teams',
    area: 'Learners',
    createdElsewhere: "Assigned from the learner's page.",
    empty: { title: 'No mentor teams yet.', holds: 'Mentors assigned to learners appear here.' },
  },
  titleField: 'mentorId',
  createSchema: mentorTeamCreateSchema,
  updateSchema: z.strictObject({}),
  defaultSort: { field: 'createdAt', dir: 'asc' },
  operations: ['create', 'delete'],
  routes: {
    create: { method: 'POST', path: '/admin/user/mentor-team' },
    delete: { method: 'DELETE', path: '/admin/user/mentor-team/:id' },
  },
  fields: [
    { name: 'id', label: 'Id', type: 'integer', filter: true, sort: true },
    learnerField,
    {
      name: 'mentorId',
      label: 'Mentor',
      type: 'reference',
      reference: PERSON_REFERENCE,
      list: true,
      filter: true,
      form: true,
      required: true,
    },
    {
      name: 'role',
      label: 'Role',
      type: 'enum',
      options: TEAM_MEMBER_ROLE_OPTIONS,
      list: true,
      filter: true,
      form: true,
      required: true,
    },
    { name: 'assignedByName', label: 'Assigned by', type: 'string', list: true },
    createdAtField('Assigned at'),
  ],
};

export const mentorTeamMemberSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  mentorId: z.number().int(),
  mentorName: z.string(),
  mentorEmail: z.string(),
  role: z.enum(TEAM_MEMBER_ROLES),
  assignedByName: z.string().nullable(),
  createdAt: isoDateTime,
});
export const mentorTeamSchema = z.object({
  userId: z.number().int(),
  data: z.array(mentorTeamMemberSchema),
  totalItems: z.number().int(),
});
export type MentorTeam = z.infer<typeof mentorTeamSchema>;

// ---------- Student teams: learners working together ----------
/**
 * A student team is a small group of learners of a batch who build a project together, led
 * by one manager (spec §6 roles). `GET /admin/user/student/team/get?userId=` answers the
 * teams a learner is in; `/details?teamId=` a team with its members (a scoped role sees only
 * its own learners among them).
 */
export const studentTeamsQuerySchema = z.object({ userId: idParam });
export const studentTeamDetailsQuerySchema = z.object({ teamId: idParam });
export const studentTeamSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  project: z.string().nullable(),
  role: z.enum(TEAM_MEMBER_ROLES),
  memberCount: z.number().int(),
  createdAt: isoDateTime,
});
export const studentTeamsSchema = z.object({
  userId: z.number().int(),
  data: z.array(studentTeamSummarySchema),
  totalItems: z.number().int(),
});
export type StudentTeams = z.infer<typeof studentTeamsSchema>;
export const studentTeamDetailsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  project: z.string().nullable(),
  batchId: z.number().int().nullable(),
  createdAt: isoDateTime,
  members: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      email: z.string(),
      role: z.enum(TEAM_MEMBER_ROLES),
      joinedAt: isoDateTime,
    }),
  ),
  /** Members outside the caller's row scope are counted here, never named. */
  hiddenMembers: z.number().int(),
});
export type StudentTeamDetails = z.infer<typeof studentTeamDetailsSchema>;
