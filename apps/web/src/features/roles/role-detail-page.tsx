import { Alert, Badge, Button, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { LoadError, NoAccess } from '../../components/page-states';
import { AnchorLink } from '../../components/router-links';
import { useCan } from '../../lib/auth';
import { useRoles } from './api/get-roles';
import type { Role } from './api/role-types';
import { DeleteRoleModal } from './components/delete-role-modal';
import { RoleAttendanceTab } from './components/role-attendance-tab';
import { RoleFormModal } from './components/role-form-modal';
import { RoleMembersTab } from './components/role-members-tab';
import { roleNameOf } from './role-options';
import { ROLE_TABS, type RoleTab, today } from './roles-search';

const route = getRouteApi('/roles/$id');

export function RoleDetailPage() {
  const { id } = route.useParams();
  const allowed = useCan();
  if (!allowed('role', 'read')) return <NoAccess title="Role" />;
  return <RoleDetail key={id} id={id} />;
}

const backLink = (
  <AnchorLink to="/roles" size="sm">
    ← Back to roles
  </AnchorLink>
);

function RoleDetail({ id }: { id: string }) {
  const allowed = useCan();
  const list = useRoles(true);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const roles = list.data?.data ?? [];
  const role = roles.find((r) => String(r.id) === id);

  if (list.isPending) {
    return (
      <Stack gap="md">
        {backLink}
        <Title order={1}>{`Role #${id}`}</Title>
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <Stack gap="md">
        {backLink}
        <Title order={1}>{`Role #${id}`}</Title>
        <LoadError title="This role could not be loaded" onRetry={list.refetch} />
      </Stack>
    );
  }
  if (!role) {
    return (
      <Stack gap="md">
        {backLink}
        <Title order={1}>Role not found</Title>
        <Alert color="gray">There is no role #{id}. It may have been deleted.</Alert>
      </Stack>
    );
  }

  return (
    <RoleView
      role={role}
      roles={roles}
      canManage={allowed('role', 'manage')}
      canListAttendance={allowed('roleAttendance', 'list')}
      canMarkAttendance={allowed('roleAttendance', 'create')}
      search={search}
      navigate={navigate}
    />
  );
}

type ViewProps = {
  role: Role;
  roles: readonly Role[];
  canManage: boolean;
  canListAttendance: boolean;
  canMarkAttendance: boolean;
  search: ReturnType<typeof route.useSearch>;
  navigate: ReturnType<typeof route.useNavigate>;
};

function RoleView({ role, roles, canManage, canListAttendance, canMarkAttendance, search, navigate }: ViewProps) {
  const [editOpen, setEditOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const tabs = ROLE_TABS.filter((t) => t.value !== 'attendance' || canListAttendance);
  const tab: RoleTab = search.tab === 'attendance' && canListAttendance ? 'attendance' : 'members';
  const page = search.page ?? 1;
  const date = search.date ?? today();
  const parentName = roleNameOf(roles, role.parentRoleId);

  const setPage = useCallback(
    (p: number) => void navigate({ search: (s) => ({ ...s, page: p > 1 ? p : undefined }) }),
    [navigate],
  );

  return (
    <Stack gap="md">
      {backLink}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1}>{role.name}</Title>
            {role.builtIn ? (
              <Badge variant="light" color="gray">
                Built-in
              </Badge>
            ) : (
              <Badge variant="light">Custom</Badge>
            )}
          </Group>
          {role.description && <Text>{role.description}</Text>}
          <Text size="sm" c="dimmed" data-testid="role-meta">
            Id {role.id}
            {parentName ? ` · based on ${parentName}` : ''}
          </Text>
        </Stack>
        {canManage && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditOpen(true)}>
              {role.builtIn ? 'Edit description' : 'Edit'}
            </Button>
            {!role.builtIn && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDeleteOpen(true)}
              >
                Delete
              </Button>
            )}
          </Group>
        )}
      </Group>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(v) =>
          void navigate({
            search: (s) => ({ ...s, tab: v === 'attendance' ? 'attendance' : undefined, page: undefined }),
            replace: true,
          })
        }
      >
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="members" pt="md">
          <RoleMembersTab role={role} roles={roles} page={page} onPageChange={setPage} canManage={canManage} />
        </Tabs.Panel>
        {canListAttendance && (
          <Tabs.Panel value="attendance" pt="md">
            <RoleAttendanceTab
              role={role}
              date={date}
              onDateChange={(d) =>
                void navigate({ search: (s) => ({ ...s, date: d, page: undefined }), replace: true })
              }
              page={page}
              onPageChange={setPage}
              canMark={canMarkAttendance}
            />
          </Tabs.Panel>
        )}
      </Tabs>
      {canManage && (
        <>
          <RoleFormModal mode="edit" opened={editOpen} onClose={() => setEditOpen(false)} roles={roles} role={role} />
          <DeleteRoleModal
            opened={deleteOpen}
            role={role}
            onClose={() => setDeleteOpen(false)}
            onDeleted={() => void navigate({ to: '/roles' })}
          />
        </>
      )}
    </Stack>
  );
}
