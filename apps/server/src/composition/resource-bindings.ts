import {
  aiPromptResource,
  aiPromptSubjectIssues,
  answerResource,
  appointmentResource,
  auditResource,
  backendErrorResource,
  blogResource,
  callHistoryResource,
  cardCallToActionIssues,
  cardResource,
  companyResource,
  degreeCategoryResource,
  degreeResource,
  enquiryResource,
  eventResource,
  frontendErrorResource,
  holdTypeResource,
  isaTypeIssues,
  isaTypeResource,
  jobRoleResource,
  leadIssues,
  leadResource,
  learnerHoldResource,
  locationResource,
  mailOutboxResource,
  mentorTeamResource,
  messageResource,
  notWorkingWarningResource,
  orderResource,
  planIssues,
  planResource,
  productResource,
  questionResource,
  reactivationResource,
  roleByKey,
  strikeResource,
  subscriptionResource,
  taskSubmissionResource,
  testimonialResource,
  upfrontDepositResource,
  userFlagCommentResource,
  userFlagResource,
  userResource,
  userTypeCardResource,
  userTypeConditionIssues,
  userTypeConditionResource,
  userTypeResource,
  websiteConfigurationResource,
} from '@cohort/domain';
import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  aiPrompts,
  answers,
  appointments,
  auditLog,
  backendErrors,
  batches,
  blogs,
  callHistory,
  cards,
  colleges,
  companies,
  degreeCategories,
  degrees,
  enquiries,
  events,
  frontendErrors,
  holdTypes,
  isaTypes,
  jobRoles,
  leads,
  learnerHolds,
  locations,
  mailOutbox,
  mentorTeamMembers,
  messages,
  notWorkingWarnings,
  orders,
  plans,
  products,
  questions,
  reactivationRequests,
  strikes,
  subscriptions,
  taskSubmissions,
  testimonials,
  upfrontDeposits,
  userFlagComments,
  userFlags,
  users,
  userTypeCards,
  userTypeConditions,
  userTypes,
  websiteConfigurations,
} from '../db/schema';
import { afterAppointmentWrite, rateAppointment, syncNextAppointment } from '../modules/appointments/appointment-rules';
import { recordConfigurationVersion } from '../modules/configuration/record-configuration-version';
import { afterLeadWrite, mirrorFollowUpToLead } from '../modules/crm/lead-sync';
import { syncLearnerPlan } from '../modules/subscriptions/sync-learner-plan';
import { markQuestionAnswered } from '../modules/support/mark-question-answered';
import { checkLearnerHold } from '../modules/users/check-learner-hold';
import { mustBeInactiveLearner, mustNameMentor } from '../modules/users/learner-record-checks';
import { mustNameLearner } from '../platform/row-scopes';
import { APPOINTMENT_DERIVED, LEAD_DERIVED } from '../resources/crm-fields';
import { type ResourceBinding, type ResourceService, registerResource } from '../resources/engine';
import { LEARNER_COMPUTED_ACTIONS, LEARNER_DERIVED, LEARNER_TOTAL } from '../resources/learner-fields';
import type { ReferenceTarget } from '../resources/service';
import { DEPOSIT_COMPUTED_ACTIONS, SUBSCRIPTION_DERIVED, subscriptionIssues } from '../resources/subscription-fields';

export const USER_SECRET_COLUMNS = [
  'passwordHash',
  'twoFactorSecret',
  'twoFactorPendingSecret',
  'totpLastStep',
] as const;

/** Every resource the generic engine serves. Adding one is adding a line here. */
export function resourceBindings(): ResourceBinding[] {
  // Order matters: a resource comes after the ones its reference fields name.
  return [
    // Before learners: their "Plans" and "Pro Plan" name plans (decision 018).
    { def: planResource, table: plans, entity: 'plan', check: planIssues },
    {
      def: userResource,
      table: users,
      entity: 'user',
      hidden: USER_SECRET_COLUMNS,
      baseWhere: eq(users.roleId, roleByKey('USER')!.id),
      derived: LEARNER_DERIVED,
      compute: LEARNER_COMPUTED_ACTIONS,
      exactTotal: LEARNER_TOTAL,
      // Their follow-up is also their CRM lead's (decision 022): the lead follows in the same transaction.
      afterWrite: mirrorFollowUpToLead,
    },
    // A learner's task submissions: read on their page, scoped by their learner (decision 013).
    {
      def: taskSubmissionResource,
      table: taskSubmissions,
      entity: 'taskSubmission',
      learnerColumn: taskSubmissions.userId,
    },
    // A learner's subscriptions and their upfront deposits (decision 018): added by the
    // plan/add workflow; every write keeps the learner's Plans and Upfront Status in step.
    {
      def: subscriptionResource,
      table: subscriptions,
      entity: 'subscription',
      learnerColumn: subscriptions.userId,
      derived: SUBSCRIPTION_DERIVED,
      check: subscriptionIssues,
      afterWrite: (tx, actor, row) => syncLearnerPlan(tx, actor, row.userId as number),
    },
    {
      def: upfrontDepositResource,
      table: upfrontDeposits,
      entity: 'upfrontDeposit',
      learnerColumn: upfrontDeposits.userId,
      compute: DEPOSIT_COMPUTED_ACTIONS,
      afterWrite: (tx, actor, row) => syncLearnerPlan(tx, actor, row.userId as number),
    },
    // Holds pause a learner's programme; their types are configuration (decision 013).
    { def: holdTypeResource, table: holdTypes, entity: 'holdType' },
    {
      def: learnerHoldResource,
      table: learnerHolds,
      entity: 'learnerHold',
      learnerColumn: learnerHolds.userId,
      onCreate: (a) => ({ placedById: a.user.id, placedByName: a.user.name }),
      check: (row) =>
        String(row.endDate) < String(row.startDate)
          ? [{ path: ['endDate'], message: 'Until must be on or after From' }]
          : [],
      afterWrite: async (tx, actor, row) => {
        await mustNameLearner('userId')(tx, actor, row);
        await checkLearnerHold(tx, actor, row);
      },
    },
    // ISA terms (decision 017): set by ADMIN, chosen when an ISA is assigned.
    { def: isaTypeResource, table: isaTypes, entity: 'isaType', check: isaTypeIssues },
    // Every mail the server wrote, sent or waiting (decision 017); scoped by its learner.
    { def: mailOutboxResource, table: mailOutbox, entity: 'mailOutbox', learnerColumn: mailOutbox.userId },
    { def: blogResource, table: blogs, entity: 'blog', onCreate: (a) => ({ createdBy: a.user.id }) },
    { def: eventResource, table: events, entity: 'event', onCreate: (a) => ({ createdBy: a.user.id }) },
    { def: testimonialResource, table: testimonials, entity: 'testimonial' },
    { def: companyResource, table: companies, entity: 'company' },
    { def: productResource, table: products, entity: 'product' },
    { def: orderResource, table: orders, entity: 'order' },
    { def: degreeCategoryResource, table: degreeCategories, entity: 'degreeCategory' },
    { def: degreeResource, table: degrees, entity: 'degree' },
    { def: jobRoleResource, table: jobRoles, entity: 'jobRole' },
    { def: locationResource, table: locations, entity: 'location' },
    { def: aiPromptResource, table: aiPrompts, entity: 'aiPrompt', check: aiPromptSubjectIssues },
    { def: enquiryResource, table: enquiries, entity: 'enquiry' },
    { def: cardResource, table: cards, entity: 'card', check: cardCallToActionIssues },
    { def: userTypeResource, table: userTypes, entity: 'userType' },
    {
      def: userTypeConditionResource,
      table: userTypeConditions,
      entity: 'userTypeCondition',
      check: userTypeConditionIssues,
    },
    { def: userTypeCardResource, table: userTypeCards, entity: 'userTypeCard' },
    {
      def: messageResource,
      table: messages,
      entity: 'message',
      learnerColumn: messages.userId,
      onCreate: (a) => ({ senderId: a.user.id, senderName: a.user.name }),
      afterWrite: mustNameLearner('userId'),
    },
    // A learner's own records (decision 014): scoped by their learner, writer recorded by the server.
    {
      def: userFlagResource,
      table: userFlags,
      entity: 'userFlag',
      learnerColumn: userFlags.userId,
      onCreate: (a) => ({ raisedById: a.user.id, raisedByName: a.user.name }),
      afterWrite: mustNameLearner('userId'),
    },
    {
      def: userFlagCommentResource,
      table: userFlagComments,
      entity: 'userFlagComment',
      learnerColumn: userFlagComments.userId,
    },
    {
      def: strikeResource,
      table: strikes,
      entity: 'strike',
      learnerColumn: strikes.userId,
      onCreate: (a) => ({ givenById: a.user.id, givenByName: a.user.name }),
      afterWrite: mustNameLearner('userId'),
    },
    {
      def: notWorkingWarningResource,
      table: notWorkingWarnings,
      entity: 'notWorkingWarning',
      learnerColumn: notWorkingWarnings.userId,
    },
    {
      def: reactivationResource,
      table: reactivationRequests,
      entity: 'reactivationRequest',
      learnerColumn: reactivationRequests.userId,
      onCreate: (a) => ({ requestedById: a.user.id, requestedByName: a.user.name }),
      afterWrite: mustBeInactiveLearner,
    },
    {
      def: mentorTeamResource,
      table: mentorTeamMembers,
      entity: 'mentorTeamMember',
      learnerColumn: mentorTeamMembers.userId,
      onCreate: (a) => ({ assignedById: a.user.id, assignedByName: a.user.name }),
      afterWrite: mustNameMentor,
    },
    // The CRM and appointments (decision 022): scoped by the learner they name; the learner's
    // follow-up and next appointment columns are kept from them in the same transaction.
    {
      def: leadResource,
      table: leads,
      entity: 'lead',
      learnerColumn: leads.userId,
      derived: LEAD_DERIVED,
      check: leadIssues,
      afterWrite: afterLeadWrite,
    },
    {
      def: callHistoryResource,
      table: callHistory,
      entity: 'callHistory',
      learnerColumn: callHistory.userId,
    },
    {
      def: appointmentResource,
      table: appointments,
      entity: 'appointment',
      learnerColumn: appointments.userId,
      derived: APPOINTMENT_DERIVED,
      onCreate: (a) => ({ createdById: a.user.id }),
      compute: { rate: rateAppointment },
      afterWrite: afterAppointmentWrite,
      afterRemove: (tx, actor, before) => syncNextAppointment(tx, actor, before.userId as number),
    },
    { def: questionResource, table: questions, entity: 'question' },
    {
      def: answerResource,
      table: answers,
      entity: 'answer',
      onCreate: (a) => ({ answeredBy: a.user.id, answeredByName: a.user.name }),
      afterWrite: markQuestionAnswered,
    },
    {
      def: websiteConfigurationResource,
      table: websiteConfigurations,
      entity: 'websiteConfiguration',
      afterWrite: (tx, actor, row) => recordConfigurationVersion(tx, actor, row),
    },
    { def: auditResource, table: auditLog, entity: 'audit' },
    { def: backendErrorResource, table: backendErrors, entity: 'backendError' },
    {
      def: frontendErrorResource,
      table: frontendErrors,
      entity: 'frontendError',
      onCreate: (a) => ({ userId: a.user.id }),
    },
  ];
}

/**
 * The tables of LABEL_SOURCES: records a reference names that no resource here serves; their
 * labels come from these tables (decision 038). A source left out stops the start.
 */
export const labelSources: Record<string, ReferenceTarget> = {
  person: { columns: getTableColumns(users), binding: { table: users } },
  college: { columns: getTableColumns(colleges), binding: { table: colleges } },
  batch: { columns: getTableColumns(batches), binding: { table: batches } },
};

export function registerResources(app: FastifyInstance): Map<string, ResourceService> {
  const services = new Map<string, ResourceService>();
  // In list order: a resource is registered after the ones its reference fields name.
  for (const b of resourceBindings())
    services.set(
      b.def.path,
      registerResource(app, b, (path) => services.get(path) ?? labelSources[path]),
    );
  return services;
}
