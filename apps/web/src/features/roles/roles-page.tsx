import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { LoadError, NoAccess } from '../../components/page-states';
import { AnchorLink } from '../../components/router-links';
import { useCan } from '../../lib/auth';
import { useUrlSearchText } from '../../lib/use-url-search-text';
import { useRoles } from './api/get-roles';
import type { Role } from './api/role-types';
import { DeleteRoleModal } from './components/delete-role-modal';
import { RoleFormModal, type RoleFormMode } from './components/role-form-modal';
import { roleNameOf } from './role-options';

const route = getRouteApi('/roles');

/** Roles whose name contains the search text (case-insensitive). */
export function filterRoles(roles: readonly Role[], q: string | undefined): Role[] {
  const needle = q?.trim().toLowerCase();
  return needle ? roles.filter((r) => r.name.toLowerCase().includes(needle)) : [...roles];
}

export function RolesPage() {
  const allowed = useCan();
  if (!allowed('role', 'list')) return <NoAccess title="Roles" />;
  return <RolesList />;
}

function RolesList() {
  const allowed = useCan();
  const canRead = allowed('role', 'read');
  const canManage = allowed('role', 'manage');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useRoles(true);
  // Roles are filtered in the page, so the URL may follow the box quickly.
  const [q, setQ] = useUrlSearchText(
    search.q,
    (value) => void navigate({ search: value ? { q: value } : {}, replace: true }),
    150,
  );
  // What the dialogs show is kept after they close, so their closing transition does not change their text.
  const [form, setForm] = useState<{ mode: RoleFormMode; role?: Role }>({ mode: 'create' });
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const openForm = (next: { mode: RoleFormMode; role?: Role }) => {
    setForm(next);
    setFormOpen(true);
  };

  const roles = list.data?.data ?? [];
  const rows = filterRoles(roles, search.q);

  const openRole = (role: Role) => void navigate({ to: '/roles/$id', params: { id: String(role.id) } });

  const columns: DataTableColumn<Role>[] = [
    { key: 'id', label: 'Id', render: (r) => r.id },
    {
      key: 'name',
      label: 'Name',
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          {canRead ? (
            <AnchorLink
              to="/roles/$id"
              params={{ id: String(r.id) }}
              onClick={(e: React.MouseEvent) => e.stopPropagation()}
            >
              {r.name}
            </AnchorLink>
          ) : (
            <Text size="sm">{r.name}</Text>
          )}
          {r.builtIn && (
            <Badge size="sm" variant="light" color="gray">
              Built-in
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'parentRoleId', label: 'Based on', render: (r) => roleNameOf(roles, r.parentRoleId) ?? '' },
    { key: 'members', label: 'Members', render: (r) => r.members },
    {
      key: 'description',
      label: 'Description',
      render: (r) => (
        <Text size="sm" lineClamp={2}>
          {r.description ?? ''}
        </Text>
      ),
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      label: 'Actions',
      render: (r) =>
        r.builtIn ? null : (
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              onClick={(e) => {
                e.stopPropagation();
                openForm({ mode: 'edit', role: r });
              }}
            >
              Edit
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={(e) => {
                e.stopPropagation();
                setDeleting(r);
                setDeleteOpen(true);
              }}
            >
              Delete
            </Button>
          </Group>
        ),
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>Roles</Title>
        {canManage && (
          <Group gap="xs">
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => openForm({ mode: 'create' })}
              disabled={!list.data}
            >
              New role
            </Button>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => openForm({ mode: 'subRole' })}
              disabled={!list.data}
            >
              New sub-role
            </Button>
          </Group>
        )}
      </Group>
      <TextInput
        label="Search"
        placeholder="Search by name"
        leftSection={<IconSearch size={16} />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maw={420}
      />
      {list.isError && <LoadError title="Roles could not be loaded" onRetry={list.refetch} />}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={list.isPending}
        sort={null}
        onRowClick={canRead ? openRole : undefined}
        emptyText={search.q ? 'No roles match this search.' : 'No roles yet.'}
        skeletonRows={10}
        caption="Roles"
      />
      {list.data && (
        <Text size="sm" c="dimmed" data-testid="list-total">
          {rows.length === roles.length ? `${roles.length} roles` : `${rows.length} of ${roles.length} roles`}
        </Text>
      )}
      {canManage && (
        <>
          <RoleFormModal
            mode={form.mode}
            opened={formOpen}
            onClose={() => setFormOpen(false)}
            roles={roles}
            role={form.role}
          />
          <DeleteRoleModal opened={deleteOpen} role={deleting} onClose={() => setDeleteOpen(false)} />
        </>
      )}
    </Stack>
  );
}
