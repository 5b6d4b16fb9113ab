import {
  calls,
  type Filter,
  notWorkingWarningResource,
  reactivationResource,
  userFlagCommentResource,
  userFlagResource,
  userResource,
} from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/access';
import { pageOf } from '../../platform/params';
import { registerCall } from '../../platform/register-call';
import type { ResourceService } from '../../resources/engine';
import { recordAnswers } from '../../resources/record-answers';
import { addFlagComment } from './add-flag-comment';
import { decideReactivation } from './decide-reactivation';
import { deleteFlag } from './delete-flag';
import { getMentorTeam } from './get-mentor-team';
import { getStudentTeamDetails, getStudentTeams } from './get-student-teams';
import { removeNotWorkingWarning } from './remove-not-working-warning';

/**
 * The workflows over a learner's own records (decision 014; declared in calls.learnerRecords);
 * their plain calls are the engine's. Each route only maps HTTP to a module function.
 */
export function registerLearnerRecordRoutes(app: FastifyInstance, services: Map<string, ResourceService>) {
  const need = (path: string) => {
    const s = services.get(path);
    if (!s) throw new Error(`${path} must be registered first`);
    return s;
  };
  const learners = need(userResource.path);
  const flags = need(userFlagResource.path);
  const comments = need(userFlagCommentResource.path);
  const warnings = need(notWorkingWarningResource.path);
  const requests = need(reactivationResource.path);
  const records = recordAnswers(services);
  const c = calls.learnerRecords;

  registerCall(
    app,
    c.addFlagComment,
    async (request) => addFlagComment(app.db, requireActor(request), flags, comments, request.body),
    { records },
  );
  registerCall(app, c.deleteFlag, async (request) =>
    deleteFlag(app.db, requireActor(request), flags, comments, request.params.id),
  );
  registerCall(
    app,
    c.removeWarning,
    async (request) => removeNotWorkingWarning(app.db, requireActor(request), warnings, request.body),
    { records },
  );
  registerCall(
    app,
    c.reactivations,
    async (request) => {
      const { userId, status, ...query } = request.query;
      const fixed: Filter[] = [
        ...(userId === undefined ? [] : [{ field: 'userId', operator: '=' as const, value: userId }]),
        ...(status === undefined ? [] : [{ field: 'status', operator: '=' as const, value: status }]),
      ];
      return requests.list(app.db, requireActor(request), query, pageOf(request), query.page_size, fixed);
    },
    { records },
  );
  registerCall(
    app,
    c.decideReactivation,
    async (request) => decideReactivation(app.db, requireActor(request), requests, request.body),
    { records },
  );
  registerCall(app, c.mentorTeam, async (request) =>
    getMentorTeam(app.db, requireActor(request), learners, request.params.id),
  );
  registerCall(app, c.studentTeams, async (request) =>
    getStudentTeams(app.db, requireActor(request), learners, request.query.userId),
  );
  registerCall(app, c.studentTeamDetails, async (request) =>
    getStudentTeamDetails(app.db, requireActor(request), request.query.teamId),
  );
}
