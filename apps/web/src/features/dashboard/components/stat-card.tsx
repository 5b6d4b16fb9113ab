import { Paper, Text } from '@mantine/core';

export function StatCard({ label, value }: { label: string; value: number | string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} size="xl" mt={4}>
        {typeof value === 'number' ? value.toLocaleString() : value}
      </Text>
    </Paper>
  );
}
