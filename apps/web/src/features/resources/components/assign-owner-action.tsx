import { type Filter, lowerLabel } from '@cohort/domain';
import { Alert, Button, Group, NativeSelect, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormModal } from '../../../components/dialogs/form-modal';
import { api } from '../../../lib/api-client';
import { useCan } from '../../../lib/auth';
import { notifySuccess } from '../../../lib/notify';
import { serverFieldErrors } from '../../../lib/validation';
import { resourceKeys } from '../api/resource-keys';
import type { ListAction } from '../registry';

type TeamMember = { id: number; name: string; email: string; role: string };

/**
 * "Assign owner" over the learner list: every learner the filters in force match (all of
 * them, across pages) gets the owner chosen, in one transaction (owner/add-multiple).
 */
export const AssignOwnerAction: ListAction = ({ def, filters, total }) => {
  const allowed = useCan();
  const [open, setOpen] = useState(false);
  if (!allowed(def.permission, 'assignOwner') || total === 0) return null;
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Assign owner
      </Button>
      <FormModal opened={open} onClose={() => setOpen(false)} title="Assign an owner">
        {(onBusy) => (
          <AssignOwnerForm
            filters={filters}
            total={total}
            what={lowerLabel(def.pluralLabel)}
            onBusy={onBusy}
            onDone={() => setOpen(false)}
          />
        )}
      </FormModal>
    </>
  );
};

function AssignOwnerForm({
  filters,
  total,
  what,
  onBusy,
  onDone,
}: {
  filters: readonly Filter[];
  total: number;
  what: string;
  onBusy: (busy: boolean) => void;
  onDone: () => void;
}) {
  const qc = useQueryClient();
  const [ownerId, setOwnerId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const staff = useQuery({
    queryKey: ['team-members'],
    queryFn: () =>
      api.get<{ data: TeamMember[]; totalItems: number }>('/admin/user/team-members', { query: { page_size: 100 } }),
  });
  const assign = useMutation({
    mutationFn: () =>
      api.post<{ updated: number; unchanged: number }>('/admin/user/owner/add-multiple', {
        ownerId: Number(ownerId),
        filters: JSON.stringify(filters),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: resourceKeys.all('user') }),
  });

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!ownerId) {
      setError('Choose who will own them');
      return;
    }
    setError(undefined);
    onBusy(true);
    assign.mutate(undefined, {
      onSuccess: (r) => {
        notifySuccess(
          `${r.updated.toLocaleString()} ${what} now have this owner${r.unchanged ? ` (${r.unchanged.toLocaleString()} already had)` : ''}`,
        );
        onDone();
      },
      onError: (err) => setError(serverFieldErrors(err).ownerId ?? serverFieldErrors(err).userIds),
      onSettled: () => onBusy(false),
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="sm">
        <Text size="sm">
          Every one of the <b>{total.toLocaleString()}</b> {what} matching the list’s filters, on every page.
        </Text>
        {staff.isError && <Alert color="red">The staff could not be loaded.</Alert>}
        <NativeSelect
          label="Owner"
          required
          value={ownerId}
          error={error}
          disabled={assign.isPending || staff.isPending}
          data={[
            { value: '', label: staff.isPending ? 'Loading staff…' : '—' },
            ...(staff.data?.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.role})` })),
          ]}
          onChange={(e) => setOwnerId(e.currentTarget.value)}
        />
        {assign.isPending && (
          <Stack gap={4} role="status">
            <Progress value={100} animated striped aria-label="Assigning" />
            <Text size="xs" c="dimmed">
              Assigning {total.toLocaleString()} {what}…
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={assign.isPending}>
            Assign to {total.toLocaleString()}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
