import { roleMemberSchema } from '@cohort/domain';
import { Alert, Button, Center, Group, Loader, NativeSelect, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PaginationBar } from '../../../components/data-table/pagination-bar';
import { FormModal } from '../../../components/dialogs/form-modal';
import { inlineErrorOf } from '../../../lib/inline-error';
import { notifySuccess } from '../../../lib/notify';
import { serverFieldErrors } from '../../../lib/validation';
import { useAddRoleUser } from '../api/add-role-user';
import { useRoleMembers } from '../api/get-role-members';
import type { Role, RoleMember } from '../api/role-types';

const PICK_PAGE_SIZE = 10;

type Props = { opened: boolean; role: Role; roles: readonly Role[]; onClose: () => void };

/** Gives a user this role: pick the role they hold now, then one of its members (a paginated pick list). */
export function AddUserModal({ opened, role, roles, onClose }: Props) {
  return (
    <FormModal opened={opened} onClose={onClose} title={`Add user to ${role.name}`} size="lg">
      {(onBusy) => <AddUserForm role={role} roles={roles} onBusy={onBusy} onClose={onClose} />}
    </FormModal>
  );
}

function AddUserForm({ role, roles, onBusy, onClose }: Omit<Props, 'opened'> & { onBusy: (busy: boolean) => void }) {
  const [sourceId, setSourceId] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<RoleMember | null>(null);
  const [error, setError] = useState<string | null>(null);
  const members = useRoleMembers(sourceId ? Number(sourceId) : null, page, true, PICK_PAGE_SIZE);
  const add = useAddRoleUser();

  const sources = roles.filter((r) => r.id !== role.id).map((r) => ({ value: String(r.id), label: r.name }));
  const total = members.data?.totalItems ?? 0;
  const pages = Math.max(1, Math.ceil(total / PICK_PAGE_SIZE));
  const rows = members.data?.data ?? [];

  const submit = async () => {
    setError(null);
    const body = { roleId: role.id, userId: picked?.id };
    const parsed = roleMemberSchema.safeParse(body);
    if (!parsed.success || !picked) {
      setError('Choose a user');
      return;
    }
    onBusy(true);
    try {
      await add.mutateAsync(parsed.data);
      notifySuccess(`${picked.name} added to ${role.name}`);
      onBusy(false);
      onClose();
    } catch (err) {
      onBusy(false);
      setError(serverFieldErrors(err).userId ?? inlineErrorOf(err));
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A user holds one role: the user you pick leaves their current role for {role.name}.
      </Text>
      <NativeSelect
        label="Source role"
        description="The role the user holds now"
        value={sourceId}
        onChange={(e) => {
          setSourceId(e.currentTarget.value);
          setPage(1);
          setPicked(null);
        }}
        data={[{ value: '', label: 'Choose a role…' }, ...sources]}
        disabled={add.isPending}
      />
      {sourceId &&
        (members.isPending ? (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        ) : (
          <Stack gap="xs">
            <Radio.Group
              label="User"
              value={picked ? String(picked.id) : null}
              onChange={(value) => setPicked(rows.find((m) => String(m.id) === value) ?? picked)}
            >
              <Stack gap={6} mt="xs" data-testid="add-user-candidates">
                {rows.map((m) => (
                  <Radio key={m.id} value={String(m.id)} label={`${m.name} · ${m.email}`} disabled={add.isPending} />
                ))}
                {rows.length === 0 && (
                  <Text size="sm" c="dimmed">
                    No users hold this role.
                  </Text>
                )}
              </Stack>
            </Radio.Group>
            {pages > 1 && (
              <PaginationBar
                page={page}
                pageSize={PICK_PAGE_SIZE}
                total={total}
                onPageChange={setPage}
                testId="pick-user-total"
              />
            )}
          </Stack>
        ))}
      {picked && (
        <Text size="sm">
          Selected: <b>{picked.name}</b> ({picked.email})
        </Text>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="add-user-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={add.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={add.isPending} disabled={!picked}>
          Add to role
        </Button>
      </Group>
    </Stack>
  );
}
