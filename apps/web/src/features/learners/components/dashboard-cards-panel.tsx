import { type ResourceDef, thumbnailUrl } from '@cohort/domain';
import { Alert, Anchor, Badge, Card, Group, Image, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { useCan } from '../../../lib/auth';
import { useDashboardCards } from '../api/dashboard-cards';

/**
 * On a learner's page: the cards their dashboard shows, in the order it shows them, with
 * the user types that bring them (so staff see why a learner gets a card, or none).
 */
export function DashboardCardsPanel({ id }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const cards = useDashboardCards(id, allowed('user', 'read'));
  if (!allowed('user', 'read')) return null;
  const data = cards.data;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Dashboard cards
        </Title>
        {cards.isPending && <Loader size="sm" />}
        {cards.isError && <Alert color="red">The dashboard cards could not be loaded.</Alert>}
        {data && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              User types:
            </Text>
            {data.userTypes.length === 0 ? (
              <Text size="sm">none (no user type's conditions all hold for this learner)</Text>
            ) : (
              data.userTypes.map((t) => (
                <Badge key={t.id} variant="light" title={`Priority ${t.priority}`}>
                  {t.name}
                </Badge>
              ))
            )}
          </Group>
        )}
        {data && data.userTypes.length > 0 && data.data.length === 0 && (
          <Text c="dimmed">Their user types show no active cards.</Text>
        )}
        {data && data.data.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {data.data.map((c) => (
              <Card key={c.id} withBorder radius="md" padding="sm" data-testid="dashboard-card">
                {c.imageUrl && (
                  <Card.Section>
                    <Image src={thumbnailUrl(c.imageUrl)} alt="" h={100} fit="cover" />
                  </Card.Section>
                )}
                <Stack gap={4} mt={c.imageUrl ? 'xs' : 0}>
                  <Text fw={600}>{c.title}</Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {c.body}
                  </Text>
                  {c.ctaLabel && c.ctaUrl && (
                    <Anchor href={c.ctaUrl} target="_blank" rel="noopener noreferrer" size="sm">
                      {c.ctaLabel}
                    </Anchor>
                  )}
                  <Text size="xs" c="dimmed">
                    From {c.userTypeName}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
