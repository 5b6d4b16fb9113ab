import {
  calls,
  type ListResult,
  mentorTeamResource,
  notWorkingWarningResource,
  reactivationResource,
  userFlagCommentResource,
  userFlagResource,
} from '@cohort/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { api } from '../../../lib/api-client';
import { call, engineUrl } from '../../../lib/call';
import { PANEL_ROWS } from '../../../lib/resource-api/learner-records';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';

/** Every comment on a learner's flags, oldest first (the panel threads them under their flag). */
export function useLearnerFlagComments(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...resourceKeys.all(userFlagCommentResource.path), 'learner', userId],
    queryFn: ({ signal }) =>
      api.get<ListResult<ApiRecord>>(engineUrl(userFlagCommentResource, 'list', { pick: (r) => r.path === 'all' }), {
        query: {
          page_size: PANEL_ROWS,
          filters: JSON.stringify([{ field: 'userId', operator: '=', value: Number(userId) }]),
        },
        signal,
      }),
    enabled,
  });
}

/** A mutation that refreshes the given resources' queries when it succeeds. */
function useRefreshing<T>(paths: readonly string[], fn: (body: T) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all(paths.map((p) => qc.invalidateQueries({ queryKey: resourceKeys.all(p) }))),
  });
}

/** POST /admin/user/flag/add-comment: a comment, which may archive the flag or make it live again. */
export function useAddFlagComment() {
  return useRefreshing(
    [userFlagResource.path, userFlagCommentResource.path],
    (body: { flagId: number; comment: string; status?: 'Live' | 'Archived' }) =>
      call(calls.learnerRecords.addFlagComment, { body }),
  );
}

/** DELETE /admin/user/not-working-alert/warnings/remove: marks a warning removed, with why. */
export function useRemoveWarning() {
  return useRefreshing([notWorkingWarningResource.path], (body: { id: number; reason: string }) =>
    call(calls.learnerRecords.removeWarning, { body }),
  );
}

/** POST /admin/user/reactivation/decide: Pending -> Fulfilled or Rejected, once. */
export function useDecideReactivation() {
  return useRefreshing(
    [reactivationResource.path],
    (body: { id: number; status: 'Fulfilled' | 'Rejected'; note: string; version: number }) =>
      call(calls.learnerRecords.decideReactivation, { body }),
  );
}

/** GET /admin/user/mentor-team/{id}: the mentors of learner {id}. */
export function useMentorTeam(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...resourceKeys.all(mentorTeamResource.path), 'learner', userId],
    queryFn: ({ signal }) => call(calls.learnerRecords.mentorTeam, { params: { id: userId }, signal }),
    enabled,
  });
}

/** Mentors to choose from (`GET /admin/role/users?roleId=5`), for the roles that may list role members. */
export function useMentors(enabled: boolean) {
  return useQuery({
    queryKey: ['role-members', 5, 'all'],
    queryFn: ({ signal }) => call(calls.roles.members, { query: { roleId: 5, page_size: 100 }, signal }),
    enabled,
  });
}

/** GET /admin/user/student/team/get?userId=: the student teams a learner is in. */
export function useStudentTeams(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['student-teams', 'learner', userId],
    queryFn: ({ signal }) => call(calls.learnerRecords.studentTeams, { query: { userId }, signal }),
    enabled,
  });
}

/** GET /admin/user/student/team/details?teamId=: a team and the members the caller may see. */
export function useStudentTeamDetails(teamId: number | null) {
  return useQuery({
    queryKey: ['student-teams', 'details', teamId],
    queryFn: ({ signal }) => call(calls.learnerRecords.studentTeamDetails, { query: { teamId: teamId ?? 0 }, signal }),
    enabled: teamId !== null,
  });
}
