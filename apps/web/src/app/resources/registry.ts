import { AUDIT_ACTIONS } from '@cohort/domain';
import { LearnerRatingsPanel } from '../../features/appointments/components/learner-ratings-panel';
import { LearnerCrmPanel } from '../../features/crm/components/learner-crm-panel';
import { ImpersonatePanel } from '../../features/impersonation/components/impersonate-panel';
import { LearnerIsaPanel } from '../../features/isa/components/learner-isa-panel';
import {
  AssignMotivatorAction,
  AssignOwnerAction,
  ChangeStatusAction,
} from '../../features/learners/components/bulk-learner-actions';
import { DashboardCardsPanel } from '../../features/learners/components/dashboard-cards-panel';
import { LearnerFlagsPanel } from '../../features/learners/components/learner-flags-panel';
import { LearnerHistoryPanel } from '../../features/learners/components/learner-history-panel';
import { LearnerHoldsPanel } from '../../features/learners/components/learner-holds-panel';
import { LearnerMessagesPanel } from '../../features/learners/components/learner-messages-panel';
import { LearnerProgressPanel } from '../../features/learners/components/learner-progress-panel';
import { LearnerReactivationPanel } from '../../features/learners/components/learner-reactivation-panel';
import { LearnerStrikesPanel } from '../../features/learners/components/learner-strikes-panel';
import { LearnerTeamsPanel } from '../../features/learners/components/learner-teams-panel';
import { LearnerWarningsPanel } from '../../features/learners/components/learner-warnings-panel';
import { LearnerPlacementPanel } from '../../features/placements/components/learner-placement-panel';
import { ArchiveQuestionAction } from '../../features/resources/components/archive-question-action';
import { AuditDiffPanel } from '../../features/resources/components/audit-diff';
import { ConfigurationHistoryPanel } from '../../features/resources/components/configuration-history-panel';
import { QuestionAnswersPanel } from '../../features/resources/components/question-answers-panel';
import { UserTypeRulesPanel } from '../../features/resources/components/user-type-rules-panel';
import { type ResourceRegistration, register } from '../../lib/resource-registration';

/**
 * The console's composition (react-admin style): one registration per resource, with the panels,
 * list screens and actions the features offer for it. Only the app level imports every feature.
 * In navigation order within each area.
 */
export const RESOURCE_REGISTRY: readonly ResourceRegistration[] = [
  register('user', 'learners', 'Learners', {
    listActions: [AssignOwnerAction, AssignMotivatorAction, ChangeStatusAction],
    panels: [
      LearnerProgressPanel,
      LearnerIsaPanel,
      LearnerPlacementPanel,
      LearnerHoldsPanel,
      DashboardCardsPanel,
      LearnerMessagesPanel,
      LearnerFlagsPanel,
      LearnerStrikesPanel,
      LearnerWarningsPanel,
      LearnerReactivationPanel,
      LearnerTeamsPanel,
      LearnerCrmPanel,
      LearnerRatingsPanel,
      LearnerHistoryPanel,
      ImpersonatePanel,
    ],
  }),
  register('message', 'messages', 'Learners'),
  // Submitted from the learners' own app; read here.
  register('user/task-submission', 'task-submissions', 'Learners', { allowCreate: false }),
  // A learner's own records (decision 014): panels on the learner's page, and lists across learners.
  register('user/flag', 'flags', 'Learners'),
  register('user/flag/comment', 'flag-comments', 'Learners', { allowCreate: false }),
  register('user/strike', 'strikes', 'Learners'),
  register('user/not-working-alert/warnings', 'not-working-warnings', 'Learners', { allowCreate: false }),
  register('user/reactivation', 'reactivation-requests', 'Learners'),
  register('user/hold', 'holds', 'Learners'),
  // Every mail written to learners (the ISA link...), sent or waiting (decision 017); written by the server only.
  register('mail/outbox', 'mail-outbox', 'Learners', { allowCreate: false }),
  // Added by "Add plan" on the learner's page (a workflow: the deposit, the plan it replaces); ended or cancelled here.
  register('subscription', 'subscriptions', 'Learners', { allowCreate: false }),
  register('subscription/upfront-deposit', 'upfront-deposits', 'Learners', { allowCreate: false }),
  // Assigned from the learner's page; no list of its own (the team is read per learner).
  register('user/mentor-team', 'mentor-teams', 'Learners', { allowCreate: false }),
  // The CRM and appointments (decision 022): learners come into the CRM and calls are logged
  // from the learner's page; appointments are booked here and rated on their own screen.
  register('leads', 'crm-leads', 'Learners', { allowCreate: false }),
  register('mentor/appointment', 'appointments', 'Learners'),
  register('blog', 'blogs', 'Content'),
  register('event', 'events', 'Content'),
  register('testimonial', 'testimonials', 'Content'),
  register('company', 'companies', 'Content'),
  register('product', 'products', 'Content'),
  // Orders come from learners' payments; staff only change their status.
  register('order', 'orders', 'Content', { allowCreate: false }),
  register('job-roles', 'job-roles', 'Placements'),
  register('plan', 'plans', 'Configuration'),
  register('hold', 'hold-types', 'Configuration'),
  // An ISA's terms (decision 017): chosen when an ISA is assigned on the learner's page.
  register('isa', 'isa-types', 'Configuration'),
  register('deegree', 'degrees', 'Configuration'),
  register('deegree/category', 'degree-categories', 'Configuration'),
  register('location', 'locations', 'Configuration'),
  register('ai-prompt', 'ai-prompts', 'Configuration'),
  register('website-configuration', 'website-configuration', 'Configuration', {
    panels: [ConfigurationHistoryPanel],
  }),
  register('card', 'cards', 'Configuration'),
  register('usertype', 'user-types', 'Configuration', { panels: [UserTypeRulesPanel] }),
  register('usertypecondition', 'user-type-conditions', 'Configuration'),
  register('usertypecard', 'user-type-cards', 'Configuration'),
  register('enquiry', 'enquiries', 'Support'),
  register('call/history', 'call-history', 'Support', { allowCreate: false }),
  register('question', 'questions', 'Support', {
    panels: [QuestionAnswersPanel],
    rowActions: [ArchiveQuestionAction],
  }),
  register('answer', 'answers', 'Support'),
  // The server stores the action as text; its known values read better as badges and a pick list.
  register('audit', 'audit-log', 'Administration', {
    panels: [AuditDiffPanel],
    fields: { action: { type: 'enum', options: AUDIT_ACTIONS } },
  }),
  register('errors', 'server-errors', 'Administration'),
  // Console errors are reported by the error boundary, never typed in by hand.
  register('frontend-errors', 'console-errors', 'Administration', { allowCreate: false }),
];

export function registrationBySlug(slug: string): ResourceRegistration | undefined {
  return RESOURCE_REGISTRY.find((r) => r.slug === slug);
}

export function registrationByPath(path: string): ResourceRegistration | undefined {
  return RESOURCE_REGISTRY.find((r) => r.def.path === path);
}
