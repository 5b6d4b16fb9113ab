import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmActionModal } from '../../../components/dialogs/confirm-action-modal';
import { useCan } from '../../../lib/auth';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateResource } from '../../../lib/resource-api/update-resource';
import type { RowAction } from '../../../lib/resource-registration';

/** Archive a question from the inbox's row, confirmed; its answers stay. */
export const ArchiveQuestionAction: RowAction = ({ def, record }) => {
  const allowed = useCan();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateResource(def, String(record.id));
  if (!allowed(def.permission, 'update') || record.status === 'Archive') return null;
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        color="gray"
        aria-label={`Archive "${String(record.title)}"`}
        onClick={() => setConfirming(true)}
      >
        Archive
      </Button>
      <ConfirmActionModal
        opened={confirming}
        title="Archive this question?"
        confirmLabel="Archive"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await update.mutateAsync({ status: 'Archive', version: record.version });
          notifySuccess('Question archived');
        }}
      >
        <Text size="sm">“{String(record.title)}” leaves the inbox; its answers stay.</Text>
      </ConfirmActionModal>
    </>
  );
};
// The row's status decides whether the button shows, whichever columns the list asks for.
ArchiveQuestionAction.fields = ['status'];
