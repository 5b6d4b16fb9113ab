import {
  aiPromptResource,
  answerResource,
  auditResource,
  backendErrorResource,
  blogResource,
  cardCallToActionIssues,
  cardResource,
  companyResource,
  degreeCategoryResource,
  degreeResource,
  enquiryResource,
  eventResource,
  frontendErrorResource,
  holdTypeResource,
  jobRoleResource,
  learnerHoldResource,
  locationResource,
  mentorTeamResource,
  messageResource,
  notWorkingWarningResource,
  orderResource,
  productResource,
  questionResource,
  reactivationResource,
  roleByKey,
  strikeResource,
  taskSubmissionResource,
  testimonialResource,
  userFlagCommentResource,
  userFlagResource,
  userResource,
  userTypeCardResource,
  userTypeConditionIssues,
  userTypeConditionResource,
  userTypeResource,
  websiteConfigurationResource,
} from '@cohort/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  aiPrompts,
  answers,
  auditLog,
  backendErrors,
  blogs,
  cards,
  companies,
  degreeCategories,
  degrees,
  enquiries,
  events,
  frontendErrors,
  holdTypes,
  jobRoles,
  learnerHolds,
  locations,
  mentorTeamMembers,
  messages,
  notWorkingWarnings,
  orders,
  products,
  questions,
  reactivationRequests,
  strikes,
  taskSubmissions,
  testimonials,
  userFlagComments,
  userFlags,
  users,
  userTypeCards,
  userTypeConditions,
  userTypes,
  websiteConfigurations,
} from '../db/schema';
import { recordConfigurationVersion } from '../modules/configuration/record-configuration-version';
import { markQuestionAnswered } from '../modules/support/mark-question-answered';
import { checkLearnerHold } from '../modules/users/check-learner-hold';
import { mustBeInactiveLearner, mustNameMentor } from '../modules/users/learner-record-checks';
import { LEARNER_SCOPES, learnerChildScopes, mustNameLearner } from '../platform/row-scopes';
import { type ResourceBinding, type ResourceService, registerResource } from './engine';
import { LEARNER_COMPUTED_ACTIONS, LEARNER_DERIVED, LEARNER_TOTAL } from './learner-fields';

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
    {
      def: userResource,
      table: users,
      entity: 'user',
      hidden: USER_SECRET_COLUMNS,
      baseWhere: eq(users.roleId, roleByKey('USER')!.id),
      scopes: LEARNER_SCOPES,
      derived: LEARNER_DERIVED,
      compute: LEARNER_COMPUTED_ACTIONS,
      exactTotal: LEARNER_TOTAL,
    },
    // A learner's task submissions: read on their page, scoped by their learner (decision 013).
    {
      def: taskSubmissionResource,
      table: taskSubmissions,
      entity: 'taskSubmission',
      scopes: learnerChildScopes(taskSubmissions.userId),
    },
    // Holds pause a learner's programme; their types are configuration (decision 013).
    { def: holdTypeResource, table: holdTypes, entity: 'holdType' },
    {
      def: learnerHoldResource,
      table: learnerHolds,
      entity: 'learnerHold',
      scopes: learnerChildScopes(learnerHolds.userId),
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
    { def: aiPromptResource, table: aiPrompts, entity: 'aiPrompt' },
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
      scopes: learnerChildScopes(messages.userId),
      onCreate: (a) => ({ senderId: a.user.id, senderName: a.user.name }),
      afterWrite: mustNameLearner('userId'),
    },
    // A learner's own records (decision 014): scoped by their learner, writer recorded by the server.
    {
      def: userFlagResource,
      table: userFlags,
      entity: 'userFlag',
      scopes: learnerChildScopes(userFlags.userId),
      onCreate: (a) => ({ raisedById: a.user.id, raisedByName: a.user.name }),
      afterWrite: mustNameLearner('userId'),
    },
    {
      def: userFlagCommentResource,
      table: userFlagComments,
      entity: 'userFlagComment',
      scopes: learnerChildScopes(userFlagComments.userId),
    },
    {
      def: strikeResource,
      table: strikes,
      entity: 'strike',
      scopes: learnerChildScopes(strikes.userId),
      onCreate: (a) => ({ givenById: a.user.id, givenByName: a.user.name }),
      afterWrite: mustNameLearner('userId'),
    },
    {
      def: notWorkingWarningResource,
      table: notWorkingWarnings,
      entity: 'notWorkingWarning',
      scopes: learnerChildScopes(notWorkingWarnings.userId),
    },
    {
      def: reactivationResource,
      table: reactivationRequests,
      entity: 'reactivationRequest',
      scopes: learnerChildScopes(reactivationRequests.userId),
      onCreate: (a) => ({ requestedById: a.user.id, requestedByName: a.user.name }),
      afterWrite: mustBeInactiveLearner,
    },
    {
      def: mentorTeamResource,
      table: mentorTeamMembers,
      entity: 'mentorTeamMember',
      scopes: learnerChildScopes(mentorTeamMembers.userId),
      onCreate: (a) => ({ assignedById: a.user.id, assignedByName: a.user.name }),
      afterWrite: mustNameMentor,
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

export function registerResources(app: FastifyInstance): Map<string, ResourceService> {
  const services = new Map<string, ResourceService>();
  // In list order: a resource is registered after the ones its reference fields name.
  for (const b of resourceBindings())
    services.set(
      b.def.path,
      registerResource(app, b, (path) => services.get(path)),
    );
  return services;
}
