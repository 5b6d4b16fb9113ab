import type { Filter } from '@cohort/domain';
import { Paper, Text } from '@mantine/core';
import { AnchorLink } from '../../../components/router-links';

/** The list a card counts: a resource screen (with its filters) or the roles screen. */
export type StatCardLink = { resource: string; filters?: Filter[] } | { roles: true };

export function StatCard({ label, value, link }: { label: string; value: number | string; link?: StatCardLink }) {
  const card = (
    <Paper withBorder p="md" radius="md" h="100%">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} size="xl" mt={4}>
        {typeof value === 'number' ? value.toLocaleString() : value}
      </Text>
    </Paper>
  );
  if (!link) return card;
  const common = { underline: 'never' as const, c: 'inherit', display: 'block', 'data-testid': 'stat-card-link' };
  return 'roles' in link ? (
    <AnchorLink to="/roles" {...common}>
      {card}
    </AnchorLink>
  ) : (
    <AnchorLink to="/$resource" params={{ resource: link.resource }} search={{ filters: link.filters }} {...common}>
      {card}
    </AnchorLink>
  );
}
