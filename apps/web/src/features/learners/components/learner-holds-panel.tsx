import {
  LEARNER_DATE_BOUNDS,
  learnerHoldCreateSchema,
  learnerHoldResource,
  type ResourceDef,
  referenceLabelKey,
} from '@cohort/domain';
import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { DateInput } from '../../../components/date-input/date-input';
import { ConfirmActionModal } from '../../../components/dialogs/confirm-action-modal';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { ReferenceSelect } from '../../../components/resource-form/reference-select';
import { useCan } from '../../../lib/auth';
import { formatDay } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCreateResource } from '../../../lib/resource-api/create-resource';
import { useLearnerRecords } from '../../../lib/resource-api/learner-records';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';
import { updateResource } from '../../../lib/resource-api/update-resource';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';

const holdTypeField = learnerHoldResource.fields.find((f) => f.name === 'holdTypeId')!;
const today = () => dayjs().format('YYYY-MM-DD');

/** The hold that covers today, if any (From and Until are both days the hold holds). */
export function currentHold(holds: readonly ApiRecord[], day = today()): ApiRecord | undefined {
  return holds.find((h) => String(h.startDate) <= day && day <= String(h.endDate));
}

/**
 * On a learner's page: whether they are on hold now, their holds (type, dates, reason, who),
 * a form to put them on hold (POST /admin/user/hold) and, for a hold running now, ending it
 * today (its Until moved to today, confirmed).
 */
export function LearnerHoldsPanel({ id }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const canList = allowed('hold', 'list');
  const canPlace = allowed('hold', 'create');
  const canEnd = allowed('hold', 'update');
  const qc = useQueryClient();
  const holds = useLearnerRecords(learnerHoldResource, id, canList);
  const create = useCreateResource(learnerHoldResource);
  const [holdTypeId, setHoldTypeId] = useState('');
  const [startDate, setStartDate] = useState(today());
  const [endDate, setEndDate] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [ending, setEnding] = useState<ApiRecord | null>(null);
  if (!canList) return null;

  // The learner's own record shows "On Hold": refresh it with the holds.
  const refreshLearner = () => qc.invalidateQueries({ queryKey: resourceKeys.all('user') });

  const handlePlace = (e: FormEvent) => {
    e.preventDefault();
    const payload = {
      userId: Number(id),
      holdTypeId: holdTypeId ? Number(holdTypeId) : undefined,
      startDate,
      endDate,
      reason,
    };
    const invalid = validate(learnerHoldCreateSchema, payload);
    setErrors(invalid ?? {});
    if (invalid) return;
    create.mutate(payload, {
      onSuccess: () => {
        setHoldTypeId('');
        setEndDate('');
        setReason('');
        notifySuccess('Learner put on hold');
        void refreshLearner();
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };

  const rows = holds.data?.data ?? [];
  const now = currentHold(rows);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="learner-holds-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="learner-holds-title">
            Holds {holds.data ? `(${holds.data.totalItems})` : ''}
          </Title>
          {holds.data &&
            (now ? (
              <Badge color="orange" variant="light">
                On hold until {formatDay(String(now.endDate))}
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                Not on hold
              </Badge>
            ))}
        </Group>
        {holds.isError && <Text c="red">The holds could not be loaded.</Text>}
        {holds.data?.data.length === 0 && <Text c="dimmed">Never put on hold.</Text>}
        {rows.map((h) => (
          <Group key={h.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {String(h[referenceLabelKey(holdTypeField)] ?? `Hold type #${h.holdTypeId}`)}
                </Text>
                <Text size="sm">
                  {formatDay(String(h.startDate))} to {formatDay(String(h.endDate))}
                </Text>
                {h === now && (
                  <Badge size="sm" color="orange" variant="light">
                    Now
                  </Badge>
                )}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {String(h.reason)}
              </Text>
              <Text size="xs" c="dimmed">
                Placed by {String(h.placedByName ?? 'someone')}
              </Text>
            </Stack>
            {canEnd && h === now && String(h.endDate) > today() && (
              <Button size="xs" variant="subtle" onClick={() => setEnding(h)}>
                End today
              </Button>
            )}
          </Group>
        ))}
        {canPlace && (
          <form noValidate onSubmit={handlePlace} aria-label="Put on hold">
            <Stack gap="xs">
              <ReferenceSelect
                field={holdTypeField}
                value={holdTypeId}
                error={errors.holdTypeId}
                onChange={setHoldTypeId}
              />
              <Group grow align="flex-start">
                <DateInput
                  kind="date"
                  label="From"
                  value={startDate}
                  onChange={setStartDate}
                  error={errors.startDate}
                  bounds={LEARNER_DATE_BOUNDS}
                  required
                />
                <DateInput
                  kind="date"
                  label="Until"
                  value={endDate}
                  onChange={setEndDate}
                  error={errors.endDate}
                  bounds={LEARNER_DATE_BOUNDS}
                  required
                />
              </Group>
              <Textarea
                label="Reason"
                autosize
                minRows={2}
                value={reason}
                error={errors.reason ?? errors.userId}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
              <Button type="submit" w="fit-content" loading={create.isPending}>
                Put on hold
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
      <ConfirmActionModal
        opened={ending !== null}
        title="End this hold today?"
        confirmLabel="End hold"
        onClose={() => setEnding(null)}
        onConfirm={async () => {
          if (!ending) return;
          await updateResource(learnerHoldResource, String(ending.id), {
            endDate: today(),
            version: ending.version,
          });
          await Promise.all([holds.refetch(), refreshLearner()]);
          notifySuccess('Hold ended');
        }}
      >
        <Text size="sm">
          The hold will end today instead of {ending ? formatDay(String(ending.endDate)) : ''}, and the learner's
          deadlines run again from tomorrow.
        </Text>
      </ConfirmActionModal>
    </Paper>
  );
}
