import { authCalls } from './auth';
import { configurationCalls, contentCalls, fileCalls } from './content';
import { isaCalls } from './isa';
import { crmCalls, impersonationCalls, learnerCalls, learnerRecordCalls, subscriptionCalls } from './learners';
import { preferenceCalls, savedViewCalls } from './preferences';
import { dashboardCalls, roleCalls } from './roles';

export { sessionAnswerSchema } from './auth';
export * from './define-call';
export { ISA_DOCUMENT_TYPES, ISA_VIDEO_TYPES, isaConflictSchema } from './isa';
export { idParamsSchema, pageSizeQuery } from './roles';

/** Every call beyond the engine's, by area (decision 033). */
export const calls = {
  auth: authCalls,
  roles: roleCalls,
  dashboard: dashboardCalls,
  preferences: preferenceCalls,
  savedViews: savedViewCalls,
  learners: learnerCalls,
  learnerRecords: learnerRecordCalls,
  impersonation: impersonationCalls,
  crm: crmCalls,
  subscriptions: subscriptionCalls,
  isa: isaCalls,
  content: contentCalls,
  configuration: configurationCalls,
  files: fileCalls,
};

/** Every declared call, flat. */
export const ALL_CALLS = Object.values(calls).flatMap((area) => Object.values(area));
