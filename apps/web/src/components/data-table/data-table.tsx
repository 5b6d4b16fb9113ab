import { Center, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type SortState = { field: string; dir: 'asc' | 'desc' } | null;

export type DataTableColumn<T> = {
  key: string;
  label: string;
  sortable?: boolean;
  render: (row: T) => ReactNode;
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
};

function SortIcon({ active, dir }: { active: boolean; dir?: 'asc' | 'desc' }) {
  if (!active) return <IconArrowsSort size={14} opacity={0.4} />;
  return dir === 'asc' ? <IconSortAscending size={14} /> : <IconSortDescending size={14} />;
}

/** A plain table (real <tr> rows) with sortable headers, loading skeletons and an empty state. */
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
}: Props<T>) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover={Boolean(onRowClick)} verticalSpacing="xs">
        {caption && (
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }} hidden>
            {caption}
          </Table.Caption>
        )}
        <Table.Thead>
          <Table.Tr>
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
                >
                  {columns.map((c) => (
                    <Table.Td key={c.key}>{c.render(row)}</Table.Td>
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
