import { notWorkingWarningResource, type ResourceDef, removeNotWorkingWarningSchema } from '@cohort/domain';
import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmActionModal } from '../../../components/dialogs/confirm-action-modal';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useLearnerRecords } from '../../../lib/resource-api/learner-records';
import { serverFieldErrors, validate } from '../../../lib/validation';
import { useRemoveWarning } from '../api/learner-records';

/**
 * On a learner's page: the not-working warnings the system issued them. Removing one (with a
 * reason) stops it counting; it stays here, marked removed.
 */
export function LearnerWarningsPanel({ id }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const canList = allowed('notWorkingWarning', 'list');
  const canRemove = allowed('notWorkingWarning', 'delete');
  const warnings = useLearnerRecords(notWorkingWarningResource, id, canList);
  const remove = useRemoveWarning();
  const [removing, setRemoving] = useState<ApiRecord | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  if (!canList) return null;

  const rows = warnings.data?.data ?? [];
  const live = rows.filter((w) => !w.removedAt).length;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Not-working warnings
        </Title>
        {warnings.data && (
          <Text size="sm">
            {live === 1 ? '1 warning counts' : `${live} warnings count`} against this learner
            {rows.length > live ? `; ${rows.length - live} removed` : ''}.
          </Text>
        )}
        {rows.map((w) => (
          <Group key={w.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Group gap="xs">
                <Badge color={w.removedAt ? 'gray' : 'orange'}>{w.removedAt ? 'Removed' : 'Counts'}</Badge>
                <Text size="sm">{String(w.reason)}</Text>
              </Group>
              <Text size="xs" c="dimmed">
                Issued {formatDate(String(w.issuedAt))}
                {w.removedAt
                  ? ` · removed by ${String(w.removedByName)} on ${formatDate(String(w.removedAt))}: ${String(w.removalReason)}`
                  : ''}
              </Text>
            </Stack>
            {canRemove && !w.removedAt && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Remove the warning: ${String(w.reason)}`}
                onClick={() => {
                  setReason('');
                  setReasonError(undefined);
                  setRemoving(w);
                }}
              >
                Remove
              </Button>
            )}
          </Group>
        ))}
        {warnings.data?.data.length === 0 && <Text c="dimmed">No warnings issued.</Text>}
      </Stack>
      <ConfirmActionModal
        opened={removing !== null}
        title="Remove this warning?"
        confirmLabel="Remove warning"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          const payload = { id: removing.id as number, reason };
          const invalid = validate(removeNotWorkingWarningSchema, payload);
          setReasonError(invalid?.reason);
          // The dialog stays open and says why; the field says what to change.
          if (invalid) throw new ApiError(400, 'Give a reason for removing this warning');
          try {
            await remove.mutateAsync(payload);
          } catch (err) {
            setReasonError(serverFieldErrors(err).reason);
            throw err;
          }
          notifySuccess('Warning removed');
        }}
      >
        <Stack gap="xs">
          <Text size="sm">
            “{String(removing?.reason ?? '')}” will stop counting in the learner’s No of warnings. It stays in this
            history, marked removed, with your reason.
          </Text>
          <Textarea
            label="Reason"
            placeholder="Why the warning no longer applies (leave approved, illness…)"
            autosize
            minRows={2}
            value={reason}
            error={reasonError}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        </Stack>
      </ConfirmActionModal>
    </Paper>
  );
}
