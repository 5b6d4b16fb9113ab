import { REQUEST_STATUSES, type ResourceDef, reactivationCreateSchema, reactivationResource } from '@cohort/domain';
import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { useCan } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCreateResource } from '../../../lib/resource-api/create-resource';
import { useLearnerRecords } from '../../../lib/resource-api/learner-records';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';
import { useDecideReactivation } from '../api/learner-records';

/**
 * On a learner's page: requests to reactivate them. Staff ask for an inactive learner (one
 * pending request at a time); an admin fulfils or rejects a pending one, with a note. Fulfilling
 * does not change the learner's status by itself: set it on this page.
 */
export function LearnerReactivationPanel({ id, record }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const canList = allowed('reactivation', 'list');
  const canAsk = allowed('reactivation', 'create');
  const canDecide = allowed('reactivation', 'update');
  const requests = useLearnerRecords(reactivationResource, id, canList);
  const create = useCreateResource(reactivationResource);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  if (!canList) return null;

  const rows = requests.data?.data ?? [];
  const pending = rows.some((r) => r.status === 'Pending');
  const inactive = record.userStatus === 'Inactive';

  const handleAsk = (e: FormEvent) => {
    e.preventDefault();
    const payload = { userId: Number(id), reason };
    const invalid = validate(reactivationCreateSchema, payload);
    setErrors(invalid ?? {});
    if (invalid) return;
    create.mutate(payload, {
      onSuccess: () => {
        setReason('');
        notifySuccess('Reactivation requested');
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Reactivation requests
        </Title>
        {requests.data?.data.length === 0 && <Text c="dimmed">No reactivation requests.</Text>}
        {rows.map((r) => (
          <Stack key={r.id} gap={4}>
            <Group gap="xs">
              <Badge color={REQUEST_STATUSES.find((s) => s.value === r.status)?.color ?? 'gray'}>
                {String(r.status)}
              </Badge>
              <Text size="xs" c="dimmed">
                Requested by {String(r.requestedByName)} · {formatDate(String(r.createdAt))}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {String(r.reason)}
            </Text>
            {r.decidedAt ? (
              <Text size="xs" c="dimmed">
                {String(r.status)} by {String(r.decidedByName)} on {formatDate(String(r.decidedAt))}:{' '}
                {String(r.decisionNote)}
              </Text>
            ) : null}
            {canDecide && r.status === 'Pending' && <DecideForm request={r} />}
          </Stack>
        ))}
        {canAsk && inactive && !pending && (
          <Stack gap="xs" component="form" onSubmit={handleAsk} aria-label="Request reactivation">
            <Textarea
              label="Reason"
              description="Why this learner should be active again"
              autosize
              minRows={2}
              value={reason}
              error={errors.reason ?? errors.userId}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
            <Button type="submit" w="fit-content" loading={create.isPending}>
              Request reactivation
            </Button>
          </Stack>
        )}
        {canAsk && !inactive && (
          <Text size="sm" c="dimmed">
            Only an inactive learner can be reactivated.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** An admin's decision on a pending request: a note, then Fulfil or Reject. */
function DecideForm({ request }: { request: ApiRecord }) {
  const decide = useDecideReactivation();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const send = (status: 'Fulfilled' | 'Rejected') => {
    if (!note.trim()) {
      setError('Note is required');
      return;
    }
    setError(undefined);
    decide.mutate(
      { id: request.id as number, status, note, version: request.version as number },
      {
        onSuccess: () => notifySuccess(status === 'Fulfilled' ? 'Request fulfilled' : 'Request rejected'),
        onError: (err) => setError(serverFieldErrors(err).note),
      },
    );
  };

  return (
    <Stack gap={6} aria-label="Decide this request">
      <Textarea
        label="Decision note"
        autosize
        minRows={1}
        value={note}
        error={error}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <Group gap="xs">
        <Button size="xs" variant="light" color="green" loading={decide.isPending} onClick={() => send('Fulfilled')}>
          Fulfil
        </Button>
        <Button size="xs" color="red" variant="light" disabled={decide.isPending} onClick={() => send('Rejected')}>
          Reject
        </Button>
      </Group>
    </Stack>
  );
}
