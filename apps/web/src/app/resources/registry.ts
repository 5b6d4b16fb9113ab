import { AUDIT_ACTIONS, RESOURCES } from '@cohort/domain';
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
import { type Extra, type ResourceRegistration, register } from '../../lib/resource-registration';

/**
 * What the console adds to a resource beyond its definition (react-admin style: components, not
 * names): the panels of its record's page, the actions of its list and rows, display refinements.
 * Only resources that differ are here; every resource of RESOURCES gets its screens from its
 * `screens` (slug, navigation area, create screen). Only the app level imports every feature.
 */
const OVERRIDES: Readonly<Record<string, Extra>> = {
  user: {
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
  },
  'website-configuration': { panels: [ConfigurationHistoryPanel] },
  usertype: { panels: [UserTypeRulesPanel] },
  question: { panels: [QuestionAnswersPanel], rowActions: [ArchiveQuestionAction] },
  // The server stores the action as text; its known values read better as badges and a pick list.
  audit: { panels: [AuditDiffPanel], fields: { action: { type: 'enum', options: AUDIT_ACTIONS } } },
};

for (const path of Object.keys(OVERRIDES)) if (!RESOURCES[path]) throw new Error(`Unknown resource "${path}"`);

/** Every resource's screens, in navigation order within each area. */
export const RESOURCE_REGISTRY: readonly ResourceRegistration[] = Object.keys(RESOURCES).map((path) =>
  register(path, OVERRIDES[path]),
);

export function registrationBySlug(slug: string): ResourceRegistration | undefined {
  return RESOURCE_REGISTRY.find((r) => r.slug === slug);
}

export function registrationByPath(path: string): ResourceRegistration | undefined {
  return RESOURCE_REGISTRY.find((r) => r.def.path === path);
}
