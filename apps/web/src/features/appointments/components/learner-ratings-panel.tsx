import { RATING_KEYS, type ResourceDef } from '@cohort/domain';
import { Alert, Badge, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { AnchorLink } from '../../../components/router-links';
import { useCan } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { inlineErrorOf } from '../../../lib/inline-error';
import { useLearnerRatings } from '../api/get-learner-ratings';

const [OVERALL, ...PARTS] = RATING_KEYS;

/** A score's colour: under half is red, under three quarters orange, the rest green. */
function colourOf(score: number, max: number): string {
  const share = score / max;
  return share < 0.5 ? 'red' : share < 0.75 ? 'orange' : 'green';
}

/**
 * On a learner's page (decision 022): their rated interviews (mocks, demos...), newest first,
 * each with its mentor and interview type, the overall score out of 10 and every other key of
 * spec §3 as a bar out of 5. Mentors rate an appointment on its own screen (Appointments).
 */
export function LearnerRatingsPanel({ id }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const canList = allowed('appointment', 'list');
  const ratings = useLearnerRatings(id, canList);
  if (!canList) return null;
  const rows = ratings.data?.data ?? [];
  const average = rows.length ? rows.reduce((sum, r) => sum + Number(r[OVERALL.key]), 0) / rows.length : undefined;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Interview ratings {ratings.data ? `(${ratings.data.totalItems})` : ''}
          </Title>
          {average !== undefined && rows.length > 1 && (
            <Text size="sm" c="dimmed">
              Average overall {average.toFixed(1)}/{OVERALL.max}
            </Text>
          )}
        </Group>
        {ratings.isPending && <Text c="dimmed">Loading…</Text>}
        {ratings.isError && <Alert color="red">{inlineErrorOf(ratings.error) ?? 'Could not load the ratings'}</Alert>}
        {ratings.data && rows.length === 0 && <Text c="dimmed">No rated interviews yet.</Text>}
        {rows.map((a) => {
          const overall = Number(a[OVERALL.key]);
          return (
            <Stack
              key={String(a.id)}
              gap="xs"
              component="section"
              aria-label={`${String(a.interviewType)} on ${formatDate(String(a.scheduledAt))}`}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Badge variant="light">{String(a.interviewType)}</Badge>
                    <AnchorLink to="/$resource/$id" params={{ resource: 'appointments', id: String(a.id) }} size="sm">
                      {formatDate(String(a.scheduledAt))}
                    </AnchorLink>
                  </Group>
                  <Text size="xs" c="dimmed">
                    With {String(a.mentorLabel ?? 'a mentor')}
                    {a.ratedByName && a.ratedByName !== a.mentorLabel ? `, rated by ${String(a.ratedByName)}` : ''}
                  </Text>
                </Stack>
                <Text
                  fw={700}
                  size="xl"
                  c={colourOf(overall, OVERALL.max)}
                  aria-label={`${OVERALL.label} ${overall} out of ${OVERALL.max}`}
                >
                  {overall}/{OVERALL.max}
                </Text>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4}>
                {PARTS.map((k) => {
                  const score = Number(a[k.key]);
                  return (
                    <Stack key={k.key} gap={2}>
                      <Group justify="space-between">
                        <Text size="xs">{k.label}</Text>
                        <Text size="xs" fw={600}>
                          {score}/{k.max}
                        </Text>
                      </Group>
                      <Progress
                        value={(score / k.max) * 100}
                        color={colourOf(score, k.max)}
                        size="sm"
                        aria-label={`${k.label} ${score} out of ${k.max}`}
                      />
                    </Stack>
                  );
                })}
              </SimpleGrid>
              {a.feedback ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {String(a.feedback)}
                </Text>
              ) : null}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
