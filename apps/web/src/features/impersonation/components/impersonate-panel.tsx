import { impersonateSchema, type ResourceDef } from '@cohort/domain';
import { Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type FormEvent, useState } from 'react';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { useCan } from '../../../lib/auth';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';
import { useStartImpersonation } from '../api/start-impersonation';

/** On a learner's page (ADMIN): act as the learner for a stated reason, after a confirmation. */
export function ImpersonatePanel({ id, record }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const start = useStartImpersonation();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  if (!allowed('impersonation', 'create')) return null;
  const name = String(record.name ?? `learner #${id}`);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const payload = { userId: Number(id), reason };
    const invalid = validate(impersonateSchema, payload);
    setErrors(invalid ?? {});
    if (invalid) return;
    modals.openConfirmModal({
      title: `Act as ${name}?`,
      centered: true,
      children: (
        <Text size="sm">
          For the next minutes the console uses {name}'s session instead of yours. What you do with it is recorded with
          your name and this reason. Stop impersonating to return to your own session.
        </Text>
      ),
      labels: { confirm: 'Impersonate', cancel: 'Cancel' },
      confirmProps: { color: 'orange' },
      onConfirm: () =>
        start.mutate({ ...payload, learnerName: name }, { onError: (err) => setErrors(serverFieldErrors(err)) }),
    });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs" component="form" onSubmit={handleSubmit} aria-label="Impersonate this learner">
        <Title order={2} size="h4">
          Impersonate
        </Title>
        <Text size="sm" c="dimmed">
          See what this learner sees. Only learners can be impersonated; the session lasts a few minutes.
        </Text>
        <Textarea
          label="Reason"
          description="Why you need to act as this learner (kept in the audit log)"
          autosize
          minRows={2}
          value={reason}
          error={errors.reason ?? errors.userId}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Button type="submit" w="fit-content" color="orange" variant="light" loading={start.isPending}>
          Impersonate
        </Button>
      </Stack>
    </Paper>
  );
}
