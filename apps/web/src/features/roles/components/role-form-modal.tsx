import { roleCreateSchema, roleUpdateSchema, subRoleCreateSchema } from '@cohort/domain';
import { Alert, Button, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormModal } from '../../../components/dialogs/form-modal';
import { ApiError } from '../../../lib/api-client';
import { inlineErrorOf } from '../../../lib/inline-error';
import { notifySuccess } from '../../../lib/notify';
import { type FieldErrors, serverFieldErrors, zodFieldErrors } from '../../../lib/validation';
import { useCreateRole } from '../api/create-role';
import { useCreateSubRole } from '../api/create-sub-role';
import { getRoles } from '../api/get-roles';
import { roleKeys } from '../api/role-keys';
import type { Role } from '../api/role-types';
import { useUpdateRole } from '../api/update-role';
import { baseRoleOptions, parentRoleOptions } from '../role-options';

export type RoleFormMode = 'create' | 'subRole' | 'edit';

/** `POST /admin/role/create`'s body: the create schema plus the built-in role it is based on. */
const roleCreateWithBaseSchema = roleCreateSchema.extend({ baseRoleId: subRoleCreateSchema.shape.parentRoleId });

const TITLES: Record<RoleFormMode, string> = { create: 'New role', subRole: 'New sub-role', edit: 'Edit role' };
const SUBMIT: Record<RoleFormMode, string> = { create: 'Create role', subRole: 'Create sub-role', edit: 'Save' };
const DONE: Record<RoleFormMode, string> = { create: 'Role created', subRole: 'Sub-role created', edit: 'Role saved' };

type Props = {
  mode: RoleFormMode;
  opened: boolean;
  onClose: () => void;
  /** Every role, for the "Based on" / "Parent role" choices. */
  roles: readonly Role[];
  /** The role being edited (edit mode). */
  role?: Role;
  onSaved?: (role: Omit<Role, 'members'>) => void;
};

/** New role, new sub-role and edit role, in a dialog. The form mounts on open, so it starts fresh each time. */
export function RoleFormModal({ mode, opened, onClose, roles, role, onSaved }: Props) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={mode === 'edit' && role ? `Edit role ${role.name}` : TITLES[mode]}
    >
      {(onBusy) => (
        <RoleForm mode={mode} roles={roles} role={role} onBusy={onBusy} onClose={onClose} onSaved={onSaved} />
      )}
    </FormModal>
  );
}

type FormProps = Omit<Props, 'opened'> & { onBusy: (busy: boolean) => void };

function RoleForm({ mode, roles, role, onBusy, onClose, onSaved }: FormProps) {
  const create = useCreateRole();
  const createSub = useCreateSubRole();
  const update = useUpdateRole();
  const qc = useQueryClient();
  const [reloading, setReloading] = useState(false);
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [parentId, setParentId] = useState('');
  const [version, setVersion] = useState(role?.version ?? 1);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);

  const parentField = mode === 'create' ? 'baseRoleId' : 'parentRoleId';
  const nameLocked = mode === 'edit' && Boolean(role?.builtIn);
  const options = mode === 'create' ? baseRoleOptions(roles) : parentRoleOptions(roles);
  const nameChanged = mode === 'edit' && !nameLocked && name.trim() !== role?.name;
  const descriptionChanged = mode === 'edit' && description.trim() !== (role?.description ?? '').trim();
  const dirty = mode !== 'edit' || nameChanged || descriptionChanged;

  /** The body to send, or the client-side errors of the domain schema. */
  const prepare = (): { body: Record<string, unknown> } | { errors: FieldErrors } => {
    if (mode === 'edit') {
      const input: Record<string, unknown> = { version };
      if (nameChanged) input.name = name;
      if (descriptionChanged) input.description = description;
      const parsed = roleUpdateSchema.safeParse(input);
      return parsed.success ? { body: parsed.data } : { errors: zodFieldErrors(parsed.error) };
    }
    const input = {
      name,
      description: description.trim() ? description : undefined,
      [parentField]: parentId ? Number(parentId) : undefined,
    };
    const parsed = (mode === 'create' ? roleCreateWithBaseSchema : subRoleCreateSchema).safeParse(input);
    const found: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (!parentId) found[parentField] = mode === 'create' ? 'Choose the role it is based on' : 'Choose a parent role';
    if (parsed.success && Object.keys(found).length === 0) return { body: parsed.data };
    return { errors: found };
  };

  // The saved role as the server answers it (no member count: the list refreshes for that).
  const send = (body: Record<string, unknown>): Promise<Omit<Role, 'members'>> => {
    if (mode === 'create') return create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]);
    if (mode === 'subRole') return createSub.mutateAsync(body as Parameters<typeof createSub.mutateAsync>[0]);
    return update.mutateAsync({ id: role!.id, body: body as Parameters<typeof update.mutateAsync>[0]['body'] });
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const prepared = prepare();
    if ('errors' in prepared) {
      const { _form, ...fieldErrors } = prepared.errors;
      setErrors(fieldErrors);
      setFormError(_form ?? null);
      return;
    }
    setErrors({});
    setSaving(true);
    onBusy(true);
    try {
      const saved = await send(prepared.body);
      notifySuccess(DONE[mode]);
      onBusy(false);
      onSaved?.(saved);
      onClose();
    } catch (err) {
      setSaving(false);
      onBusy(false);
      const server = serverFieldErrors(err);
      // The server names the base of a new role `parentRoleId` in its issues.
      if (mode === 'create' && server.parentRoleId) {
        server.baseRoleId = server.parentRoleId;
        delete server.parentRoleId;
      }
      const known = ['name', 'description', parentField];
      const onFields = Object.fromEntries(Object.entries(server).filter(([k]) => known.includes(k)));
      const elsewhere = Object.entries(server).filter(([k]) => !known.includes(k));
      setErrors(onFields);
      if (elsewhere.length) setFormError(elsewhere.map(([k, m]) => `${k}: ${m}`).join('; '));
      else if (Object.keys(onFields).length === 0) setFormError(inlineErrorOf(err));
      if (mode === 'edit' && err instanceof ApiError && err.status === 409) setConflict(true);
    }
  };

  const loadLatest = async () => {
    setReloading(true);
    try {
      const result = await qc.fetchQuery({
        queryKey: roleKeys.list(),
        queryFn: ({ signal }) => getRoles(signal),
        staleTime: 0,
      });
      const latest = result.data.find((r) => r.id === role?.id);
      if (!latest) {
        setFormError('This role no longer exists.');
        return;
      }
      // The user's edits stay; the next save goes on top of the latest version.
      setVersion(latest.version);
      setConflict(false);
      setFormError(null);
    } catch {
      // the api client has said why
    } finally {
      setReloading(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={TITLES[mode]}>
      <Stack gap="md">
        {formError && (
          <Alert color={conflict ? 'orange' : 'red'} role="alert" data-testid="role-form-error">
            <Text size="sm">{formError}</Text>
            {conflict && (
              <Button mt="sm" size="xs" variant="light" color="orange" loading={reloading} onClick={loadLatest}>
                Load latest version
              </Button>
            )}
          </Alert>
        )}
        <TextInput
          label="Name"
          withAsterisk={!nameLocked}
          description={nameLocked ? 'Built-in roles keep their names' : undefined}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          disabled={saving || nameLocked}
          maxLength={60}
          data-autofocus
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
          disabled={saving}
          minRows={2}
          maxLength={300}
        />
        {mode !== 'edit' && (
          <NativeSelect
            label={mode === 'create' ? 'Based on' : 'Parent role'}
            description={
              mode === 'create'
                ? 'The built-in role whose permissions it carries'
                : 'Its members move back to this role when removed'
            }
            withAsterisk
            value={parentId}
            onChange={(e) => setParentId(e.currentTarget.value)}
            data={[{ value: '', label: 'Choose a role…' }, ...options]}
            error={errors[parentField]}
            disabled={saving}
          />
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={!dirty || conflict}>
            {SUBMIT[mode]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
