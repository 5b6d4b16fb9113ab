import {
  can,
  type Filter,
  lowerLabel,
  type ResourceDef,
  type RoleKey,
  roleById,
  SAVED_VIEW_NAME_MAX,
  type SavedViewJson,
} from '@cohort/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  MultiSelect,
  Popover,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconBookmark, IconDeviceFloppy, IconTrash, IconX } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { ConfirmActionModal } from '../../../components/dialogs/confirm-action-modal';
import { FormModal } from '../../../components/dialogs/form-modal';
import { ApiError } from '../../../lib/api-client';
import { useRoleKey } from '../../../lib/auth';
import { notifySuccess } from '../../../lib/notify';
import { useAppStore } from '../../../lib/store';
import { serverFieldErrors } from '../../../lib/validation';
import {
  type RoleOption,
  useCreateSavedView,
  useDeleteSavedView,
  useSavedViews,
  useShareableRoles,
  useUpdateSavedView,
} from '../api/saved-views';

/** The list state a view keeps (and the url carries). */
export type ViewState = {
  filters: Filter[];
  sort?: string;
  q?: string;
  size?: number;
  columns: string[];
};

type Props = {
  def: ResourceDef;
  /** The list as it is now. */
  current: ViewState;
  /** The view the url names, if any. */
  activeId?: number;
  /** Puts a view's state (or none, to leave it) in the url. */
  onOpen: (view: SavedViewJson | null) => void;
};

const sameState = (view: SavedViewJson, s: ViewState) =>
  JSON.stringify(view.filters) === JSON.stringify(s.filters) &&
  (view.sort ?? undefined) === s.sort &&
  (view.q ?? undefined) === s.q &&
  (view.size ?? undefined) === (s.size ?? undefined) &&
  (view.columns === null || JSON.stringify(view.columns) === JSON.stringify(s.columns));

/**
 * Saved views of a list (decision 020): kept on the server, private or shared with roles;
 * opening one puts its filters, sort, search, size and columns in the url (back and forward
 * work, a link shares it). Only the owner changes a view; ADMIN may delete a shared one.
 */
export function SavedViews({ def, current, activeId, onOpen }: Props) {
  const [opened, setOpened] = useState(false);
  // Loaded when asked for, or when the url names a view (its name shows on the button).
  const views = useSavedViews(def.path, opened || activeId !== undefined);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<SavedViewJson | null>(null);
  const update = useUpdateSavedView(def.path);
  const remove = useDeleteSavedView(def.path);
  const all = views.data?.data ?? [];
  const active = all.find((v) => v.id === activeId);
  const mine = all.filter((v) => v.mine);
  const shared = all.filter((v) => !v.mine);
  const changed = active ? !sameState(active, current) : false;

  const open = (view: SavedViewJson) => {
    setOpened(false);
    onOpen(view);
  };

  const saveOver = (view: SavedViewJson) =>
    update.mutate(
      {
        id: view.id,
        version: view.version,
        filters: current.filters,
        sort: current.sort ?? null,
        q: current.q ?? null,
        size: (current.size as 10 | 14 | 50 | 100 | undefined) ?? null,
        columns: current.columns,
      },
      { onSuccess: (v) => notifySuccess(`View "${v.name}" saved`) },
    );

  const renderView = (v: SavedViewJson) => (
    <Group key={v.id} gap="xs" wrap="nowrap" justify="space-between" role="listitem">
      <UnstyledButton
        onClick={() => open(v)}
        fz="sm"
        style={{ flex: 1, minWidth: 0 }}
        aria-current={v.id === activeId ? 'true' : undefined}
        fw={v.id === activeId ? 700 : undefined}
      >
        {v.name}
        {!v.mine && (
          <Text span size="xs" c="dimmed">
            {' '}
            by {v.owner.name}
          </Text>
        )}
        {v.sharedWith.length > 0 && (
          <Text span size="xs" c="dimmed" display="block">
            Shared with {v.sharedWith.map((r) => r.name).join(', ')}
          </Text>
        )}
      </UnstyledButton>
      {v.canDelete && (
        <ActionIcon variant="subtle" color="red" aria-label={`Delete view ${v.name}`} onClick={() => setDeleting(v)}>
          <IconTrash size={14} />
        </ActionIcon>
      )}
    </Group>
  );

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus>
        <Popover.Target>
          <Button
            variant={active ? 'light' : 'default'}
            leftSection={<IconBookmark size={16} />}
            onClick={() => setOpened((o) => !o)}
          >
            {active ? `View: ${active.name}${changed ? ' (changed)' : ''}` : 'Views'}
          </Button>
        </Popover.Target>
        <Popover.Dropdown maw={360}>
          <Stack gap="xs">
            {views.isError && <Alert color="red">The saved views could not be loaded.</Alert>}
            {views.isSuccess && all.length === 0 && (
              <Text size="sm" c="dimmed">
                No saved views yet. Save the current filters, sort, search and columns under a name.
              </Text>
            )}
            {mine.length > 0 && (
              <Stack gap={4} role="list" aria-label="My views">
                <Text size="xs" fw={700} c="dimmed">
                  My views
                </Text>
                {mine.map(renderView)}
              </Stack>
            )}
            {shared.length > 0 && (
              <Stack gap={4} role="list" aria-label="Shared views">
                <Text size="xs" fw={700} c="dimmed">
                  Shared with me
                </Text>
                {shared.map(renderView)}
              </Stack>
            )}
            <Divider />
            {active?.mine && changed && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDeviceFloppy size={14} />}
                loading={update.isPending}
                onClick={() => saveOver(active)}
              >
                Save changes to “{active.name}”
              </Button>
            )}
            {active && (
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconX size={14} />}
                onClick={() => {
                  setOpened(false);
                  onOpen(null);
                }}
              >
                Leave this view
              </Button>
            )}
            <Button
              size="xs"
              onClick={() => {
                setOpened(false);
                setSaving(true);
              }}
            >
              Save as a new view…
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <FormModal opened={saving} onClose={() => setSaving(false)} title="Save this view">
        {(onBusy) => (
          <SaveViewForm
            def={def}
            current={current}
            onBusy={onBusy}
            onDone={(view) => {
              setSaving(false);
              if (view) onOpen(view);
            }}
          />
        )}
      </FormModal>
      <ConfirmActionModal
        opened={deleting !== null}
        title="Delete this view?"
        confirmLabel="Delete view"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notifySuccess(`View "${deleting.name}" deleted`);
          if (deleting.id === activeId) onOpen(null);
        }}
      >
        <Text size="sm">
          “{deleting?.name}” will be gone for {deleting?.sharedWith.length ? 'everyone it is shared with' : 'you'}. The
          list itself does not change.
        </Text>
      </ConfirmActionModal>
    </>
  );
}

/** The built-in role a role descends from, within the list of roles. */
function baseRole(role: RoleOption, roles: readonly RoleOption[]): RoleKey | undefined {
  let r: RoleOption | undefined = role;
  for (let i = 0; r && i < 10; i++) {
    const builtIn = roleById(r.id);
    if (builtIn) return builtIn.key;
    r = roles.find((x) => x.id === r?.parentRoleId);
  }
  return undefined;
}

function SaveViewForm({
  def,
  current,
  onBusy,
  onDone,
}: {
  def: ResourceDef;
  current: ViewState;
  onBusy: (busy: boolean) => void;
  onDone: (view?: SavedViewJson) => void;
}) {
  const role = useRoleKey();
  const user = useAppStore((s) => s.user);
  const isAdmin = role === 'ADMIN';
  const roles = useShareableRoles(isAdmin);
  const create = useCreateSavedView(def.path);
  const [name, setName] = useState('');
  const [sharedWith, setSharedWith] = useState<string[]>([]);
  const [shareWithMine, setShareWithMine] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Roles that could open this list (learners' role left out): ADMIN's choices.
  const options = useMemo(() => {
    const list = roles.data?.data ?? [];
    return list
      .filter((r) => {
        const base = baseRole(r, list);
        return base && base !== 'USER' && base !== 'ADMIN' && can(base, def.permission, 'list');
      })
      .map((r) => ({ value: String(r.id), label: r.name }));
  }, [roles.data, def.permission]);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setErrors({ name: 'Name the view' });
    if (trimmed.length > SAVED_VIEW_NAME_MAX) return setErrors({ name: `At most ${SAVED_VIEW_NAME_MAX} characters` });
    setErrors({});
    onBusy(true);
    create.mutate(
      {
        name: trimmed,
        filters: current.filters,
        sort: current.sort ?? null,
        q: current.q ?? null,
        size: (current.size as 10 | 14 | 50 | 100 | undefined) ?? null,
        columns: current.columns,
        sharedWith: isAdmin ? sharedWith.map(Number) : shareWithMine && user ? [user.roleId] : [],
      },
      {
        onSuccess: (view) => {
          notifySuccess(`View "${view.name}" saved`);
          onDone(view);
        },
        onError: (err) => {
          const found = serverFieldErrors(err);
          setErrors(
            Object.keys(found).length
              ? found
              : { _form: err instanceof ApiError ? err.message : 'The view could not be saved.' },
          );
        },
        onSettled: () => onBusy(false),
      },
    );
  };

  const roleName = user ? (roleById(user.roleId)?.label ?? user.role) : '';
  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="sm">
        <Text size="sm">
          Saves the {lowerLabel(def.pluralLabel)} list as it is now: {current.filters.length} filter
          {current.filters.length === 1 ? '' : 's'}
          {current.sort ? ', its sort' : ''}
          {current.q ? ', the search' : ''} and {current.columns.length} columns.
        </Text>
        <TextInput
          label="Name"
          required
          value={name}
          maxLength={SAVED_VIEW_NAME_MAX + 10}
          error={errors.name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
        {isAdmin ? (
          <MultiSelect
            label="Share with roles"
            description="Leave empty to keep it to yourself. Roles below a chosen role see it too."
            placeholder={sharedWith.length ? undefined : 'Only me'}
            data={options}
            value={sharedWith}
            onChange={setSharedWith}
            error={errors.sharedWith}
            disabled={roles.isPending}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Checkbox
            label={`Share with everyone in my role (${roleName})`}
            checked={shareWithMine}
            onChange={(e) => setShareWithMine(e.currentTarget.checked)}
            error={errors.sharedWith}
          />
        )}
        {(errors.filters || errors.columns || errors.sort || errors._form) && (
          <Alert color="red" role="alert">
            {errors.filters ?? errors.columns ?? errors.sort ?? errors._form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Save view
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
