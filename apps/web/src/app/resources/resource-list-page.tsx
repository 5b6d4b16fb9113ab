import {
  can,
  type EmptyListText,
  type Filter,
  listFields,
  lowerLabel,
  operatorsFor,
  PAGE_SIZE_DEFAULT,
  parseFilters,
  parseSort as parseSortParam,
  type ResourceDef,
  type RoleKey,
  recordTitle,
  referenceLabelKey,
  type SavedViewJson,
  SEARCH_FILTER,
  SEARCH_MAX,
  searchLabel,
} from '@cohort/domain';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { ColumnChooser } from '../../components/data-table/column-chooser';
import {
  DataTable,
  type DataTableColumn,
  type RowSelection,
  type SortState,
} from '../../components/data-table/data-table';
import { PaginationBar } from '../../components/data-table/pagination-bar';
import { FieldValue, fieldText } from '../../components/field-value';
import { FilterBuilder } from '../../components/filter-builder/filter-builder';
import { LoadError, NoAccess, NotFoundPage } from '../../components/page-states';
import type { ApiRecord } from '../../components/resource-form/form-values';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { capabilitiesFor, defForRole, filterableFields } from '../../features/resources/capabilities';
import { ExportCsvButton } from '../../features/resources/components/export-csv-button';
import { ImportButton } from '../../features/resources/components/import-dialog';
import { ReorderButton } from '../../features/resources/components/reorder-dialog';
import { SavedViews } from '../../features/resources/components/saved-views';
import { SelectionBar } from '../../features/resources/components/selection-bar';
import { type ListSearch, PAGE_SIZES } from '../../features/resources/list-search';
import { useColumnPrefs } from '../../features/resources/use-column-prefs';
import { useRoleKey } from '../../lib/auth';
import { type ListSize, saveListPreferences, useListPreferences } from '../../lib/preferences';
import { useResourceList } from '../../lib/resource-api/get-resource-list';
import type { ListSelection, ResourceRegistration } from '../../lib/resource-registration';
import { useUrlSearchText } from '../../lib/use-url-search-text';
import { registrationBySlug } from './registry';

const route = getRouteApi('/$resource');

export function ResourceListPage() {
  const { resource } = route.useParams();
  const reg = registrationBySlug(resource);
  if (!reg) return <NotFoundPage />;
  // A registration may bring its own list screen (a board, a calendar).
  if (reg.list) return <reg.list key={reg.slug} reg={reg} />;
  return <ResourceList key={reg.slug} reg={reg} />;
}

function parseSort(sort: string | undefined, fallback: SortState): SortState {
  if (!sort) return fallback;
  return sort.startsWith('-') ? { field: sort.slice(1), dir: 'desc' } : { field: sort, dir: 'asc' };
}

/**
 * The url's filters and sort checked as the server will check them (the domain's own
 * parsers, for this role): what it would refuse is dropped, with a notice, so a bad link
 * shows the list unfiltered instead of an error.
 */
export function usableListSearch(
  def: ResourceDef,
  role: RoleKey | null,
  search: ListSearch,
): { filters: Filter[]; sort: string | undefined; size: number; notices: string[] } {
  const notices: string[] = [];
  let filters = search.filters ?? [];
  if (typeof filters === 'string') {
    filters = [];
    notices.push('The filters in this link could not be read, so the list is shown unfiltered.');
  } else if (filters.length && (!role || !parseFilters(def, filters, role).ok)) {
    filters = [];
    notices.push(
      `This link filters ${lowerLabel(def.pluralLabel)} in a way this list does not offer, so the list is shown unfiltered.`,
    );
  }
  let sort = search.sort;
  if (sort && !parseSortParam(def, sort).ok) {
    sort = undefined;
    notices.push(`This link sorts by a column that cannot be sorted, so the list is in its usual order.`);
  }
  let size = search.size ?? PAGE_SIZE_DEFAULT;
  if (!(PAGE_SIZES as readonly number[]).includes(size)) {
    notices.push(
      `Lists show ${PAGE_SIZES.join(', ')} rows a page, so this one shows ${PAGE_SIZE_DEFAULT} instead of ${size.toLocaleString('en-US')}.`,
    );
    size = PAGE_SIZE_DEFAULT;
  }
  return { filters, sort, size, notices };
}

function ResourceList({ reg }: { reg: ResourceRegistration }) {
  const { slug } = reg;
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const role = useRoleKey();
  const def = useMemo(() => defForRole(reg.def, role), [reg.def, role]);
  const caps = capabilitiesFor(reg, role);
  const filterFields = useMemo(() => filterableFields(def.fields, role), [def, role]);
  const prefs = useColumnPrefs(def, slug);
  // A saved view's columns come with it in the url (decision 020); otherwise the person's own choice.
  const urlColumns = useMemo(
    () => search.columns?.filter((name) => listFields(def.fields).some((f) => f.name === name)),
    [search.columns, def],
  );
  const viewColumns = urlColumns?.length ? urlColumns : undefined;
  const visible = viewColumns ?? prefs.visible;
  const setVisible = (names: string[]) =>
    viewColumns ? void navigate({ search: (s) => ({ ...s, columns: names }) }) : prefs.setVisible(names);
  const reset = () => (viewColumns ? void navigate({ search: (s) => ({ ...s, columns: undefined }) }) : prefs.reset());
  const savedSize = useListPreferences(slug).size;

  // Without a size in the url, the person's saved page size for this list.
  const usable = useMemo(
    () => usableListSearch(def, role, search.size === undefined && savedSize ? { ...search, size: savedSize } : search),
    [def, role, search, savedSize],
  );
  const [notices, setNotices] = useState<string[]>([]);
  const noticesKey = JSON.stringify(usable.notices);
  // A bad link is said once and the url cleaned, so paging and sharing carry only what works.
  useEffect(() => {
    const found = JSON.parse(noticesKey) as string[];
    if (!found.length) return;
    setNotices(found);
    void navigate({
      search: (s) => ({
        ...s,
        filters: usable.filters.length ? usable.filters : undefined,
        sort: usable.sort,
        size: s.size === undefined || usable.size === PAGE_SIZE_DEFAULT ? undefined : usable.size,
      }),
      replace: true,
    });
  }, [noticesKey, navigate, usable.filters, usable.sort, usable.size]);

  const page = search.page ?? 1;
  const pageSize = usable.size;
  const sort = parseSort(usable.sort, def.defaultSort);
  // Quick search: every field that identifies a record where the resource declares them (decision 039),
  // else `like` on the title field when the role may filter on it.
  const titleField = filterFields.find((f) => f.name === def.titleField && operatorsFor(f.type).includes('like'));
  const searchBy = searchLabel(def) ?? (titleField && lowerLabel(titleField.label));
  const searchField = def.search?.length ? SEARCH_FILTER : titleField?.name;
  const builderFilters = usable.filters;
  const term = search.q?.trim();
  const filters: Filter[] = [
    ...builderFilters,
    ...(term && searchField ? [{ field: searchField, operator: 'like' as const, value: term }] : []),
  ];

  // The list answers only the columns shown (and what the row buttons read): a long text or a
  // count nobody looks at is never read (decision 021). An amount comes with its currency (decision 018).
  const columnsAsked = useMemo(() => {
    const currencies = visible.flatMap((name) => def.fields.find((f) => f.name === name)?.currencyField ?? []);
    return [...new Set([...visible, ...currencies, ...(reg.rowActions ?? []).flatMap((a) => a.fields ?? [])])];
  }, [visible, reg.rowActions, def]);
  const list = useResourceList(def, { page, pageSize, sort: usable.sort, filters, columns: columnsAsked }, caps.list);
  const total = list.data?.totalItems ?? 0;
  // Rows chosen for a list action (decision 020): by id across pages, or every row that matches.
  // Other filters are other rows, so what was chosen is let go when they change.
  const selectable = (reg.listActions ?? []).some(
    (a) => !a.permission || (role !== null && can(role, def.permission, a.permission)),
  );
  const [selection, setSelection] = useState<ListSelection | null>(null);
  const selectionKey = JSON.stringify(filters);
  const [selectionFor, setSelectionFor] = useState(selectionKey);
  if (selectionFor !== selectionKey) {
    setSelectionFor(selectionKey);
    setSelection(null);
  }
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const outOfRange = list.isSuccess && !list.isPlaceholderData && page > lastPage;
  // A page past the end (an old link, rows deleted since) goes to the last page there is.
  useEffect(() => {
    if (!outOfRange) return;
    setNotices([`There is no page ${page}; this is the last page.`]);
    void navigate({ search: (s) => ({ ...s, page: lastPage > 1 ? lastPage : undefined }), replace: true });
  }, [outOfRange, page, lastPage, navigate]);
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
      title: (row: ApiRecord) =>
        f.type === 'image' || f.type === 'json'
          ? undefined
          : f.type === 'reference'
            ? String(row[referenceLabelKey(f)] ?? row[f.name] ?? '')
            : fieldText(f, row[f.name]),
      // The key column and the title (a blog's title, a learner's name) open the record.
      render: (row: ApiRecord) =>
        (i === 0 || f.name === def.titleField) && caps.read ? (
          <AnchorLink
            to="/$resource/$id"
            params={{ resource: slug, id: String(row.id) }}
            onClick={(e: React.MouseEvent) => e.stopPropagation()}
          >
            {row[f.name] === null || row[f.name] === undefined || row[f.name] === '' ? (
              `#${row.id}`
            ) : (
              <FieldValue field={f} value={row[f.name]} record={row} link={false} />
            )}
          </AnchorLink>
        ) : (
          <FieldValue field={f} value={row[f.name]} record={row} />
        ),
    }));

  if (reg.rowActions?.length) {
    const actions = reg.rowActions;
    columns.push({
      key: '_actions',
      label: 'Actions',
      render: (row: ApiRecord) => (
        // A row's own buttons, not a click on the row.
        <Group gap={4} wrap="nowrap" onClick={(e: React.MouseEvent) => e.stopPropagation()}>
          {actions.map((Action, i) => (
            <Action key={Action.displayName ?? Action.name ?? i} def={def} record={row} />
          ))}
        </Group>
      ),
    });
  }

  const handleSort = (field: string) => {
    const next = sort?.field === field && sort.dir === 'asc' ? `-${field}` : field;
    void navigate({ search: (s) => ({ ...s, sort: next, page: undefined }) });
  };

  /** Puts a saved view's state in the url (a new history entry: back returns to the list as it was). */
  const openView = (view: SavedViewJson | null) =>
    void navigate({
      search: (s) =>
        view
          ? {
              view: view.id,
              filters: view.filters.length ? (view.filters as Filter[]) : undefined,
              sort: view.sort ?? undefined,
              q: view.q ?? undefined,
              size: view.size ?? undefined,
              columns: view.columns ?? undefined,
              page: undefined,
            }
          : { ...s, view: undefined, columns: undefined },
    });

  const rows = list.data?.data ?? [];
  const pageIds = rows.map((r) => r.id as number);
  const chosenIds = selection?.mode === 'ids' ? selection.ids : [];
  const chosenOnPage =
    selection?.mode === 'all' ? pageIds.length : pageIds.filter((id) => chosenIds.includes(id)).length;
  const choose = (ids: readonly number[]) => setSelection(ids.length ? { mode: 'ids', ids } : null);
  const rowSelection: RowSelection<ApiRecord> | undefined = selectable
    ? {
        isSelected: (row) => selection?.mode === 'all' || chosenIds.includes(row.id as number),
        onToggle: (row, on) => {
          const id = row.id as number;
          // Unchoosing one of "all that match" leaves the rest of this page chosen.
          if (selection?.mode === 'all') return choose(on ? pageIds : pageIds.filter((x) => x !== id));
          choose(on ? [...chosenIds, id] : chosenIds.filter((x) => x !== id));
        },
        page: chosenOnPage === 0 ? 'none' : chosenOnPage === pageIds.length ? 'all' : 'some',
        onTogglePage: (on) => {
          if (selection?.mode === 'all') return setSelection(on ? selection : null);
          choose(on ? [...new Set([...chosenIds, ...pageIds])] : chosenIds.filter((x) => !pageIds.includes(x)));
        },
        label: (row) => `Select ${recordTitle(def, row) ?? `#${row.id}`}`,
      }
    : undefined;
  const filtered = filters.length > 0;
  const failed = list.isError && !list.data;
  const clearFilters = () =>
    void navigate({ search: (s) => ({ ...s, filters: undefined, q: undefined, page: undefined }) });

  return (
    <Stack gap="md">
      {/* data-page-actions: toasts start below this row, however it wraps (app/toasts.tsx). */}
      <Group justify="space-between" align="center" wrap="wrap" data-page-actions>
        <Title order={1}>{def.pluralLabel}</Title>
        <Group gap="xs">
          <SavedViews
            def={def}
            current={{ filters: usable.filters, sort: usable.sort, q: search.q, size: search.size, columns: visible }}
            activeId={search.view}
            onOpen={openView}
          />
          <ColumnChooser
            options={listFields(def.fields).map((f) => ({ value: f.name, label: f.label }))}
            visible={visible}
            onChange={setVisible}
            onReset={reset}
          />
          {reg.listActions?.map((Action, i) => (
            <Action
              key={Action.displayName ?? Action.name ?? i}
              def={def}
              filters={filters}
              total={list.data?.totalItems ?? 0}
              selection={selection}
              onDone={() => setSelection(null)}
            />
          ))}
          {caps.reorder && <ReorderButton def={def} />}
          {caps.import && <ImportButton def={def} />}
          {caps.export && (
            <ExportCsvButton
              def={def}
              slug={slug}
              filters={filters}
              sort={usable.sort}
              columns={visible}
              total={total}
            />
          )}
          {caps.create && (
            <ButtonLink to="/$resource/new" params={{ resource: slug }} leftSection={<IconPlus size={16} />}>
              New
            </ButtonLink>
          )}
        </Group>
      </Group>
      {searchBy && (
        <TextInput
          label="Search"
          placeholder={`Search by ${searchBy}`}
          maxLength={SEARCH_MAX}
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
      {notices.length > 0 && (
        <Alert
          color="yellow"
          title="This link was adjusted"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotices([])}
          role="status"
          data-testid="list-notice"
        >
          {notices.map((n) => (
            <Text key={n} size="sm">
              {n}
            </Text>
          ))}
        </Alert>
      )}
      {selection && (
        <SelectionBar
          selection={selection}
          total={total}
          pageAll={pageIds.length > 0 && chosenOnPage === pageIds.length}
          what={lowerLabel(def.pluralLabel)}
          onSelectAll={() => setSelection({ mode: 'all' })}
          onClear={() => setSelection(null)}
        />
      )}
      {failed ? (
        <LoadError title={`${def.pluralLabel} could not be loaded`} onRetry={list.refetch} />
      ) : (
        <>
          <DataTable
            columns={columns}
            rows={outOfRange ? [] : rows}
            rowKey={(r) => r.id}
            selection={rowSelection}
            loading={list.isPending || outOfRange || (list.isFetching && list.isPlaceholderData)}
            sort={sort}
            onSort={handleSort}
            onRowClick={caps.read ? openRecord : undefined}
            emptyText={
              filtered ? (
                <Stack align="center" gap="xs">
                  <Text fw={600}>No {lowerLabel(def.pluralLabel)} match these filters.</Text>
                  <Button variant="default" size="xs" onClick={clearFilters}>
                    Clear filters
                  </Button>
                </Stack>
              ) : (
                <EmptyList
                  empty={def.screens.empty}
                  plural={def.pluralLabel}
                  newLabel={caps.create ? `New ${lowerLabel(def.label)}` : undefined}
                  slug={slug}
                />
              )
            }
            skeletonRows={Math.min(pageSize, 14)}
            maxHeight="max(20rem, calc(100dvh - 22rem))"
          />
          {list.isSuccess && !outOfRange && total > 0 && (
            <PaginationBar
              page={page}
              pageSize={pageSize}
              total={total}
              pageSizes={PAGE_SIZES}
              onPageChange={(p) => void navigate({ search: (s) => ({ ...s, page: p > 1 ? p : undefined }) })}
              onPageSizeChange={(size) => {
                saveListPreferences(slug, { size: size as ListSize });
                void navigate({ search: (s) => ({ ...s, size: undefined, page: undefined }) });
              }}
            />
          )}
        </>
      )}
    </Stack>
  );
}

/** An empty list: what it holds, where its records come from, and its first action when allowed. */
function EmptyList({
  empty,
  plural,
  newLabel,
  slug,
}: {
  empty: EmptyListText | undefined;
  plural: string;
  newLabel: string | undefined;
  slug: string;
}) {
  return (
    <Stack align="center" gap="xs">
      <Text fw={600}>{empty?.title ?? `No ${lowerLabel(plural)} yet.`}</Text>
      {empty && <Text c="dimmed">{empty.holds}</Text>}
      {newLabel && (
        <ButtonLink to="/$resource/new" params={{ resource: slug }} size="xs" leftSection={<IconPlus size={14} />}>
          {newLabel}
        </ButtonLink>
      )}
    </Stack>
  );
}
