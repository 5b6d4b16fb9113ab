import {
  bulkMotivatorSchema,
  bulkOwnerSchema,
  bulkProgressLineSchema,
  bulkResultSchema,
  bulkStatusSchema,
  chatTokenSchema,
  cibilCheckSchema,
  idParam,
  learnerAssignmentsSchema,
  listResultSchema,
  PAGE_SIZE_DEFAULT,
  progressReportQuerySchema,
  progressReportSchema,
  teamMemberSchema,
  teamMembersQuerySchema,
  userResource,
} from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/access';
import { errors, streamed } from '../../platform/openapi';
import { pageHeaders, pageOf } from '../../platform/params';
import { runWithProgress, withProgressResponse } from '../../platform/progress';
import type { ResourceService } from '../../resources/engine';
import { recordSchema } from '../../resources/record-schema';
import { assignLearners, setLearnersColumn } from './assign-learners';
import { checkCreditScore } from './check-credit-score';
import { type CreditBureau, manualCreditBureau } from './credit-bureau';
import { getProgressReport } from './get-progress-report';
import { issueChatToken } from './issue-chat-token';
import { readLearnerResume, uploadLearnerResume } from './learner-resume';
import { listLearnerAssignments } from './list-learner-assignments';
import { listTeamMembers } from './list-team-members';

/** The learner list's bulk calls and the learner page's reads beyond the record (spec §7 Users). */
export function registerUserRoutes(
  app: FastifyInstance,
  services: Map<string, ResourceService>,
  /** Where credit scores come from (the README says how to plug in a bureau). */
  bureau: CreditBureau = manualCreditBureau,
) {
  const learners = services.get(userResource.path);
  if (!learners) throw new Error('learners must be registered first');
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [userResource.pluralLabel];
  // A bulk change answers its result, or with `Accept: application/x-ndjson` its progress (decision 024).
  const bulkAnswer = withProgressResponse(
    bulkResultSchema,
    bulkProgressLineSchema,
    'The result; asked with Accept: application/x-ndjson, a line per slice written, then the result or the error that undid the change',
  );

  r.get(
    '/admin/user/progress-report',
    {
      config: { access: { resource: 'user', action: 'read' } },
      schema: {
        tags,
        summary: "A learner's task submissions week by week (12 weeks unless `weeks` says otherwise)",
        querystring: progressReportQuerySchema,
        response: { 200: progressReportSchema, ...errors(404) },
      },
    },
    async (request) =>
      getProgressReport(app.db, requireActor(request), learners, request.query.userId, request.query.weeks),
  );

  r.get(
    '/admin/user/assignments',
    {
      config: { access: { resource: 'user', action: 'read' } },
      schema: {
        tags,
        summary: "A learner's work per assignment: tasks submitted and reviewed, last submission",
        querystring: z.object({ userId: idParam }),
        response: { 200: learnerAssignmentsSchema, ...errors(404) },
      },
    },
    async (request) => listLearnerAssignments(app.db, requireActor(request), learners, request.query.userId),
  );

  r.get(
    '/admin/user/team-members',
    {
      config: { access: { resource: 'user', action: 'list' } },
      schema: {
        tags,
        summary: 'Active staff that learners can be given (owners, motivators), by name; `role` and `search` narrow it',
        querystring: teamMembersQuerySchema,
        headers: pageHeaders,
        response: { 200: listResultSchema(teamMemberSchema) },
      },
    },
    async (request) =>
      listTeamMembers(app.db, request.query, pageOf(request), request.query.page_size ?? PAGE_SIZE_DEFAULT),
  );

  // Owner and motivator are given the same way: a staff member of the right role, to many learners.
  const assignments = [
    {
      path: '/admin/user/owner/add-multiple',
      body: bulkOwnerSchema,
      what: 'an owner',
      column: 'ownerId',
      roles: ['ADMIN', 'MOTIVATOR', 'NEGOTIATOR', 'HR', 'MENTOR', 'KEY_ACCOUNT_MANAGER'],
      action: 'assignOwner',
    },
    {
      path: '/admin/user/motivator/add-multiple',
      body: bulkMotivatorSchema,
      what: 'a motivator',
      column: 'motivatorId',
      roles: ['MOTIVATOR'],
      action: 'assignMotivator',
    },
  ] as const;
  for (const a of assignments) {
    r.post(
      a.path,
      {
        config: { access: { resource: 'user', action: a.action } },
        schema: {
          tags,
          summary: `Give the chosen learners (or every learner the filters match) ${a.what}, in one transaction`,
          body: a.body,
          response: { 200: bulkAnswer },
        },
      },
      async (request, reply) => {
        const input = request.body as z.infer<typeof bulkOwnerSchema> & z.infer<typeof bulkMotivatorSchema>;
        return runWithProgress(request, reply, (progress) =>
          assignLearners(
            app.db,
            requireActor(request),
            learners,
            input,
            { column: a.column, staffId: input[a.column], roles: a.roles, field: a.column, action: a.action },
            progress,
          ),
        );
      },
    );
  }

  const learner = recordSchema(userResource, learners.columns, learners.binding.hidden, learners.binding.derived);

  r.post(
    '/admin/user/resume/upload',
    {
      config: { access: { resource: 'user', action: 'uploadResume' }, multipart: ['file'] },
      schema: {
        tags,
        summary: 'Upload a learner\'s resume (multipart field "file", a PDF); the one before is deleted',
        querystring: z.object({ userId: idParam }),
        consumes: ['multipart/form-data'],
        response: { 200: learner, ...errors(404) },
      },
    },
    async (request) => uploadLearnerResume(app, request, requireActor(request), learners, request.query.userId),
  );

  r.get(
    '/admin/user/resume/get',
    {
      config: { access: { resource: 'user', action: 'read' } },
      schema: {
        tags,
        summary: "A learner's resume (PDF)",
        querystring: z.object({ userId: idParam }),
        response: { 200: streamed('application/pdf', 'The resume as uploaded'), ...errors(404) },
      },
    },
    async (request, reply) => {
      const file = await readLearnerResume(app, requireActor(request), learners, request.query.userId);
      const name = file.name.replace(/[^A-Za-z0-9._ -]/g, '_');
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        .header('x-content-type-options', 'nosniff');
      if (file.size) reply.header('content-length', file.size);
      return file.stream;
    },
  );

  r.post(
    '/admin/user/check-cibil-score',
    {
      config: { access: { resource: 'user', action: 'checkCredit' } },
      schema: {
        tags,
        summary: `Check a learner's credit score (provider: ${bureau.name}); kept on the learner, audited`,
        body: cibilCheckSchema,
        response: { 200: learner, ...errors(404, 409) },
      },
    },
    async (request) => checkCreditScore(app.db, requireActor(request), learners, bureau, request.body),
  );

  r.post(
    '/admin/user/status/update-multiple',
    {
      config: { access: { resource: 'user', action: 'changeStatus' } },
      schema: {
        tags,
        summary: 'Set the status of the chosen learners (or every learner the filters match), in one transaction',
        body: bulkStatusSchema,
        response: { 200: bulkAnswer },
      },
    },
    async (request, reply) =>
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

  r.get(
    '/admin/user/chat/token',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'A short-lived token for the chat service, naming the staff member',
        response: { 200: chatTokenSchema, ...errors(503) },
      },
    },
    async (request) => issueChatToken(requireActor(request), app.config),
  );
}
