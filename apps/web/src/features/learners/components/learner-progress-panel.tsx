import { dayInWords, type ResourceDef } from '@cohort/domain';
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { LoadError } from '../../../components/page-states';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { formatDate } from '../../../lib/format';
import { lazyImport } from '../../../lib/lazy-import';
import { useLearnerProgress } from '../api/learner-progress';

const LearnerProgressChart = lazyImport(
  'learner-progress-chart',
  () => import('./learner-progress-chart'),
  'LearnerProgressChart',
);

/** The learner's work over the last 12 weeks (spec: progress-report), from their task submissions. */
export function LearnerProgressPanel({ id }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const report = useLearnerProgress(id);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            Progress
          </Title>
          {report.data && (
            <Text size="sm" c="dimmed" data-testid="progress-summary">
              {report.data.totalSubmitted.toLocaleString()} tasks submitted
              {report.data.lastTaskSubmitDate ? ` · last ${formatDate(report.data.lastTaskSubmitDate)}` : ''}
            </Text>
          )}
        </Group>
        {report.isPending && <Skeleton h={220} />}
        {report.isError && <LoadError title="The progress report could not be loaded" onRetry={report.refetch} />}
        {report.data &&
          (report.data.weeks.every((w) => w.submitted === 0) ? (
            <Text c="dimmed">No tasks submitted in the last {report.data.weeks.length} weeks.</Text>
          ) : (
            <Suspense fallback={<Skeleton h={220} />}>
              <LearnerProgressChart
                weeks={report.data.weeks.map((w) => ({
                  ...w,
                  week: dayInWords(new Date(`${w.week}T00:00:00Z`)),
                }))}
              />
            </Suspense>
          ))}
      </Stack>
    </Paper>
  );
}
