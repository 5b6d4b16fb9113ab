import { type ResourceDef, STRIKE_TYPES, strikeCreateSchema, strikeResource } from '@cohort/domain';
import { Badge, Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ConfirmActionModal } from '../../../components/dialogs/confirm-action-modal';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { useCan } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCreateResource } from '../../../lib/resource-api/create-resource';
import { deleteResource } from '../../../lib/resource-api/delete-resource';
import { useLearnerRecords } from '../../../lib/resource-api/learner-records';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';

/** On a learner's page: the strikes given to them (Cheating, Discipline) and a form to give one. */
export function LearnerStrikesPanel({ id }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const canList = allowed('strike', 'list');
  const canGive = allowed('strike', 'create');
  const canRemove = allowed('strike', 'delete');
  const strikes = useLearnerRecords(strikeResource, id, canList);
  const create = useCreateResource(strikeResource);
  const [type, setType] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [removing, setRemoving] = useState<ApiRecord | null>(null);
  if (!canList) return null;

  const handleGive = (e: FormEvent) => {
    e.preventDefault();
    const payload = { userId: Number(id), type: type ?? '', reason };
    const invalid = validate(strikeCreateSchema, payload);
    setErrors(invalid ?? {});
    if (invalid) return;
    create.mutate(payload, {
      onSuccess: () => {
        setType(null);
        setReason('');
        notifySuccess('Strike given');
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };

  const rows = strikes.data?.data ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Strikes {strikes.data ? `(${strikes.data.totalItems})` : ''}
        </Title>
        {strikes.data?.data.length === 0 && <Text c="dimmed">No strikes.</Text>}
        {rows.map((s) => (
          <Group key={s.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Group gap="xs">
                <Badge color={STRIKE_TYPES.find((t) => t.value === s.type)?.color ?? 'gray'}>{String(s.type)}</Badge>
                <Text size="xs" c="dimmed">
                  Given by {String(s.givenByName)} · {formatDate(String(s.createdAt))}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {String(s.reason)}
              </Text>
            </Stack>
            {canRemove && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Remove the ${String(s.type).toLowerCase()} strike`}
                onClick={() => setRemoving(s)}
              >
                Remove
              </Button>
            )}
          </Group>
        ))}
        {canGive && (
          <Stack gap="xs" component="form" onSubmit={handleGive} aria-label="Give a strike">
            <Select
              label="Type"
              placeholder="Cheating or Discipline"
              data={STRIKE_TYPES.map((t) => ({ value: t.value, label: t.label }))}
              value={type}
              error={errors.type}
              onChange={setType}
            />
            <Textarea
              label="Reason"
              autosize
              minRows={2}
              value={reason}
              error={errors.reason ?? errors.userId}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            <Button type="submit" w="fit-content" color="red" loading={create.isPending}>
              Give strike
            </Button>
          </Stack>
        )}
      </Stack>
      <ConfirmActionModal
        opened={removing !== null}
        title="Remove this strike?"
        confirmLabel="Remove strike"
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await deleteResource(strikeResource, String(removing.id));
          await strikes.refetch();
          notifySuccess('Strike removed');
        }}
      >
        <Text size="sm">
          The {String(removing?.type ?? '').toLowerCase()} strike given on{' '}
          {removing ? formatDate(String(removing.createdAt)) : ''} will no longer count against this learner. The audit
          log keeps a record of it.
        </Text>
      </ConfirmActionModal>
    </Paper>
  );
}
