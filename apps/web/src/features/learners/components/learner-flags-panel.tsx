import {
  FLAG_STATUSES,
  type ResourceDef,
  userFlagCommentCreateSchema,
  userFlagCreateSchema,
  userFlagResource,
} from '@cohort/domain';
import { Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
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
import { useAddFlagComment, useLearnerFlagComments } from '../api/learner-records';

const colourOf = (status: unknown) => FLAG_STATUSES.find((s) => s.value === status)?.color ?? 'gray';

/** On a learner's page: their flags (live first) with the comments on each, and a form to raise one. */
export function LearnerFlagsPanel({ id }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const canList = allowed('userFlag', 'list');
  const canWrite = allowed('userFlag', 'create');
  const flags = useLearnerRecords(userFlagResource, id, canList);
  const comments = useLearnerFlagComments(id, canList);
  const create = useCreateResource(userFlagResource);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [deleting, setDeleting] = useState<ApiRecord | null>(null);
  if (!canList) return null;

  const handleRaise = (e: FormEvent) => {
    e.preventDefault();
    const payload = { userId: Number(id), title, description };
    const invalid = validate(userFlagCreateSchema, payload);
    setErrors(invalid ?? {});
    if (invalid) return;
    create.mutate(payload, {
      onSuccess: () => {
        setTitle('');
        setDescription('');
        notifySuccess('Flag raised');
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };

  const rows = [...(flags.data?.data ?? [])].sort((a, b) => Number(a.status !== 'Live') - Number(b.status !== 'Live'));
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Flags
        </Title>
        {flags.data?.data.length === 0 && <Text c="dimmed">No flags raised.</Text>}
        {rows.map((flag) => (
          <Paper key={flag.id} withBorder p="sm" radius="sm" aria-label={`Flag: ${String(flag.title)}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs">
                  <Badge color={colourOf(flag.status)}>{String(flag.status)}</Badge>
                  <Text fw={600}>{String(flag.title)}</Text>
                </Group>
                {canWrite && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(flag)}>
                    Delete
                  </Button>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                Raised by {String(flag.raisedByName)} · {formatDate(String(flag.createdAt))}
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap' }}>{String(flag.description)}</Text>
              {(comments.data?.data ?? [])
                .filter((c) => c.flagId === flag.id)
                .map((c) => (
                  <Stack key={c.id} gap={0} pl="md" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
                    <Text size="xs" c="dimmed">
                      {String(c.authorName)} · {formatDate(String(c.createdAt))}
                      {c.statusChange
                        ? ` · ${c.statusChange === 'Archived' ? 'archived the flag' : 'made it live again'}`
                        : ''}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {String(c.comment)}
                    </Text>
                  </Stack>
                ))}
              {canWrite && <FlagCommentForm flagId={flag.id as number} status={String(flag.status)} />}
            </Stack>
          </Paper>
        ))}
        {canWrite && (
          <Stack gap="xs" component="form" onSubmit={handleRaise} aria-label="Raise a flag">
            <TextInput
              label="Reason"
              description="What staff should know at a glance"
              value={title}
              error={errors.title}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={description}
              error={errors.description ?? errors.userId}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            <Button type="submit" w="fit-content" loading={create.isPending}>
              Raise flag
            </Button>
          </Stack>
        )}
      </Stack>
      <ConfirmActionModal
        opened={deleting !== null}
        title="Delete this flag?"
        confirmLabel="Delete flag"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteResource(userFlagResource, String(deleting.id));
          await Promise.all([flags.refetch(), comments.refetch()]);
          notifySuccess('Flag deleted');
        }}
      >
        <Text size="sm">
          <b>{String(deleting?.title ?? '')}</b> and its comments will be deleted. To keep them as history, archive the
          flag with a comment instead.
        </Text>
      </ConfirmActionModal>
    </Paper>
  );
}

/** A comment on one flag; it can archive the flag (resolved) or make an archived one live again. */
function FlagCommentForm({ flagId, status }: { flagId: number; status: string }) {
  const add = useAddFlagComment();
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const move = status === 'Live' ? 'Archived' : 'Live';

  const send = (withStatus?: 'Live' | 'Archived') => {
    const payload = { flagId, comment, ...(withStatus ? { status: withStatus } : {}) };
    const invalid = validate(userFlagCommentCreateSchema, payload);
    setErrors(invalid ?? {});
    if (invalid) return;
    add.mutate(payload, {
      onSuccess: () => {
        setComment('');
        notifySuccess(
          withStatus === 'Archived' ? 'Flag archived' : withStatus === 'Live' ? 'Flag is live again' : 'Comment added',
        );
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };

  return (
    <Stack
      gap={6}
      component="form"
      aria-label="Comment on this flag"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        send();
      }}
    >
      <Textarea
        label="Comment"
        autosize
        minRows={1}
        value={comment}
        error={errors.comment ?? errors.status}
        onChange={(e) => setComment(e.currentTarget.value)}
      />
      <Group gap="xs">
        <Button type="submit" size="xs" loading={add.isPending}>
          Add comment
        </Button>
        <Button size="xs" variant="default" onClick={() => send(move)} disabled={add.isPending}>
          {move === 'Archived' ? 'Comment and archive' : 'Comment and make live'}
        </Button>
      </Group>
    </Stack>
  );
}
