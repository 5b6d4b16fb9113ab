import { PAGE_SIZE_DEFAULT } from '@cohort/domain';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { PaginationBar } from '../../../components/data-table/pagination-bar';
import { ConfirmActionModal } from '../../../components/dialogs/confirm-action-modal';
import { LoadError } from '../../../components/page-states';
import { notifySuccess } from '../../../lib/notify';
import { useRoleMembers } from '../api/get-role-members';
import { useRemoveRoleUser } from '../api/remove-role-user';
import type { Role, RoleMember } from '../api/role-types';
import { removalTarget, USER_ROLE_ID } from '../role-options';
import { AddUserModal } from './add-user-modal';

type Props = {
  role: Role;
  roles: readonly Role[];
  page: number;
  onPageChange: (page: number) => void;
  /** ADMIN: add and remove members. */
  canManage: boolean;
};

/** A role's members, a page (14) at a time; ADMIN adds and removes them. */
export function RoleMembersTab({ role, roles, page, onPageChange, canManage }: Props) {
  const members = useRoleMembers(role.id, page, true);
  const remove = useRemoveRoleUser();
  const [addOpen, setAddOpen] = useState(false);
  const [removing, setRemoving] = useState<RoleMember | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const total = members.data?.totalItems ?? 0;
  const rows = members.data?.data ?? [];
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE_DEFAULT));

  // After a removal emptied the last page, show the page before it.
  useEffect(() => {
    if (members.data && page > lastPage) onPageChange(lastPage);
  }, [members.data, page, lastPage, onPageChange]);

  // Every account holds at least USER: nobody can be removed from it.
  const removable = canManage && role.id !== USER_ROLE_ID;
  const target = removalTarget(roles, role);

  const columns: DataTableColumn<RoleMember>[] = [
    { key: 'id', label: 'Id', render: (m) => m.id },
    { key: 'name', label: 'Name', render: (m) => m.name },
    { key: 'email', label: 'Email', render: (m) => m.email },
    {
      key: 'status',
      label: 'Status',
      render: (m) => (
        <Badge size="sm" variant="light" color={m.status === 'Active' ? 'green' : 'gray'}>
          {m.status}
        </Badge>
      ),
    },
  ];
  if (removable) {
    columns.push({
      key: 'actions',
      label: 'Actions',
      render: (m) => (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={() => {
            setRemoving(m);
            setRemoveOpen(true);
          }}
        >
          Remove
        </Button>
      ),
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Users holding {role.name}. A user holds one role.
        </Text>
        {canManage && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAddOpen(true)}>
            Add user
          </Button>
        )}
      </Group>
      {members.isError && <LoadError title="Members could not be loaded" onRetry={members.refetch} />}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(m) => m.id}
        loading={members.isPending || (members.isFetching && members.isPlaceholderData)}
        sort={null}
        emptyText={
          <Stack align="center" gap="xs">
            <Text fw={600}>No users hold this role.</Text>
            <Text c="dimmed">Staff given this role appear here, with what it lets them open and change.</Text>
            {canManage && (
              <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={() => setAddOpen(true)}>
                Add the first user
              </Button>
            )}
          </Stack>
        }
        skeletonRows={5}
        caption={`Members of ${role.name}`}
      />
      <PaginationBar
        page={page}
        pageSize={PAGE_SIZE_DEFAULT}
        total={total}
        onPageChange={onPageChange}
        testId="members-total"
      />
      {canManage && <AddUserModal opened={addOpen} role={role} roles={roles} onClose={() => setAddOpen(false)} />}
      {removable && (
        <ConfirmActionModal
          opened={removeOpen}
          title="Remove from role?"
          confirmLabel="Remove"
          onClose={() => setRemoveOpen(false)}
          onConfirm={async () => {
            if (!removing) return;
            const after = await remove.mutateAsync({ roleId: role.id, userId: removing.id });
            const now = roles.find((r) => r.id === after.roleId)?.name;
            notifySuccess(`${removing.name} removed from ${role.name}${now ? `; now ${now}` : ''}`);
          }}
        >
          <Text size="sm">
            <b>{removing?.name}</b> will no longer hold {role.name} and goes back to the role they held before it. If
            none is recorded, they move to{' '}
            {target.learner ? (
              <>
                <b>{target.name}</b>: a learner, with no console access.
              </>
            ) : (
              <>
                its parent role, <b>{target.name}</b>.
              </>
            )}
          </Text>
        </ConfirmActionModal>
      )}
    </Stack>
  );
}
