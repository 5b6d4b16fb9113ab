import {
  decideReactivationSchema,
  type Filter,
  listQuerySchema,
  listResultSchema,
  mentorTeamResource,
  mentorTeamSchema,
  messageSchema,
  notWorkingWarningResource,
  reactivationListQuerySchema,
  reactivationResource,
  removeNotWorkingWarningSchema,
  studentTeamDetailsQuerySchema,
  studentTeamDetailsSchema,
  studentTeamsQuerySchema,
  studentTeamsSchema,
  userFlagCommentCreateSchema,
  userFlagCommentResource,
  userFlagResource,
  userResource,
} from '@cohort/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/access';
import { errors } from '../../platform/openapi';
import { idParams, pageHeaders, pageOf } from '../../platform/params';
import type { ResourceService } from '../../resources/engine';
import { recordSchema } from '../../resources/record-schema';
import { addFlagComment } from './add-flag-comment';
import { decideReactivation } from './decide-reactivation';
import { deleteFlag } from './delete-flag';
import { getMentorTeam } from './get-mentor-team';
import { getStudentTeamDetails, getStudentTeams } from './get-student-teams';
import { removeNotWorkingWarning } from './remove-not-working-warning';

/**
 * The workflows over a learner's own records (decision 014); their plain calls are the engine's.
 * Each route only maps HTTP to a module function.
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/admin/user/flag/add-comment',
    {
      config: { access: { resource: 'userFlag', action: 'update' } },
      schema: {
        tags: [userFlagResource.pluralLabel],
        summary: 'Comment on a flag; with `status`, archive it (resolved) or make it live again',
        body: userFlagCommentCreateSchema,
        response: { 201: recordSchema(userFlagCommentResource, comments.columns), ...errors(404, 409) },
      },
    },
    async (request, reply) => {
      const comment = await addFlagComment(app.db, requireActor(request), flags, comments, request.body);
      reply.code(201);
      return comment;
    },
  );

  r.delete(
    '/admin/user/flag/delete/:id',
    {
      config: { access: { resource: 'userFlag', action: 'delete' } },
      schema: {
        tags: [userFlagResource.pluralLabel],
        summary: 'Delete a flag and its comments (each audited)',
        params: idParams,
        response: { 200: messageSchema, ...errors(404) },
      },
    },
    async (request) => deleteFlag(app.db, requireActor(request), flags, comments, request.params.id),
  );

  r.delete(
    '/admin/user/not-working-alert/warnings/remove',
    {
      config: { access: { resource: 'notWorkingWarning', action: 'delete' } },
      schema: {
        tags: [notWorkingWarningResource.pluralLabel],
        summary: 'Remove a warning: it stops counting but stays in the history, marked removed',
        body: removeNotWorkingWarningSchema,
        response: { 200: recordSchema(notWorkingWarningResource, warnings.columns), ...errors(404, 409) },
      },
    },
    async (request) => removeNotWorkingWarning(app.db, requireActor(request), warnings, request.body),
  );

  r.get(
    '/admin/user/reactivation',
    {
      config: { access: { resource: 'reactivation', action: 'list' } },
      schema: {
        tags: [reactivationResource.pluralLabel],
        summary:
          "A learner's reactivation requests (?userId=), or the queue of a status (?status=Pending), newest first",
        querystring: listQuerySchema.extend(reactivationListQuerySchema.shape),
        headers: pageHeaders,
        response: { 200: listResultSchema(recordSchema(reactivationResource, requests.columns)) },
      },
    },
    async (request) => {
      const { userId, status, ...query } = request.query;
      const fixed: Filter[] = [
        ...(userId === undefined ? [] : [{ field: 'userId', operator: '=' as const, value: userId }]),
        ...(status === undefined ? [] : [{ field: 'status', operator: '=' as const, value: status }]),
      ];
      return requests.list(app.db, requireActor(request), query, pageOf(request), query.page_size, fixed);
    },
  );

  r.post(
    '/admin/user/reactivation/decide',
    {
      config: { access: { resource: 'reactivation', action: 'update' } },
      schema: {
        tags: [reactivationResource.pluralLabel],
        summary: 'Decide a pending reactivation request: Fulfilled or Rejected, with a note',
        body: decideReactivationSchema,
        response: { 200: recordSchema(reactivationResource, requests.columns), ...errors(404, 409) },
      },
    },
    async (request) => decideReactivation(app.db, requireActor(request), requests, request.body),
  );

  r.get(
    '/admin/user/mentor-team/:id',
    {
      config: { access: { resource: 'mentorTeam', action: 'read' } },
      schema: {
        tags: [mentorTeamResource.pluralLabel],
        summary: 'The mentor team of learner {id}: their mentors, the manager first',
        params: idParams,
        response: { 200: mentorTeamSchema, ...errors(404) },
      },
    },
    async (request) => getMentorTeam(app.db, requireActor(request), learners, request.params.id),
  );

  r.get(
    '/admin/user/student/team/get',
    {
      config: { access: { resource: 'studentTeam', action: 'list' } },
      schema: {
        tags: ['Student teams'],
        summary: 'The student teams a learner is in, with their role in each',
        querystring: studentTeamsQuerySchema,
        response: { 200: studentTeamsSchema, ...errors(404) },
      },
    },
    async (request) => getStudentTeams(app.db, requireActor(request), learners, request.query.userId),
  );

  r.get(
    '/admin/user/student/team/details',
    {
      config: { access: { resource: 'studentTeam', action: 'read' } },
      schema: {
        tags: ['Student teams'],
        summary: 'A student team and its members (a scoped role sees its own learners among them)',
        querystring: studentTeamDetailsQuerySchema,
        response: { 200: studentTeamDetailsSchema, ...errors(404) },
      },
    },
    async (request) => getStudentTeamDetails(app.db, requireActor(request), request.query.teamId),
  );
}
