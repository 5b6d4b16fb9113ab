import { Group, NativeSelect, Pagination, Text } from '@mantine/core';

type Props = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Sizes a person may choose; without them the size is fixed and no choice is shown. */
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  /** Test id of the "Showing a–b of n" line. */
  testId?: string;
};

const CONTROL_NAMES = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

/** The one pagination bar of every list: "Showing a–b of n", the page size (when it may change) and the pages. */
export function PaginationBar({
  page,
  pageSize,
  total,
  onPageChange,
  pageSizes,
  onPageSizeChange,
  testId = 'list-total',
}: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm">
        <Text size="sm" c="dimmed" data-testid={testId}>
          Showing {from}–{to} of {total.toLocaleString()}
        </Text>
        {pageSizes && onPageSizeChange && (
          <NativeSelect
            aria-label="Rows per page"
            size="xs"
            value={String(pageSize)}
            data={pageSizes.map((s) => ({ value: String(s), label: `${s} per page` }))}
            onChange={(e) => onPageSizeChange(Number(e.currentTarget.value))}
          />
        )}
      </Group>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPageChange}
          size="sm"
          withEdges
          getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
          getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
        />
      )}
    </Group>
  );
}
