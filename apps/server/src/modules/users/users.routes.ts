import { calls, PAGE_SIZE_DEFAULT, userResource } from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/access';
import { pageOf } from '../../platform/params';
import { runWithProgress } from '../../platform/progress';
import { registerCall } from '../../platform/register-call';
import type { ResourceService } from '../../resources/engine';
import { recordAnswers } from '../../resources/record-answers';
import { assignLearners, setLearnersColumn } from './assign-learners';
import { checkCreditScore } from './check-credit-score';
import { type CreditBureau, manualCreditBureau } from './credit-bureau';
import { getProgressReport } from './get-progress-report';
import { issueChatToken } from './issue-chat-token';
import { readLearnerResume, uploadLearnerResume } from './learner-resume';
import { listLearnerAssignments } from './list-learner-assignments';
import { listTeamMembers } from './list-team-members';

/** The learner list's bulk calls and the learner page's reads beyond the record (spec §7 Users; declared in calls.learners). */
export function registerUserRoutes(
  app: FastifyInstance,
  services: Map<string, ResourceService>,
  /** Where credit scores come from (the README says how to plug in a bureau). */
  bureau: CreditBureau = manualCreditBureau,
) {
  const learners = services.get(userResource.path);
  if (!learners) throw new Error('learners must be registered first');
  const records = recordAnswers(services);
  const c = calls.learners;

  registerCall(app, c.progressReport, async (request) =>
    getProgressReport(app.db, requireActor(request), learners, request.query.userId, request.query.weeks),
  );
  registerCall(app, c.assignments, async (request) =>
    listLearnerAssignments(app.db, requireActor(request), learners, request.query.userId),
  );
  registerCall(app, c.teamMembers, async (request) =>
    listTeamMembers(app.db, request.query, pageOf(request), request.query.page_size ?? PAGE_SIZE_DEFAULT),
  );

  // Owner and motivator are given the same way: a staff member of the right role, to many learners.
  registerCall(app, c.assignOwner, async (request, reply) =>
    runWithProgress(request, reply, (progress) =>
      assignLearners(
        app.db,
        requireActor(request),
        learners,
        request.body,
        {
          column: 'ownerId',
          staffId: request.body.ownerId,
          roles: ['ADMIN', 'MOTIVATOR', 'NEGOTIATOR', 'HR', 'MENTOR', 'KEY_ACCOUNT_MANAGER'],
          field: 'ownerId',
          action: 'assignOwner',
        },
        progress,
      ),
    ),
  );
  registerCall(app, c.assignMotivator, async (request, reply) =>
    runWithProgress(request, reply, (progress) =>
      assignLearners(
        app.db,
        requireActor(request),
        learners,
        request.body,
        {
          column: 'motivatorId',
          staffId: request.body.motivatorId,
          roles: ['MOTIVATOR'],
          field: 'motivatorId',
          action: 'assignMotivator',
        },
        progress,
      ),
    ),
  );

  registerCall(
    app,
    c.uploadResume,
    async (request) => uploadLearnerResume(app, request, requireActor(request), learners, request.query.userId),
    { records },
  );
  registerCall(app, c.resume, async (request, reply) => {
    const file = await readLearnerResume(app, requireActor(request), learners, request.query.userId);
    const name = file.name.replace(/[^A-Za-z0-9._ -]/g, '_');
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('x-content-type-options', 'nosniff');
    if (file.size) reply.header('content-length', file.size);
    return file.stream;
  });
  registerCall(
    app,
    c.checkCibilScore,
    async (request) => checkCreditScore(app.db, requireActor(request), learners, bureau, request.body),
    { records, summary: c.checkCibilScore.summary.replace('{bureau}', bureau.name) },
  );
  registerCall(app, c.setStatuses, async (request, reply) =>
    runWithProgress(request, reply, (progress) =>
      setLearnersColumn(
        app.db,
        requireActor(request),
        learners,
        request.body,
        { column: 'userStatus', value: request.body.userStatus, action: 'changeStatus' },
        progress,
      ),
    ),
  );
  registerCall(app, c.chatToken, async (request) => issueChatToken(requireActor(request), app.config));
}
