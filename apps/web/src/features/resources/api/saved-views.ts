import { calls, type ListResult, type SavedViewCreate, type SavedViewJson, type SavedViewUpdate } from '@cohort/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call';

/** Saved views of one list (decision 020), by the resource's path. */
export const savedViewKeys = {
  all: ['saved-views'] as const,
  list: (resource: string) => ['saved-views', resource] as const,
};

export function getSavedViews(resource: string, signal?: AbortSignal): Promise<ListResult<SavedViewJson>> {
  return call(calls.savedViews.list, { query: { resource }, signal });
}

/** The views of a list the signed-in person sees: theirs first, then those shared with their role. */
export function useSavedViews(resource: string, enabled = true) {
  return useQuery({
    queryKey: savedViewKeys.list(resource),
    queryFn: ({ signal }) => getSavedViews(resource, signal),
    enabled,
  });
}

export function useCreateSavedView(resource: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SavedViewCreate, 'resource'>) =>
      call(calls.savedViews.create, { body: { ...input, resource } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: savedViewKeys.list(resource) }),
  });
}

export function useUpdateSavedView(resource: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: SavedViewUpdate & { id: number }) =>
      call(calls.savedViews.update, { params: { id }, body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: savedViewKeys.list(resource) }),
  });
}

export function useDeleteSavedView(resource: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(calls.savedViews.delete, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: savedViewKeys.list(resource) }),
  });
}

export type RoleOption = { id: number; name: string; builtIn: boolean; parentRoleId: number | null };

/** Every role, for ADMIN's share picker. */
export function useShareableRoles(enabled: boolean) {
  return useQuery({
    queryKey: ['saved-views', 'roles'],
    queryFn: ({ signal }) => call(calls.roles.list, { signal }),
    enabled,
  });
}
