import { lowerLabel, recordTitle } from '@cohort/domain';
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { LoadError, NoAccess, NotFoundPage } from '../../components/page-states';
import type { ApiRecord } from '../../components/resource-form/form-values';
import { AnchorLink } from '../../components/router-links';
import { capabilitiesFor, defForRole } from '../../features/resources/capabilities';
import { RecordActions } from '../../features/resources/components/record-actions';
import { RecordDetails } from '../../features/resources/components/record-details';
import { RecordImagePanel } from '../../features/resources/components/record-image-panel';
import { ResourceEditor } from '../../features/resources/components/resource-editor';
import { useRoleKey } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useDeleteResource } from '../../lib/resource-api/delete-resource';
import { useResource } from '../../lib/resource-api/get-resource';
import { useUpdateResource } from '../../lib/resource-api/update-resource';
import type { ResourceRegistration } from '../../lib/resource-registration';
import { registrationBySlug } from './registry';

const route = getRouteApi('/$resource/$id');

export function ResourceDetailPage() {
  const { resource, id } = route.useParams();
  const reg = registrationBySlug(resource);
  if (!reg) return <NotFoundPage />;
  return <ResourceDetail key={`${reg.slug}/${id}`} reg={reg} id={id} />;
}

function ResourceDetail({ reg, id }: { reg: ResourceRegistration; id: string }) {
  const { slug } = reg;
  const role = useRoleKey();
  const def = useMemo(() => defForRole(reg.def, role), [reg.def, role]);
  const navigate = route.useNavigate();
  const caps = capabilitiesFor(reg, role);
  const query = useResource(def, id, caps.read);
  const update = useUpdateResource(def, id);
  const remove = useDeleteResource(def, id);
  const title = `${def.label} #${id}`;

  if (!caps.read) return <NoAccess title={title} />;

  const backLink = (
    <AnchorLink to="/$resource" params={{ resource: slug }} size="sm">
      ← Back to {lowerLabel(def.pluralLabel)}
    </AnchorLink>
  );

  if (query.isPending) {
    return (
      <Stack gap="md">
        {backLink}
        <Title order={1}>{title}</Title>
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Stack gap="md">
        {backLink}
        <Title order={1}>{title}</Title>
        <LoadError title={`This ${lowerLabel(def.label)} could not be loaded`} onRetry={query.refetch} />
      </Stack>
    );
  }

  const record: ApiRecord = query.data;
  const formFields = def.fields.filter((f) => f.form);
  const editable = caps.update && formFields.length > 0;
  const heading = def.titleField !== 'id' ? (recordTitle(def, record) ?? '') : '';

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${lowerLabel(def.label)}?`,
      centered: true,
      children: <Text size="sm">{heading ? `"${heading}" ` : `${title} `}will be deleted. This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifySuccess(`${def.label} deleted`);
            void navigate({ to: '/$resource', params: { resource: slug } });
          },
        }),
    });

  const deleteButton = caps.delete ? (
    <Button
      color="red"
      variant="light"
      leftSection={<IconTrash size={16} />}
      loading={remove.isPending}
      onClick={confirmDelete}
    >
      Delete
    </Button>
  ) : null;

  const meta = (
    <Text size="sm" c="dimmed">
      Id {record.id}
      {record.createdAt ? ` · created ${formatDate(record.createdAt as string)}` : ''}
      {record.updatedAt ? ` · updated ${formatDate(record.updatedAt as string)}` : ''}
      {record.version !== undefined ? ` · version ${record.version}` : ''}
    </Text>
  );

  return (
    <Stack gap="md">
      {backLink}
      <Group justify="space-between" align="flex-start" data-page-actions>
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          {heading && <Text size="lg">{heading}</Text>}
          {meta}
        </Stack>
        {!editable && deleteButton}
      </Group>
      {reg.edit ? (
        <reg.edit def={def} id={id} record={record} />
      ) : editable ? (
        <ResourceEditor
          def={def}
          mode="update"
          record={record}
          saving={update.isPending}
          save={(payload) => update.mutateAsync(payload)}
          reloadLatest={() => void query.refetch()}
          reloading={query.isFetching}
          extraActions={deleteButton}
          onCancel={() => void navigate({ to: '/$resource', params: { resource: slug } })}
        />
      ) : (
        <RecordDetails fields={def.fields} record={record} />
      )}
      <RecordActions def={def} id={id} record={record} />
      {caps.upload &&
        def.images?.map((image) => (
          <RecordImagePanel key={image.field} def={def} image={image} id={id} record={record} />
        ))}
      {reg.panels?.map((Panel) => (
        <Panel key={Panel.displayName ?? Panel.name} def={def} id={id} record={record} />
      ))}
    </Stack>
  );
}
