import { Center, Checkbox, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import './data-table.css';

export type SortState = { field: string; dir: 'asc' | 'desc' } | null;

export type DataTableColumn<T> = {
  key: string;
  label: string;
  sortable?: boolean;
  render: (row: T) => ReactNode;
  /** The cell's full text, shown on hover when the one-line cell cuts it. */
  title?: (row: T) => string | undefined;
};

type Props<T> = {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  loading?: boolean;
  sort: SortState;
  onSort?: (field: string) => void;
  onRowClick?: (row: T) => void;
  emptyText: ReactNode;
  skeletonRows?: number;
  caption?: string;
  /** Row checkboxes (a list with bulk actions): the first column, kept in view with the key column. */
  selection?: RowSelection<T>;
  /**
   * Height the table may take before it scrolls inside itself (header sticky), so the pager
   * below stays on screen. Without it the page scrolls.
   */
  maxHeight?: string;
};

export type RowSelection<T> = {
  isSelected: (row: T) => boolean;
  onToggle: (row: T, on: boolean) => void;
  /** How much of the page shown is chosen. */
  page: 'all' | 'some' | 'none';
  onTogglePage: (on: boolean) => void;
  /** The row's name for its checkbox ("Select Learner 1"). */
  label: (row: T) => string;
};

function SortIcon({ active, dir }: { active: boolean; dir?: 'asc' | 'desc' }) {
  if (!active) return <IconArrowsSort size={14} opacity={0.4} />;
  return dir === 'asc' ? <IconSortAscending size={14} /> : <IconSortDescending size={14} />;
}

/**
 * A compact table (real <tr> rows): one line per row, a cut cell shows its full text on hover,
 * the header stays while the rows scroll, wide tables scroll sideways inside themselves with
 * the first (key) column kept in view. Sortable headers, loading skeletons, an empty state.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  sort,
  onSort,
  onRowClick,
  emptyText,
  skeletonRows = 8,
  caption,
  maxHeight,
  selection,
}: Props<T>) {
  return (
    <Table.ScrollContainer minWidth={640} maxHeight={maxHeight} type="native">
      <Table
        className="data-table"
        striped
        highlightOnHover={Boolean(onRowClick)}
        verticalSpacing={6}
        fz="sm"
        stickyHeader
        data-testid="data-table"
        data-selectable={selection ? '' : undefined}
      >
        {caption && (
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} hidden>
            {caption}
          </Table.Caption>
        )}
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th className="data-table-select">
                <Checkbox
                  aria-label="Select every row on this page"
                  checked={selection.page === 'all'}
                  indeterminate={selection.page === 'some'}
                  disabled={rows.length === 0}
                  onChange={(e) => selection.onTogglePage(e.currentTarget.checked)}
                />
              </Table.Th>
            )}
            {columns.map((c) => {
              const active = sort?.field === c.key;
              return (
                <Table.Th
                  key={c.key}
                  aria-sort={active ? (sort?.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {c.sortable && onSort ? (
                    <UnstyledButton
                      onClick={() => onSort(c.key)}
                      fw={600}
                      fz="sm"
                      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                    >
                      {c.label}
                      <SortIcon active={active} dir={sort?.dir} />
                    </UnstyledButton>
                  ) : (
                    c.label
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && rows.length === 0
            ? Array.from({ length: skeletonRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <Table.Tr key={i} data-skeleton>
                  {selection && <Table.Td className="data-table-select" />}
                  {columns.map((c) => (
                    <Table.Td key={c.key}>
                      <Skeleton h={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : rows.map((row) => (
                <Table.Tr
                  key={rowKey(row)}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  style={onRowClick ? { cursor: 'pointer' } : undefined}
                  data-selected={selection?.isSelected(row) ? '' : undefined}
                >
                  {selection && (
                    // Choosing a row is not opening it.
                    <Table.Td className="data-table-select" onClick={(e) => e.stopPropagation()}>
                      <Checkbox
                        aria-label={selection.label(row)}
                        checked={selection.isSelected(row)}
                        onChange={(e) => selection.onToggle(row, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  )}
                  {columns.map((c) => (
                    <Table.Td key={c.key} title={c.title?.(row)}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
      {!loading && rows.length === 0 && (
        <Center py="xl">
          <Stack align="center" gap={4} data-testid="table-empty">
            {typeof emptyText === 'string' ? <Text fw={600}>{emptyText}</Text> : emptyText}
          </Stack>
        </Center>
      )}
    </Table.ScrollContainer>
  );
}
