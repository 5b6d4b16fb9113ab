import { lowerLabel } from '@cohort/domain';
import { Stack, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { NoAccess, NotFoundPage } from '../../components/page-states';
import { AnchorLink } from '../../components/router-links';
import { capabilitiesFor, defForRole } from '../../features/resources/capabilities';
import { ResourceEditor } from '../../features/resources/components/resource-editor';
import { useRoleKey } from '../../lib/auth';
import { useCreateResource } from '../../lib/resource-api/create-resource';
import type { ResourceRegistration } from '../../lib/resource-registration';
import { registrationBySlug } from './registry';

const route = getRouteApi('/$resource/new');

export function ResourceCreatePage() {
  const { resource } = route.useParams();
  const reg = registrationBySlug(resource);
  if (!reg) return <NotFoundPage />;
  return <ResourceCreate key={reg.slug} reg={reg} />;
}

function ResourceCreate({ reg }: { reg: ResourceRegistration }) {
  const { slug } = reg;
  const role = useRoleKey();
  const def = useMemo(() => defForRole(reg.def, role), [reg.def, role]);
  const navigate = route.useNavigate();
  const create = useCreateResource(def);
  const title = `New ${lowerLabel(def.label)}`;
  if (!capabilitiesFor(reg, role).create) return <NoAccess title={title} />;

  return (
    <Stack gap="md">
      <AnchorLink to="/$resource" params={{ resource: slug }} size="sm">
        ← Back to {lowerLabel(def.pluralLabel)}
      </AnchorLink>
      <Title order={1}>{title}</Title>
      <ResourceEditor
        def={def}
        mode="create"
        saving={create.isPending}
        save={(payload) => create.mutateAsync(payload)}
        onSaved={(record) =>
          void navigate({ to: '/$resource/$id', params: { resource: slug, id: String(record.id) }, replace: true })
        }
        onCancel={() => void navigate({ to: '/$resource', params: { resource: slug } })}
      />
    </Stack>
  );
}
