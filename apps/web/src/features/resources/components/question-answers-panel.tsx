import { answerCreateSchema, answerResource, questionResource, type ResourceDef } from '@cohort/domain';
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { useCan } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCreateResource } from '../../../lib/resource-api/create-resource';
import { useResourceList } from '../../../lib/resource-api/get-resource-list';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';
import { useUpdateResource } from '../../../lib/resource-api/update-resource';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';

/** A question's answers, a form to answer it (which takes it out of the inbox) and Archive. */
export function QuestionAnswersPanel({ id, record }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const qc = useQueryClient();
  const answers = useResourceList(
    answerResource,
    { page: 1, pageSize: 100, filters: [{ field: 'questionId', operator: '=', value: Number(id) }] },
    true,
  );
  const create = useCreateResource(answerResource);
  const update = useUpdateResource(questionResource, id);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const canWrite = allowed('question', 'create');

  const handleAnswer = (e: FormEvent) => {
    e.preventDefault();
    const payload = { questionId: Number(id), body };
    const invalid = validate(answerCreateSchema, payload);
    setErrors(invalid ?? {});
    if (invalid) return;
    create.mutate(payload, {
      onSuccess: () => {
        setBody('');
        notifySuccess('Answer posted');
        // The question moved out of the inbox: show its new status.
        void qc.invalidateQueries({ queryKey: resourceKeys.all(questionResource.path) });
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };
  const handleArchive = () =>
    modals.openConfirmModal({
      title: 'Archive this question?',
      centered: true,
      children: <Text size="sm">It leaves the inbox; its answers stay.</Text>,
      labels: { confirm: 'Archive', cancel: 'Cancel' },
      onConfirm: () =>
        update.mutate(
          { status: 'Archive', version: record.version },
          { onSuccess: () => notifySuccess('Question archived') },
        ),
    });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Answers
          </Title>
          {canWrite && record.status !== 'Archive' && (
            <Button variant="subtle" color="gray" onClick={handleArchive} loading={update.isPending}>
              Archive
            </Button>
          )}
        </Group>
        {answers.data?.data.length === 0 && <Text c="dimmed">No answers yet.</Text>}
        {answers.data?.data.map((a) => (
          <Stack key={a.id} gap={2}>
            <Text size="xs" c="dimmed">
              {String(a.answeredByName ?? 'Staff')} · {formatDate(String(a.createdAt))}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{String(a.body)}</Text>
          </Stack>
        ))}
        {canWrite && (
          <Stack gap="xs" component="form" onSubmit={handleAnswer}>
            <Textarea
              label="Your answer"
              autosize
              minRows={3}
              value={body}
              error={errors.body}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setBody(value);
              }}
            />
            <Button type="submit" w="fit-content" loading={create.isPending}>
              Post answer
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
