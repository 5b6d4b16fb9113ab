export * from './appointments';
export * from './bytes';
export * from './configuration';
export * from './content';
export * from './crm';
export * from './csv-export';
export * from './enums';
export * from './errors';
export * from './fields';
export * from './flows';
export * from './history';
export * from './holds';
export * from './isa';
export * from './learner-records';
export * from './learners';
export * from './money';
export * from './permissions';
export * from './placement-flows';
export * from './plans';
export * from './platform';
export * from './preferences';
export * from './resource';
export * from './roles';
export * from './row-scopes';
export * from './saved-views';
export * from './support';
export * from './wire';

import { appointmentResource } from './appointments';
import {
  aiPromptResource,
  cardResource,
  degreeCategoryResource,
  degreeResource,
  enquiryResource,
  jobRoleResource,
  locationResource,
  userTypeCardResource,
  userTypeConditionResource,
  userTypeResource,
  websiteConfigurationResource,
} from './configuration';
import {
  blogResource,
  companyResource,
  eventResource,
  orderResource,
  productResource,
  testimonialResource,
} from './content';
import { callHistoryResource, leadResource } from './crm';
import type { Flow } from './flows';
import { holdTypeResource, learnerHoldResource } from './holds';
import { ISA_FLOW, isaTypeResource, mailOutboxResource } from './isa';
import {
  mentorTeamResource,
  notWorkingWarningResource,
  reactivationResource,
  strikeResource,
  userFlagCommentResource,
  userFlagResource,
} from './learner-records';
import { messageResource, taskSubmissionResource, userResource } from './learners';
import { planResource, subscriptionResource, upfrontDepositResource } from './plans';
import { auditResource, backendErrorResource, frontendErrorResource } from './platform';
import type { ResourceDef } from './resource';
import { answerResource, questionResource } from './support';

/**
 * Every resource served by the generic engine, by url segment: the one list. The server binds each
 * to its table (composition/resource-bindings.ts, a test holds them equal) and the console gives each
 * its screens from `def.screens`, in this order within a navigation area (app/resources/registry.ts
 * adds panels and actions only where a resource has them).
 */
export const RESOURCES: Record<string, ResourceDef> = Object.fromEntries(
  [
    userResource,
    messageResource,
    taskSubmissionResource,
    userFlagResource,
    userFlagCommentResource,
    strikeResource,
    notWorkingWarningResource,
    reactivationResource,
    learnerHoldResource,
    mailOutboxResource,
    subscriptionResource,
    upfrontDepositResource,
    mentorTeamResource,
    leadResource,
    appointmentResource,
    blogResource,
    eventResource,
    testimonialResource,
    companyResource,
    productResource,
    orderResource,
    jobRoleResource,
    planResource,
    holdTypeResource,
    isaTypeResource,
    degreeResource,
    degreeCategoryResource,
    locationResource,
    aiPromptResource,
    websiteConfigurationResource,
    cardResource,
    userTypeResource,
    userTypeConditionResource,
    userTypeCardResource,
    enquiryResource,
    callHistoryResource,
    questionResource,
    answerResource,
    auditResource,
    backendErrorResource,
    frontendErrorResource,
  ].map((r) => [r.path, r]),
);

/**
 * Every flow the product has, with the resource whose rows it moves (decision 032): the flows of
 * the engine's resources, and the ISA's (its rows are a learner's ISAs, moved by `isa/*` calls).
 */
export const FLOWS: readonly { resource: string; flow: Flow }[] = [
  ...Object.values(RESOURCES).flatMap((r) => (r.flows ?? []).map((flow) => ({ resource: r.path, flow }))),
  { resource: 'user/isa', flow: ISA_FLOW as Flow },
];

export * from './calls';
