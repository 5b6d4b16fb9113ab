import { messageCreateSchema, messageResource, type ResourceDef } from '@cohort/domain';
import { Button, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { useCan } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCreateResource } from '../../../lib/resource-api/create-resource';
import { useResourceList } from '../../../lib/resource-api/get-resource-list';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';

/** On a learner's page: the messages staff sent them, newest first, and a form to send one. */
export function LearnerMessagesPanel({ id }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const canList = allowed('message', 'list');
  const canSend = allowed('message', 'create');
  const sent = useResourceList(
    messageResource,
    { page: 1, pageSize: 10, filters: [{ field: 'userId', operator: '=', value: Number(id) }] },
    canList,
  );
  const create = useCreateResource(messageResource);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  if (!canList && !canSend) return null;

  const handleSend = (e: FormEvent) => {
    e.preventDefault();
    const payload = { userId: Number(id), subject, body };
    const invalid = validate(messageCreateSchema, payload);
    setErrors(invalid ?? {});
    if (invalid) return;
    create.mutate(payload, {
      onSuccess: () => {
        setSubject('');
        setBody('');
        notifySuccess('Message sent');
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Messages
        </Title>
        {canList && sent.data?.data.length === 0 && <Text c="dimmed">No messages sent yet.</Text>}
        {sent.data?.data.map((m) => (
          <Stack key={m.id} gap={2}>
            <Text size="xs" c="dimmed">
              {String(m.senderName)} · {formatDate(String(m.createdAt))}
            </Text>
            <Text fw={600}>{String(m.subject)}</Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{String(m.body)}</Text>
          </Stack>
        ))}
        {canList && (sent.data?.totalItems ?? 0) > 10 && (
          <Text size="sm" c="dimmed">
            The 10 newest of {sent.data?.totalItems}; the Messages screen lists them all.
          </Text>
        )}
        {canSend && (
          <Stack gap="xs" component="form" onSubmit={handleSend} aria-label="Send a message">
            <TextInput
              label="Subject"
              value={subject}
              error={errors.subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
            />
            <Textarea
              label="Message"
              autosize
              minRows={3}
              value={body}
              error={errors.body ?? errors.userId}
              onChange={(e) => setBody(e.currentTarget.value)}
            />
            <Button type="submit" w="fit-content" loading={create.isPending}>
              Send message
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
