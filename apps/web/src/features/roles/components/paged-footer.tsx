import { Group, Pagination, Text } from '@mantine/core';

type Props = { page: number; pageSize: number; total: number; onPageChange: (page: number) => void; testId: string };

/** "Showing a–b of n" and the page buttons of a fixed-size list. */
export function PagedFooter({ page, pageSize, total, onPageChange, testId }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" data-testid={testId}>
        Showing {from}–{to} of {total.toLocaleString()}
      </Text>
      {pages > 1 && (
        <Pagination total={pages} value={Math.min(page, pages)} onChange={onPageChange} size="sm" withEdges />
      )}
    </Group>
  );
}
