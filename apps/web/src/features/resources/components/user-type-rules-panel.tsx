import {
  CONDITION_OPERATORS,
  cardResource,
  type FieldDef,
  operatorsFor,
  type ResourceDef,
  userResource,
  userTypeCardResource,
  userTypeConditionCreateSchema,
  userTypeConditionResource,
} from '@cohort/domain';
import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { useCan } from '../../../lib/auth';
import { notifySuccess } from '../../../lib/notify';
import { useCreateResource } from '../../../lib/resource-api/create-resource';
import { deleteResource } from '../../../lib/resource-api/delete-resource';
import { useResourceList } from '../../../lib/resource-api/get-resource-list';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';

/** The learner filter fields a condition may test, with their types (the domain's whitelist). */
const LEARNER_FIELDS: FieldDef[] = userResource.fields.filter(
  (f) => f.filter && !f.filterRoles && operatorsFor(f.type).length > 0,
);
const fieldOf = (name: string) => LEARNER_FIELDS.find((f) => f.name === name);
const operatorLabel = (op: string) => CONDITION_OPERATORS.find((o) => o.value === op)?.label ?? op;

/** Deletes a row of a resource and refreshes it and the dashboard previews. */
function useRemove(def: ResourceDef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteResource(def, String(id)),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: resourceKeys.all(def.path) }),
        qc.invalidateQueries({ queryKey: resourceKeys.all(cardResource.path) }),
      ]),
  });
}

function confirmRemove(title: string, text: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title,
    centered: true,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm: 'Remove', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/** The value input a learner field calls for: its statuses or yes/no as a pick list, else text. */
function ValueInput({
  field,
  value,
  error,
  onChange,
}: {
  field: FieldDef | undefined;
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  if (field?.type === 'enum' || field?.type === 'boolean') {
    const data =
      field.type === 'boolean'
        ? [
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]
        : (field.options ?? []).map((o) => ({ value: String(o.value), label: o.label }));
    return (
      <NativeSelect
        label="Value"
        data={[{ value: '', label: 'Choose…' }, ...data]}
        value={value}
        error={error}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  }
  const hint =
    field?.type === 'date' || field?.type === 'datetime'
      ? 'YYYY-MM-DD'
      : field?.type === 'integer'
        ? 'A whole number'
        : undefined;
  return (
    <TextInput
      label="Value"
      placeholder={hint}
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/**
 * On a user type's page: its conditions (a learner is of the type when all hold) with a form
 * that offers only the operators and values the chosen learner field takes, and the cards the
 * type shows, placed and removed here.
 */
export function UserTypeRulesPanel({ id }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const userTypeId = Number(id);
  const byType = {
    page: 1,
    pageSize: 100,
    filters: [{ field: 'userTypeId', operator: '=' as const, value: userTypeId }],
  };
  const conditions = useResourceList(userTypeConditionResource, byType, true);
  const placed = useResourceList(userTypeCardResource, byType, allowed('card', 'list'));
  const canWriteConditions = allowed('userType', 'create');
  const canPlace = allowed('card', 'create');
  const allCards = useResourceList(cardResource, { page: 1, pageSize: 100, filters: [] }, canPlace);
  const addCondition = useCreateResource(userTypeConditionResource);
  const removeCondition = useRemove(userTypeConditionResource);
  const place = useCreateResource(userTypeCardResource);
  const unplace = useRemove(userTypeCardResource);
  const qc = useQueryClient();

  const [field, setField] = useState('');
  const [operator, setOperator] = useState('');
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [cardId, setCardId] = useState('');
  const chosen = fieldOf(field);
  const operators = chosen ? operatorsFor(chosen.type) : [];

  const handleAdd = (e: FormEvent) => {
    e.preventDefault();
    const payload = { userTypeId, field, operator, value };
    const invalid = validate(userTypeConditionCreateSchema, payload);
    setErrors(invalid ?? {});
    if (invalid) return;
    addCondition.mutate(payload, {
      onSuccess: () => {
        setField('');
        setOperator('');
        setValue('');
        notifySuccess('Condition added');
        void qc.invalidateQueries({ queryKey: resourceKeys.all(cardResource.path) });
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };

  const placedIds = new Set((placed.data?.data ?? []).map((p) => Number(p.cardId)));
  const cardChoices = (allCards.data?.data ?? [])
    .filter((c) => !placedIds.has(Number(c.id)))
    .map((c) => ({ value: String(c.id), label: `${String(c.title)}${c.active ? '' : ' (hidden)'}` }));

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Conditions
          </Title>
          <Text size="sm" c="dimmed">
            A learner is of this type when all of these hold.
          </Text>
          {conditions.data?.data.length === 0 && <Text>No conditions: every learner is of this type.</Text>}
          {(conditions.data?.data.length ?? 0) > 0 && (
            <Table data-testid="conditions">
              <Table.Tbody>
                {conditions.data?.data.map((c) => (
                  <Table.Tr key={String(c.id)}>
                    <Table.Td>{fieldOf(String(c.field))?.label ?? String(c.field)}</Table.Td>
                    <Table.Td>{operatorLabel(String(c.operator))}</Table.Td>
                    <Table.Td>{String(c.value)}</Table.Td>
                    <Table.Td w={40}>
                      {canWriteConditions && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove condition ${String(c.field)}`}
                          onClick={() =>
                            confirmRemove('Remove this condition?', 'Learners are matched without it.', () =>
                              removeCondition.mutate(Number(c.id), {
                                onSuccess: () => notifySuccess('Condition removed'),
                              }),
                            )
                          }
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {canWriteConditions && (
            <Group align="flex-start" component="form" onSubmit={handleAdd} aria-label="Add a condition" wrap="wrap">
              <NativeSelect
                label="Learner field"
                data={[
                  { value: '', label: 'Choose…' },
                  ...LEARNER_FIELDS.map((f) => ({ value: f.name, label: f.label })),
                ]}
                value={field}
                error={errors.field}
                onChange={(e) => {
                  setField(e.currentTarget.value);
                  setOperator('');
                  setValue('');
                }}
              />
              <NativeSelect
                label="Operator"
                data={[
                  { value: '', label: 'Choose…' },
                  ...operators.map((o) => ({ value: o, label: operatorLabel(o) })),
                ]}
                value={operator}
                disabled={!chosen}
                error={errors.operator}
                onChange={(e) => setOperator(e.currentTarget.value)}
              />
              <ValueInput field={chosen} value={value} error={errors.value} onChange={setValue} />
              <Button type="submit" mt={25} loading={addCondition.isPending}>
                Add condition
              </Button>
            </Group>
          )}
        </Stack>

        {allowed('card', 'list') && (
          <Stack gap="xs">
            <Title order={2} size="h4">
              Cards
            </Title>
            {placed.data?.data.length === 0 && <Text c="dimmed">This type shows no cards yet.</Text>}
            {placed.data?.data.map((p) => (
              <Group key={String(p.id)} justify="space-between" data-testid="placed-card">
                <Text>{String(p.cardLabel ?? `Card #${String(p.cardId)}`)}</Text>
                {canPlace && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      confirmRemove(
                        'Stop showing this card?',
                        'The card stays; learners of this type stop seeing it.',
                        () =>
                          unplace.mutate(Number(p.id), {
                            onSuccess: () => notifySuccess('Card removed from this type'),
                          }),
                      )
                    }
                  >
                    Remove
                  </Button>
                )}
              </Group>
            ))}
            {canPlace && (
              <Group align="flex-end">
                <NativeSelect
                  label="Show a card"
                  data={[{ value: '', label: 'Choose a card' }, ...cardChoices]}
                  value={cardId}
                  onChange={(e) => setCardId(e.currentTarget.value)}
                />
                <Button
                  disabled={!cardId}
                  loading={place.isPending}
                  onClick={() =>
                    place.mutate(
                      { userTypeId, cardId: Number(cardId) },
                      {
                        onSuccess: () => {
                          setCardId('');
                          notifySuccess('Card shown to this type');
                          void qc.invalidateQueries({ queryKey: resourceKeys.all(cardResource.path) });
                        },
                      },
                    )
                  }
                >
                  Show card
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
