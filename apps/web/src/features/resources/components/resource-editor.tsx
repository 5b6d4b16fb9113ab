import type { ResourceDef } from '@cohort/domain';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { type ApiRecord, prepareSubmit } from '../../../components/resource-form/form-values';
import { ResourceFormFields } from '../../../components/resource-form/resource-form-fields';
import { useResourceForm } from '../../../components/resource-form/use-resource-form';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes/use-unsaved-changes-guard';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { serverFieldErrors } from '../../../lib/validation';
import { flowFields } from '../flow-options';

type Props = {
  def: ResourceDef;
  mode: 'create' | 'update';
  /** The record being edited (update), refreshed from the server; absent when creating. */
  record?: ApiRecord;
  saving: boolean;
  save: (payload: Record<string, unknown>) => Promise<ApiRecord>;
  /** Called after a successful save (the unsaved-changes guard lets the next navigation through). */
  onSaved?: (record: ApiRecord) => void;
  /** Reload the latest version after a 409 (the user's edits are kept). */
  reloadLatest?: () => void;
  reloading?: boolean;
  extraActions?: ReactNode;
  /** Leaves the form; the unsaved-changes guard still asks when there are edits. */
  onCancel: () => void;
};

/** The form's fields: on update, only those the update schema takes (a key fixed at creation stays out). */
function formFieldsOf(def: ResourceDef, mode: 'create' | 'update') {
  const shape = mode === 'update' ? (def.updateSchema as { shape?: Record<string, unknown> }).shape : undefined;
  return def.fields.filter((f) => f.form && (!shape || f.name in shape));
}

/**
 * The generated create/update form: client-side validation with the resource's zod
 * schema, server 400 issues on their fields, only changed fields + version on update,
 * and a 409 that keeps the user's edits while offering the latest version.
 */
export function ResourceEditor({
  def,
  mode,
  record,
  saving,
  save,
  onSaved,
  reloadLatest,
  reloading,
  extraActions,
  onCancel,
}: Props) {
  const [fields] = useState(() => formFieldsOf(def, mode));
  const form = useResourceForm(fields, record);
  // The server's 409 text, which the toast shows too: one message, with the way out beside it.
  const [conflict, setConflict] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const guard = useUnsavedChangesGuard(form.isDirty && !saving);
  const versionRef = useRef(record?.version);

  // A newer version arrived (image upload, reload after a conflict): rebase the user's edits onto it.
  const { rebase } = form;
  useEffect(() => {
    if (!record || record.version === versionRef.current) return;
    versionRef.current = record.version;
    rebase(record);
    setConflict(null);
  }, [record, rebase]);

  const schema = mode === 'create' ? def.createSchema : def.updateSchema;

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const { payload, errors } = prepareSubmit(mode, fields, schema, form.values, form.base, versionRef.current);
    if (errors) {
      const { _form, ...fieldErrors } = errors;
      const unknown = Object.entries(fieldErrors).filter(([k]) => !fields.some((f) => f.name === k));
      form.setErrors(fieldErrors);
      setFormError(_form ?? (unknown.length ? unknown.map(([k, m]) => `${k}: ${m}`).join('; ') : null));
      return;
    }
    try {
      const saved = await save(payload);
      versionRef.current = saved.version;
      form.reset(saved);
      setConflict(null);
      notifySuccess(mode === 'create' ? `${def.label} created` : `${def.label} saved`);
      guard.bypass();
      onSaved?.(saved);
    } catch (err) {
      form.setErrors(serverFieldErrors(err));
      if (err instanceof ApiError && err.status === 409) setConflict(err.message);
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={handleSubmit}
      noValidate
      aria-label={`${def.label} form`}
    >
      <Stack gap="md">
        {conflict && (
          <Alert color="orange" role="alert" data-testid="conflict-alert">
            <Text size="sm">{conflict}</Text>
            {reloadLatest && (
              <Button mt="sm" size="xs" variant="light" color="orange" loading={reloading} onClick={reloadLatest}>
                Load latest version
              </Button>
            )}
          </Alert>
        )}
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <ResourceFormFields
          fields={record ? flowFields(def, fields, record, true) : fields}
          values={form.values}
          errors={form.errors}
          disabled={saving}
          onChange={form.setValue}
        />
        <Group justify="space-between">
          <Group gap="xs">
            <Button type="submit" loading={saving} disabled={mode === 'update' && !form.isDirty}>
              Save
            </Button>
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            {form.isDirty && (
              <Text size="sm" c="dimmed">
                Unsaved changes
              </Text>
            )}
          </Group>
          {extraActions}
        </Group>
      </Stack>
      {guard.element}
    </Paper>
  );
}
