import { type Filter, lowerLabel, operatorsFor, PAGE_SIZE_DEFAULT } from '@cohort/domain';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconPlus, IconSearch } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { ColumnChooser } from '../../components/data-table/column-chooser';
import { DataTable, type DataTableColumn, type SortState } from '../../components/data-table/data-table';
import { PaginationBar } from '../../components/data-table/pagination-bar';
import { FieldValue } from '../../components/field-value';
import { FilterBuilder } from '../../components/filter-builder/filter-builder';
import { LoadError, NoAccess } from '../../components/page-states';
import type { ApiRecord } from '../../components/resource-form/form-values';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import type { DownloadProgress } from '../../lib/api-client';
import { useRoleKey } from '../../lib/auth';
import { formatBytes } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useUrlSearchText } from '../../lib/use-url-search-text';
import { useExportResourceCsv } from './api/export-resource-csv';
import { useResourceList } from './api/get-resource-list';
import { capabilitiesFor, defForRole, filterableFields } from './capabilities';
import { ImportButton } from './components/import-dialog';
import { ReorderButton } from './components/reorder-dialog';
import { PAGE_SIZES } from './list-search';
import { type ResourceRegistration, registrationBySlug } from './registry';
import { useColumnPrefs } from './use-column-prefs';

const route = getRouteApi('/$resource');

export function ResourceListPage() {
  const { resource } = route.useParams();
  const reg = registrationBySlug(resource);
  if (!reg) return <NoAccess title="Page not found" />;
  return <ResourceList key={reg.slug} reg={reg} />;
}

function parseSort(sort: string | undefined, fallback: SortState): SortState {
  if (!sort) return fallback;
  return sort.startsWith('-') ? { field: sort.slice(1), dir: 'desc' } : { field: sort, dir: 'asc' };
}

function ResourceList({ reg }: { reg: ResourceRegistration }) {
  const { slug } = reg;
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const role = useRoleKey();
  const def = useMemo(() => defForRole(reg.def, role), [reg.def, role]);
  const caps = capabilitiesFor(reg, role);
  const filterFields = useMemo(() => filterableFields(def.fields, role), [def, role]);
  const { visible, setVisible, reset } = useColumnPrefs(def);

  const page = search.page ?? 1;
  const pageSize = search.size ?? PAGE_SIZE_DEFAULT;
  const sort = parseSort(search.sort, def.defaultSort);
  // Quick search: `like` on the title field, when the role may filter on it.
  const titleField = filterFields.find((f) => f.name === def.titleField && operatorsFor(f.type).includes('like'));
  const builderFilters = search.filters ?? [];
  const filters: Filter[] = [
    ...builderFilters,
    ...(search.q && titleField ? [{ field: titleField.name, operator: 'like' as const, value: search.q }] : []),
  ];

  const list = useResourceList(def, { page, pageSize, sort: search.sort, filters }, caps.list);
  const exportCsv = useExportResourceCsv(def);
  const [exported, setExported] = useState<DownloadProgress | null>(null);
  const [q, setQ] = useUrlSearchText(search.q, (value) => {
    void navigate({ search: (s) => ({ ...s, q: value, page: undefined }), replace: true });
  });

  if (!caps.list) return <NoAccess title={def.pluralLabel} />;

  const openRecord = (row: ApiRecord) => {
    if (caps.read) void navigate({ to: '/$resource/$id', params: { resource: slug, id: String(row.id) } });
  };

  const columns: DataTableColumn<ApiRecord>[] = def.fields
    .filter((f) => visible.includes(f.name))
    .map((f, i) => ({
      key: f.name,
      label: f.label,
      sortable: Boolean(f.sort),
      render: (row: ApiRecord) =>
        i === 0 && caps.read ? (
          <AnchorLink
            to="/$resource/$id"
            params={{ resource: slug, id: String(row.id) }}
            onClick={(e: React.MouseEvent) => e.stopPropagation()}
          >
            {row[f.name] === null || row[f.name] === undefined || row[f.name] === '' ? (
              `#${row.id}`
            ) : (
              <FieldValue field={f} value={row[f.name]} record={row} />
            )}
          </AnchorLink>
        ) : (
          <FieldValue field={f} value={row[f.name]} record={row} />
        ),
    }));

  const handleSort = (field: string) => {
    const next = sort?.field === field && sort.dir === 'asc' ? `-${field}` : field;
    void navigate({ search: (s) => ({ ...s, sort: next, page: undefined }) });
  };

  const handleExport = () => {
    setExported({ loaded: 0 });
    exportCsv.mutate(
      { filters, sort: search.sort, onProgress: setExported },
      {
        onSuccess: (name) => notifySuccess(`Exported ${name}`),
        onSettled: () => setExported(null),
      },
    );
  };

  const total = list.data?.totalItems ?? 0;
  const rows = list.data?.data ?? [];
  const filtered = filters.length > 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{def.pluralLabel}</Title>
        <Group gap="xs">
          <ColumnChooser
            options={def.fields.map((f) => ({ value: f.name, label: f.label }))}
            visible={visible}
            onChange={setVisible}
            onReset={reset}
          />
          {caps.reorder && <ReorderButton def={def} />}
          {caps.import && <ImportButton def={def} />}
          {caps.export && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={handleExport}
              loading={exportCsv.isPending}
              loaderProps={{ type: 'dots' }}
            >
              Export CSV
            </Button>
          )}
          {caps.create && (
            <ButtonLink to="/$resource/new" params={{ resource: slug }} leftSection={<IconPlus size={16} />}>
              New
            </ButtonLink>
          )}
        </Group>
      </Group>
      {exported && (
        <Text size="sm" c="dimmed" role="status">
          Exporting CSV… {formatBytes(exported.loaded)}
          {exported.total ? ` of ${formatBytes(exported.total)}` : ''} received
        </Text>
      )}
      {titleField && (
        <TextInput
          label="Search"
          placeholder={`Search by ${lowerLabel(titleField.label)}`}
          leftSection={<IconSearch size={16} />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          maw={420}
        />
      )}
      <FilterBuilder
        fields={filterFields}
        value={builderFilters}
        onChange={(next) =>
          void navigate({ search: (s) => ({ ...s, filters: next.length ? next : undefined, page: undefined }) })
        }
      />
      {list.isError && <LoadError title={`${def.pluralLabel} could not be loaded`} onRetry={list.refetch} />}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        sort={sort}
        onSort={handleSort}
        onRowClick={caps.read ? openRecord : undefined}
        emptyText={
          filtered ? `No ${lowerLabel(def.pluralLabel)} match these filters.` : `No ${lowerLabel(def.pluralLabel)} yet.`
        }
        skeletonRows={Math.min(pageSize, 14)}
      />
      <PaginationBar
        page={page}
        pageSize={pageSize}
        total={total}
        pageSizes={PAGE_SIZES}
        onPageChange={(p) => void navigate({ search: (s) => ({ ...s, page: p > 1 ? p : undefined }) })}
        onPageSizeChange={(size) =>
          void navigate({
            search: (s) => ({ ...s, size: size === PAGE_SIZE_DEFAULT ? undefined : size, page: undefined }),
          })
        }
      />
    </Stack>
  );
}
