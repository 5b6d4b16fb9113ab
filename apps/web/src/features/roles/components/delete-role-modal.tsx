import { Text } from '@mantine/core';
import { ConfirmActionModal } from '../../../components/dialogs/confirm-action-modal';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteRole } from '../api/delete-role';
import type { Role } from '../api/role-types';

type Props = { opened: boolean; role: Role | null; onClose: () => void; onDeleted?: () => void };

/** Deleting a custom role; the server refuses (409) while it has members or sub-roles, and the dialog says so. */
export function DeleteRoleModal({ opened, role, onClose, onDeleted }: Props) {
  const remove = useDeleteRole();
  return (
    <ConfirmActionModal
      opened={opened}
      title="Delete role?"
      confirmLabel="Delete"
      onClose={onClose}
      onConfirm={async () => {
        if (!role) return;
        await remove.mutateAsync(role.id);
        notifySuccess(`Role ${role.name} deleted`);
        onDeleted?.();
      }}
    >
      <Text size="sm">
        The role <b>{role?.name}</b> will be deleted. This cannot be undone. A role with members or sub-roles cannot be
        deleted.
      </Text>
    </ConfirmActionModal>
  );
}
