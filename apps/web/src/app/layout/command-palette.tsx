import { type ListResult, operatorsFor, type ResourceDef, SEARCH_FILTER, SEARCH_MAX, staffCall } from '@cohort/domain';
import { Badge, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { ApiRecord } from '../../components/resource-form/form-values';
import { capabilitiesFor, defForRole } from '../../features/resources/capabilities';
import { api } from '../../lib/api-client';
import { useRoleKey } from '../../lib/auth';
import type { ResourceRegistration } from '../../lib/resource-registration';
import { RESOURCE_REGISTRY } from '../resources/registry';
import { navLinksFor } from './nav-links';

type Hit = {
  key: string;
  label: string;
  /** What tells two records of the same name apart: their email (or other identifying text) and id. */
  detail?: string;
  kind: string;
  to: string;
  params?: Record<string, string>;
};

/**
 * The registrations whose records can be found: the role lists and reads them, and either the
 * resource declares its identifying fields (searched together, decision 039) or the role may
 * filter its title with `like`.
 */
function searchable(role: ReturnType<typeof useRoleKey>): ResourceRegistration[] {
  return RESOURCE_REGISTRY.filter((reg) => {
    const def = defForRole(reg.def, role);
    const title = def.fields.find((f) => f.name === def.titleField);
    return (
      capabilitiesFor(reg, role).list &&
      capabilitiesFor(reg, role).read &&
      (Boolean(def.search?.length) || (title?.filter && operatorsFor(title.type).includes('like')))
    );
  });
}

/** The identifying text fields shown beside a record's title (an email), besides its id. */
const detailFields = (def: ResourceDef) =>
  (def.search ?? []).filter((s) => s.match === 'text' && s.field !== def.titleField).map((s) => s.field);

async function findRecords(regs: ResourceRegistration[], q: string, signal: AbortSignal): Promise<Hit[]> {
  const found = await Promise.all(
    regs.map(async (reg) => {
      const def = reg.def;
      const field = def.search?.length ? SEARCH_FILTER : def.titleField;
      const details = detailFields(def);
      const query = new URLSearchParams({
        page_size: '5',
        filters: JSON.stringify([{ field, operator: 'like', value: q.slice(0, SEARCH_MAX) }]),
        ...(def.search?.length && { columns: [def.titleField, ...details].join(',') }),
      });
      const res = await api.get<ListResult<ApiRecord>>(`${staffCall(def, 'list').url}?${query}`, {
        signal,
        silent: true,
      });
      return res.data.map((r) => ({
        key: `${reg.slug}:${r.id}`,
        label: String(r[def.titleField] ?? `#${r.id}`),
        // People share names: their email and id tell them apart (decision 039).
        detail: def.search?.length
          ? [...details.map((name) => r[name]).filter((v) => v !== null && v !== undefined && v !== ''), `#${r.id}`]
              .map(String)
              .join(' · ')
          : undefined,
        kind: def.label,
        to: '/$resource/$id',
        params: { resource: reg.slug, id: String(r.id) },
      }));
    }),
  );
  return found.flat();
}

/** Ctrl/Cmd+K: jump to any screen the role may open, or to a record by its title, across resources. */
export function CommandPalette() {
  const role = useRoleKey();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const regs = searchable(role);
  const records = useQuery({
    queryKey: ['command-palette', role, debounced],
    enabled: debounced.length >= 2,
    queryFn: ({ signal }) => findRecords(regs, debounced, signal),
  });
  const q = query.trim().toLowerCase();
  const screens: Hit[] = navLinksFor(role)
    .filter((l) => !q || l.label.toLowerCase().includes(q))
    .map((l) => ({ key: `screen:${l.key}`, label: l.label, kind: 'Screen', to: l.to }));
  const hits = [...screens, ...(debounced.length >= 2 ? (records.data ?? []) : [])];

  const go = (hit: Hit) => {
    spotlight.close();
    void navigate({ to: hit.to as '/', params: hit.params as never });
  };

  return (
    // Ctrl/Cmd+K opens it from anywhere, a search box included (it types nothing there).
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      tagsToIgnore={[]}
      scrollable
      maxHeight={420}
    >
      <Spotlight.Search
        placeholder="Jump to a screen or find a record by name, email, phone or id…"
        leftSection={<IconSearch size={18} />}
        aria-label="Search screens and records"
      />
      <Spotlight.ActionsList>
        {hits.map((hit) => (
          <Spotlight.Action key={hit.key} onClick={() => go(hit)}>
            <Group justify="space-between" wrap="nowrap" w="100%">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" truncate>
                  {hit.label}
                </Text>
                {hit.detail && (
                  <Text size="xs" c="dimmed" truncate>
                    {hit.detail}
                  </Text>
                )}
              </div>
              <Badge variant="light" color={hit.kind === 'Screen' ? 'gray' : 'blue'}>
                {hit.kind}
              </Badge>
            </Group>
          </Spotlight.Action>
        ))}
        {hits.length === 0 && (
          <Spotlight.Empty>
            {records.isFetching ? 'Searching…' : 'Nothing matches. Try a name, email, phone or id.'}
          </Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
