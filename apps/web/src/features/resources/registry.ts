import { AUDIT_ACTIONS, type FieldDef, type Filter, RESOURCES, type ResourceDef } from '@cohort/domain';
import type { ComponentType } from 'react';
import type { ApiRecord } from '../../components/resource-form/form-values';
import { LearnerRatingsPanel } from '../appointments/components/learner-ratings-panel';
import { LearnerCrmPanel } from '../crm/components/learner-crm-panel';
import { ImpersonatePanel } from '../impersonation/components/impersonate-panel';
import { LearnerIsaPanel } from '../isa/components/learner-isa-panel';
import { LearnerPlacementPanel } from '../placements/components/learner-placement-panel';
import { ArchiveQuestionAction } from './components/archive-question-action';
import { AuditDiffPanel } from './components/audit-diff';
import { AssignMotivatorAction, AssignOwnerAction, ChangeStatusAction } from './components/bulk-learner-actions';
import { ConfigurationHistoryPanel } from './components/configuration-history-panel';
import { DashboardCardsPanel } from './components/dashboard-cards-panel';
import { LearnerFlagsPanel } from './components/learner-flags-panel';
import { LearnerHistoryPanel } from './components/learner-history-panel';
import { LearnerHoldsPanel } from './components/learner-holds-panel';
import { LearnerMessagesPanel } from './components/learner-messages-panel';
import { LearnerProgressPanel } from './components/learner-progress-panel';
import { LearnerReactivationPanel } from './components/learner-reactivation-panel';
import { LearnerStrikesPanel } from './components/learner-strikes-panel';
import { LearnerTeamsPanel } from './components/learner-teams-panel';
import { LearnerWarningsPanel } from './components/learner-warnings-panel';
import { QuestionAnswersPanel } from './components/question-answers-panel';
import { UserTypeRulesPanel } from './components/user-type-rules-panel';

/**
 * One registration per resource (react-admin style): the domain definition drives
 * the list, detail and form screens; this adds only what the console needs.
 */
/** Navigation groups, the BLUEPRINT's areas as staff know them. */
export const NAV_AREAS = ['Learners', 'Content', 'Placements', 'Configuration', 'Support', 'Administration'] as const;
export type NavArea = (typeof NAV_AREAS)[number];

/** A panel of a record's detail screen. */
export type RecordPanel = ComponentType<{ def: ResourceDef; id: string; record: ApiRecord }>;

export type ResourceRegistration = {
  def: ResourceDef;
  /** The navigation group its screens sit in. */
  area: NavArea;
  /** Console url segment: /{slug}, /{slug}/new, /{slug}/{id}. */
  slug: string;
  /** The console offers a create screen (still subject to the def's operations and the role). */
  allowCreate: boolean;
  /** Panels the detail screen shows below the record (react-admin style: components, not names). */
  panels?: readonly RecordPanel[];
  /** Replaces the generic list screen (a board, a calendar). */
  list?: ComponentType<{ reg: ResourceRegistration }>;
  /** Replaces the generic edit form on the record's screen. */
  edit?: RecordPanel;
  /** Buttons in the list's header, given the list as the person filtered it. */
  listActions?: readonly ListAction[];
  /** Buttons at the end of each row. */
  rowActions?: readonly RowAction[];
};

/**
 * Rows chosen in a list: by their ids (across pages), or every row the filters match
 * ("select all 3,214", decision 020).
 */
export type ListSelection = { mode: 'ids'; ids: readonly number[] } | { mode: 'all' };

/**
 * A button over the list: it sees the filters in force, how many records they match, and the
 * rows chosen (none: null); `onDone` clears the choice once the action changed them. A
 * registration with list actions gets row checkboxes.
 */
export type ListAction = ComponentType<{
  def: ResourceDef;
  filters: readonly Filter[];
  total: number;
  selection: ListSelection | null;
  onDone?: () => void;
}> & {
  /** The matrix action (under the resource's permission) it needs: rows get checkboxes only for roles that may. */
  permission?: string;
};
/** A button on one row; `fields` names the row's fields it reads, so the list asks for them. */
export type RowAction = ComponentType<{ def: ResourceDef; record: ApiRecord }> & { fields?: readonly string[] };

type Extra = Partial<Omit<ResourceRegistration, 'def' | 'slug' | 'area'>> & {
  /** Display-only refinements of a field (e.g. known values shown as badges); the API contract is unchanged. */
  fields?: Record<string, Partial<FieldDef>>;
};

function register(path: string, slug: string, area: NavArea, { fields, ...extra }: Extra = {}): ResourceRegistration {
  const base = RESOURCES[path];
  if (!base) throw new Error(`Unknown resource "${path}"`);
  const def = fields ? { ...base, fields: base.fields.map((f) => ({ ...f, ...fields[f.name] })) } : base;
  return { def, slug, area, allowCreate: true, ...extra };
}

/** In navigation order within each area. */
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
