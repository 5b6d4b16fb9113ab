import { Group, NativeSelect, Pagination, Text } from '@mantine/core';

type Props = {
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
};

export function PaginationBar({ page, pageSize, total, pageSizes, onPageChange, onPageSizeChange }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm">
        <Text size="sm" c="dimmed" data-testid="list-total">
          Showing {from}–{to} of {total.toLocaleString()}
        </Text>
        <NativeSelect
          aria-label="Rows per page"
          size="xs"
          value={String(pageSize)}
          data={pageSizes.map((s) => ({ value: String(s), label: `${s} per page` }))}
          onChange={(e) => onPageSizeChange(Number(e.currentTarget.value))}
        />
      </Group>
      <Pagination total={pages} value={Math.min(page, pages)} onChange={onPageChange} size="sm" withEdges />
    </Group>
  );
}
