import { z } from 'zod';
import { cardResource, dashboardCardsQuerySchema, dashboardCardsSchema } from '../configuration';
import {
  callHistoryResource,
  callLogSchema,
  crmAddSchema,
  leadResource,
  leadSummaryQuerySchema,
  leadSummarySchema,
} from '../crm';
import {
  historyEntrySchema,
  impersonateSchema,
  impersonationResultSchema,
  revertResultSchema,
  revertSchema,
  stopImpersonationSchema,
} from '../history';
import {
  decideReactivationSchema,
  mentorTeamResource,
  mentorTeamSchema,
  notWorkingWarningResource,
  reactivationListQuerySchema,
  reactivationResource,
  removeNotWorkingWarningSchema,
  studentTeamDetailsQuerySchema,
  studentTeamDetailsSchema,
  studentTeamsQuerySchema,
  studentTeamsSchema,
  userFlagCommentCreateSchema,
  userFlagCommentResource,
  userFlagResource,
} from '../learner-records';
import {
  bulkMotivatorSchema,
  bulkOwnerSchema,
  bulkProgressLineSchema,
  bulkResultSchema,
  bulkStatusSchema,
  chatTokenSchema,
  cibilCheckSchema,
  learnerAssignmentsSchema,
  progressReportQuerySchema,
  progressReportSchema,
  teamMemberSchema,
  teamMembersQuerySchema,
  userResource,
} from '../learners';
import { addPlanSchema, subscriptionResource } from '../plans';
import { listQuerySchema } from '../resource';
import { idParam, listResultSchema, messageSchema } from '../wire';
import { defineCall, fileOf, pageHeadersSchema, progressOf, recordOf, recordsOf } from './define-call';
import { idParamsSchema } from './roles';

const learnerTags = [userResource.pluralLabel];
const userIdQuery = z.object({ userId: idParam });
/** A bulk change answers its result, or with `Accept: application/x-ndjson` its progress (decision 024). */
const bulkAnswer = progressOf(
  bulkResultSchema,
  bulkProgressLineSchema,
  'The result; asked with Accept: application/x-ndjson, a line per slice written, then the result or the error that undid the change',
);
const bulkSummary = (what: string) =>
  `Give the chosen learners (or every learner the filters match) ${what}, in one transaction`;

/** The learner list's bulk calls and the learner page's reads beyond the record (spec §7 Users). */
export const learnerCalls = {
  progressReport: defineCall({
    method: 'GET',
    path: '/admin/user/progress-report',
    access: { resource: 'user', action: 'read' },
    tags: learnerTags,
    summary: "A learner's task submissions week by week (12 weeks unless `weeks` says otherwise)",
    query: progressReportQuerySchema,
    answers: { 200: progressReportSchema },
    errors: [404],
  }),
  assignments: defineCall({
    method: 'GET',
    path: '/admin/user/assignments',
    access: { resource: 'user', action: 'read' },
    tags: learnerTags,
    summary: "A learner's work per assignment: tasks submitted and reviewed, last submission",
    query: userIdQuery,
    answers: { 200: learnerAssignmentsSchema },
    errors: [404],
  }),
  teamMembers: defineCall({
    method: 'GET',
    path: '/admin/user/team-members',
    access: { resource: 'user', action: 'list' },
    tags: learnerTags,
    summary: 'Active staff that learners can be given (owners, motivators), by name; `role` and `search` narrow it',
    query: teamMembersQuerySchema,
    headers: pageHeadersSchema,
    answers: { 200: listResultSchema(teamMemberSchema) },
  }),
  assignOwner: defineCall({
    method: 'POST',
    path: '/admin/user/owner/add-multiple',
    access: { resource: 'user', action: 'assignOwner' },
    tags: learnerTags,
    summary: bulkSummary('an owner'),
    body: bulkOwnerSchema,
    answers: { 200: bulkAnswer },
  }),
  assignMotivator: defineCall({
    method: 'POST',
    path: '/admin/user/motivator/add-multiple',
    access: { resource: 'user', action: 'assignMotivator' },
    tags: learnerTags,
    summary: bulkSummary('a motivator'),
    body: bulkMotivatorSchema,
    answers: { 200: bulkAnswer },
  }),
  uploadResume: defineCall({
    method: 'POST',
    path: '/admin/user/resume/upload',
    access: { resource: 'user', action: 'uploadResume' },
    multipart: ['file'],
    tags: learnerTags,
    summary: 'Upload a learner\'s resume (multipart field "file", a PDF); the one before is deleted',
    query: userIdQuery,
    answers: { 200: recordOf(userResource) },
    errors: [404],
  }),
  resume: defineCall({
    method: 'GET',
    path: '/admin/user/resume/get',
    access: { resource: 'user', action: 'read' },
    tags: learnerTags,
    summary: "A learner's resume (PDF)",
    query: userIdQuery,
    answers: { 200: fileOf(['application/pdf'], 'The resume as uploaded') },
    errors: [404],
  }),
  /** The summary names the credit bureau the server is given; the server fills in `{bureau}`. */
  checkCibilScore: defineCall({
    method: 'POST',
    path: '/admin/user/check-cibil-score',
    access: { resource: 'user', action: 'checkCredit' },
    tags: learnerTags,
    summary: "Check a learner's credit score (provider: {bureau}); kept on the learner, audited",
    body: cibilCheckSchema,
    answers: { 200: recordOf(userResource) },
    errors: [404, 409],
  }),
  setStatuses: defineCall({
    method: 'POST',
    path: '/admin/user/status/update-multiple',
    access: { resource: 'user', action: 'changeStatus' },
    tags: learnerTags,
    summary: 'Set the status of the chosen learners (or every learner the filters match), in one transaction',
    body: bulkStatusSchema,
    answers: { 200: bulkAnswer },
  }),
  chatToken: defineCall({
    method: 'GET',
    path: '/admin/user/chat/token',
    access: 'staff',
    tags: learnerTags,
    summary: 'A short-lived token for the chat service, naming the staff member',
    answers: { 200: chatTokenSchema },
    errors: [503],
  }),
  /** Whoever may read a learner may see what their dashboard shows, within their row scope. */
  dashboardCards: defineCall({
    method: 'GET',
    path: '/admin/card/user/dashboard-cards',
    access: { resource: 'user', action: 'read' },
    tags: [cardResource.pluralLabel],
    summary:
      "The cards a learner's dashboard shows: their user types' active cards, by type priority then card position",
    query: dashboardCardsQuerySchema,
    answers: { 200: dashboardCardsSchema },
    errors: [404],
  }),
  /** Whoever may read a learner reads their history; what they may revert is decided field by field. */
  history: defineCall({
    method: 'GET',
    path: '/admin/user/history',
    access: { resource: 'user', action: 'read' },
    tags: ['Learners'],
    summary: "A learner's history: their record's and their own records' audited changes, newest first",
    query: z.object({ userId: idParam, page_size: listQuerySchema.shape.page_size }),
    headers: pageHeadersSchema,
    answers: { 200: listResultSchema(historyEntrySchema) },
    errors: [404],
  }),
  revert: defineCall({
    method: 'POST',
    path: '/admin/user/history/revert',
    access: { resource: 'user', action: 'read' },
    tags: ['Learners'],
    summary: 'Set one field back to the value an audited change replaced (versioned, audited as revert)',
    body: revertSchema,
    answers: { 200: revertResultSchema },
    errors: [404, 409],
  }),
};

const impersonate = { resource: 'impersonation', action: 'create' } as const;
/** An admin acting as a learner (decision 015). */
export const impersonationCalls = {
  start: defineCall({
    method: 'POST',
    path: '/admin/user/impersonate',
    access: impersonate,
    tags: ['Impersonation'],
    summary: 'Act as a learner for a short time, for a stated reason (ADMIN; learners only)',
    body: impersonateSchema,
    answers: { 200: impersonationResultSchema },
    errors: [404],
  }),
  stop: defineCall({
    method: 'POST',
    path: '/admin/user/impersonate/stop',
    access: impersonate,
    tags: ['Impersonation'],
    summary: 'End an impersonation you started (with your own session)',
    body: stopImpersonationSchema,
    answers: { 200: messageSchema },
    errors: [404],
  }),
};

/** The workflows over a learner's own records (decision 014); their plain calls are the engine's. */
export const learnerRecordCalls = {
  addFlagComment: defineCall({
    method: 'POST',
    path: '/admin/user/flag/add-comment',
    access: { resource: 'userFlag', action: 'update' },
    tags: [userFlagResource.pluralLabel],
    summary: 'Comment on a flag; with `status`, archive it (resolved) or make it live again',
    body: userFlagCommentCreateSchema,
    answers: { 201: recordOf(userFlagCommentResource) },
    errors: [404, 409],
  }),
  deleteFlag: defineCall({
    method: 'DELETE',
    path: '/admin/user/flag/delete/:id',
    access: { resource: 'userFlag', action: 'delete' },
    tags: [userFlagResource.pluralLabel],
    summary: 'Delete a flag and its comments (each audited)',
    params: idParamsSchema,
    answers: { 200: messageSchema },
    errors: [404],
  }),
  removeWarning: defineCall({
    method: 'DELETE',
    path: '/admin/user/not-working-alert/warnings/remove',
    access: { resource: 'notWorkingWarning', action: 'delete' },
    tags: [notWorkingWarningResource.pluralLabel],
    summary: 'Remove a warning: it stops counting but stays in the history, marked removed',
    body: removeNotWorkingWarningSchema,
    answers: { 200: recordOf(notWorkingWarningResource) },
    errors: [404, 409],
  }),
  reactivations: defineCall({
    method: 'GET',
    path: '/admin/user/reactivation',
    access: { resource: 'reactivation', action: 'list' },
    tags: [reactivationResource.pluralLabel],
    summary: "A learner's reactivation requests (?userId=), or the queue of a status (?status=Pending), newest first",
    query: listQuerySchema.extend(reactivationListQuerySchema.shape),
    headers: pageHeadersSchema,
    answers: { 200: recordsOf(reactivationResource) },
  }),
  decideReactivation: defineCall({
    method: 'POST',
    path: '/admin/user/reactivation/decide',
    access: { resource: 'reactivation', action: 'update' },
    tags: [reactivationResource.pluralLabel],
    summary: 'Decide a pending reactivation request: Fulfilled or Rejected, with a note',
    body: decideReactivationSchema,
    answers: { 200: recordOf(reactivationResource) },
    errors: [404, 409],
  }),
  mentorTeam: defineCall({
    method: 'GET',
    path: '/admin/user/mentor-team/:id',
    access: { resource: 'mentorTeam', action: 'read' },
    tags: [mentorTeamResource.pluralLabel],
    summary: 'The mentor team of learner {id}: their mentors, the manager first',
    params: idParamsSchema,
    answers: { 200: mentorTeamSchema },
    errors: [404],
  }),
  studentTeams: defineCall({
    method: 'GET',
    path: '/admin/user/student/team/get',
    access: { resource: 'studentTeam', action: 'list' },
    tags: ['Student teams'],
    summary: 'The student teams a learner is in, with their role in each',
    query: studentTeamsQuerySchema,
    answers: { 200: studentTeamsSchema },
    errors: [404],
  }),
  studentTeamDetails: defineCall({
    method: 'GET',
    path: '/admin/user/student/team/details',
    access: { resource: 'studentTeam', action: 'read' },
    tags: ['Student teams'],
    summary: 'A student team and its members (a scoped role sees its own learners among them)',
    query: studentTeamDetailsQuerySchema,
    answers: { 200: studentTeamDetailsSchema },
    errors: [404],
  }),
};

/** The CRM's workflows (decision 022); its plain calls are the engine's. */
export const crmCalls = {
  add: defineCall({
    method: 'POST',
    path: '/admin/user/crm/add',
    access: { resource: 'lead', action: 'create' },
    tags: [leadResource.pluralLabel],
    summary:
      'Put a learner into the CRM with their first follow-up (201), or reopen their closed lead (200); a lead still open, or a learner marked "Exclude from CRM", is a 409',
    body: crmAddSchema,
    answers: { 200: recordOf(leadResource), 201: recordOf(leadResource) },
    errors: [404, 409],
  }),
  leadSummary: defineCall({
    method: 'GET',
    path: '/admin/user/crm/getLeadSummary',
    access: { resource: 'lead', action: 'read' },
    tags: [leadResource.pluralLabel],
    summary: "A learner's place in the CRM: their lead (null when not in it), call counts and the last five calls",
    query: leadSummaryQuerySchema,
    answers: { 200: leadSummarySchema },
    errors: [404],
  }),
  logCall: defineCall({
    method: 'POST',
    path: '/admin/call/history/add',
    access: { resource: 'callHistory', action: 'create' },
    tags: [callHistoryResource.pluralLabel],
    summary:
      'Log a call made to a lead (the caller is the session user); a first connected call moves it to In Progress',
    body: callLogSchema,
    answers: { 201: recordOf(callHistoryResource) },
    errors: [404],
  }),
};

const subscribe = {
  method: 'POST',
  access: { resource: 'subscription', action: 'create' },
  tags: [subscriptionResource.pluralLabel],
  summary:
    'Subscribe a learner to a plan at its price today, with its upfront deposit; replaceActive ends the current one',
  body: addPlanSchema,
  answers: { 201: recordOf(subscriptionResource) },
  errors: [404, 409],
} as const;
/** A learner subscribes to a plan: the learner page's call and the subscriptions list's are one workflow (decision 018). */
export const subscriptionCalls = {
  addPlan: defineCall({ ...subscribe, path: '/admin/user/plan/add' }),
  create: defineCall({ ...subscribe, path: '/admin/subscription' }),
};
