import type { ActionSpec, FieldDef, ResourceDef } from '@cohort/domain';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type FormEvent, useState } from 'react';
import { FormModal } from '../../../components/dialogs/form-modal';
import {
  type ApiRecord,
  type FormValues,
  toFormValues,
  toPayloadValue,
} from '../../../components/resource-form/form-values';
import { ResourceFormFields } from '../../../components/resource-form/resource-form-fields';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/auth';
import { notifySuccess } from '../../../lib/notify';
import { useRecordAction } from '../../../lib/resource-api/run-record-action';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';
import { flowFields } from '../flow-options';

/** Every input of an action as the API takes it: an emptied optional input is sent as null (it clears the field). */
export function actionPayload(action: ActionSpec, values: FormValues): Record<string, unknown> {
  return Object.fromEntries(action.inputs.map((f) => [f.name, toPayloadValue(f, values[f.name])]));
}

/** An action's inputs as the form offers them: a flow's field offers only the moves it allows (decision 018). */
export function actionInputs(def: ResourceDef, action: ActionSpec, record: ApiRecord): FieldDef[] {
  return flowFields(def, action.inputs, record);
}

/** False when every input a flow moves offers no state to move to from where the record stands. */
function hasMove(def: ResourceDef, action: ActionSpec, record: ApiRecord): boolean {
  const moved = actionInputs(def, action, record).filter((f) => def.flows?.some((m) => m.field === f.name));
  return moved.length === 0 || moved.some((f) => (f.options?.length ?? 0) > 0);
}

/** The record's declared actions the role may run (ActionSpec), each a button with its own small form. */
export function RecordActions({ def, id, record }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const [open, setOpen] = useState<ActionSpec | null>(null);
  // An action whose flow has no move left from where the record stands is not offered.
  const actions = (def.actions ?? []).filter((a) => allowed(def.permission, a.name) && hasMove(def, a, record));
  if (actions.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Actions
        </Title>
        <Group gap="xs">
          {actions.map((action) => (
            <Button key={action.route.path} variant="light" size="sm" onClick={() => setOpen(action)}>
              {action.label}
            </Button>
          ))}
        </Group>
      </Stack>
      <FormModal opened={open !== null} onClose={() => setOpen(null)} title={open?.label ?? ''}>
        {(onBusy) =>
          open && (
            <ActionForm def={def} id={id} record={record} action={open} onBusy={onBusy} onDone={() => setOpen(null)} />
          )
        }
      </FormModal>
    </Paper>
  );
}

function ActionForm({
  def,
  id,
  record,
  action,
  onBusy,
  onDone,
}: {
  def: ResourceDef;
  id: string;
  record: ApiRecord;
  action: ActionSpec;
  onBusy: (busy: boolean) => void;
  onDone: () => void;
}) {
  const [values, setValues] = useState<FormValues>(() => toFormValues(action.inputs, record));
  const [errors, setErrors] = useState<FieldErrors>({});
  // true: a stale version; a text: a move the flow refused (the server names the allowed ones).
  const [conflict, setConflict] = useState<boolean | string>(false);
  const run = useRecordAction(def, action, id);

  const send = (input: Record<string, unknown>) => {
    onBusy(true);
    run.mutate(
      { record, input },
      {
        onSuccess: () => {
          notifySuccess(`${action.label}: saved`);
          onDone();
        },
        onError: (err) => {
          setErrors(serverFieldErrors(err));
          const is409 = err instanceof ApiError && err.status === 409;
          setConflict(is409 && / cannot move /.test(err.message) ? err.message : is409);
        },
        onSettled: () => onBusy(false),
      },
    );
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = actionPayload(action, values);
    const invalid = validate(action.body, input);
    setErrors(invalid ?? {});
    if (invalid) return;
    if (!action.confirm) return send(input);
    modals.openConfirmModal({
      title: action.label,
      centered: true,
      children: <Text size="sm">{action.confirm}</Text>,
      labels: { confirm: action.label, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => send(input),
    });
  };

  return (
    // The form's own checks speak (field by field, in words), not the browser's.
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="sm">
        {action.description && (
          <Text size="sm" c="dimmed">
            {action.description}
          </Text>
        )}
        {conflict && (
          <Alert color="orange" title="Changed since you opened it">
            {conflict === true
              ? `Someone else changed this ${def.label.toLowerCase()} meanwhile. Close this form, look at the latest version and try again.`
              : conflict}
          </Alert>
        )}
        <ResourceFormFields
          fields={actionInputs(def, action, record)}
          values={values}
          errors={errors}
          disabled={run.isPending}
          onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={run.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={run.isPending}>
            {action.label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
