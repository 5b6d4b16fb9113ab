import { type Filter, ISA_STATUSES } from '@cohort/domain';
import {
  Badge,
  Center,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { Suspense } from 'react';
import { LoadError } from '../../components/page-states';
import { AnchorLink } from '../../components/router-links';
import { useCan } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { lazyImport } from '../../lib/lazy-import';
import { useDashboardStats } from './api/get-dashboard-stats';
import { StatCard, type StatCardLink } from './components/stat-card';
import { DASHBOARD_TABS, type DashboardTab } from './dashboard-search';

const ProgressChart = lazyImport('progress-chart', () => import('./components/progress-chart'), 'ProgressChart');
const StatusChart = lazyImport('status-chart', () => import('./components/status-chart'), 'StatusChart');

const chartFallback = (height: number) => (
  <Center h={height}>
    <Loader />
  </Center>
);

/** Learners by state as a bar per state, with the figures as a table for screen readers. */
function StatusPanel({
  title,
  caption,
  rows,
}: {
  title: string;
  caption: string;
  rows: { status: string; learners: number; color: string }[];
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Suspense fallback={chartFallback(320)}>
        <StatusChart rows={rows} />
      </Suspense>
      <VisuallyHidden>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th>State</th>
              <th>Learners</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.status}>
                <td>{r.status}</td>
                <td>{r.learners}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}

const route = getRouteApi('/');

function isaColor(label: string): string {
  return ISA_STATUSES.find((s) => s.label === label)?.color ?? 'gray';
}

function CardsSkeleton({ count }: { count: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: count > 3 ? 5 : 3 }}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={i} h={84} radius="md" />
      ))}
    </SimpleGrid>
  );
}

export function DashboardPage() {
  const { tab = 'home' } = route.useSearch();
  const navigate = route.useNavigate();
  const allowed = useCan();
  const stats = useDashboardStats(allowed('dashboard', 'read'));
  const canOpenBlogs = allowed('blog', 'read');

  // Each count opens the list it counts, when the role may list it.
  const learnersLink = (...filters: Filter[]): StatCardLink | undefined =>
    allowed('user', 'list') ? { resource: 'learners', filters: filters.length ? filters : undefined } : undefined;
  const blogsLink = (...filters: Filter[]): StatCardLink | undefined =>
    allowed('blog', 'list') ? { resource: 'blogs', filters: filters.length ? filters : undefined } : undefined;

  const body = (value: DashboardTab) => {
    if (stats.isError) return <LoadError title="The dashboard could not be loaded" onRetry={stats.refetch} />;
    const data = stats.data;
    if (!data) return <CardsSkeleton count={value === 'home' ? 5 : 3} />;
    switch (value) {
      case 'home':
        return (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
            <StatCard label="Learners" value={data.home.learners} link={learnersLink()} />
            <StatCard
              label="Active learners"
              value={data.home.activeLearners}
              link={learnersLink({ field: 'userStatus', operator: '=', value: 'Active' })}
            />
            <StatCard
              label="Staff"
              value={data.home.staff}
              link={allowed('role', 'list') ? { roles: true } : undefined}
            />
            <StatCard label="Blogs" value={data.home.blogs} link={blogsLink()} />
            <StatCard
              label="Upcoming events"
              value={data.home.upcomingEvents}
              link={
                allowed('event', 'list')
                  ? {
                      resource: 'events',
                      filters: [
                        { field: 'startsAt', operator: '>=', value: new Date().toISOString() },
                        { field: 'status', operator: '!=', value: 'Archive' },
                      ],
                    }
                  : undefined
              }
            />
          </SimpleGrid>
        );
      case 'studies':
        return (
          <Stack>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <StatCard label="Average points" value={Math.round(data.studies.averagePoints * 10) / 10} />
              <StatCard
                label="Ready for placement"
                value={data.studies.readyForPlacement}
                link={learnersLink({ field: 'readyForPlacements', operator: '=', value: true })}
              />
            </SimpleGrid>
            <Paper withBorder radius="md">
              <Table striped>
                <Table.Caption>Learners by ISA status</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>ISA status</Table.Th>
                    <Table.Th ta="right">Learners</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.studies.byIsaStatus.map((row) => (
                    <Table.Tr key={row.label}>
                      <Table.Td>
                        <Badge color={isaColor(row.label)} variant="light">
                          {row.label}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">{row.value.toLocaleString()}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          </Stack>
        );
      case 'stories':
        return (
          <Stack>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <StatCard
                label="Live blogs"
                value={data.stories.liveBlogs}
                link={blogsLink({ field: 'status', operator: '=', value: 'Live' })}
              />
              <StatCard
                label="Archived blogs"
                value={data.stories.archivedBlogs}
                link={blogsLink({ field: 'status', operator: '=', value: 'Archived' })}
              />
            </SimpleGrid>
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h4" mb="sm">
                Recent blogs
              </Title>
              {data.stories.recentBlogs.length === 0 ? (
                <Text c="dimmed">No blogs yet.</Text>
              ) : (
                <Stack gap="xs">
                  {data.stories.recentBlogs.map((b) => (
                    <div key={b.id}>
                      {canOpenBlogs ? (
                        <AnchorLink to="/$resource/$id" params={{ resource: 'blogs', id: String(b.id) }}>
                          {b.title}
                        </AnchorLink>
                      ) : (
                        <Text>{b.title}</Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {formatDate(b.createdAt)}
                      </Text>
                    </div>
                  ))}
                </Stack>
              )}
            </Paper>
          </Stack>
        );
      case 'progress':
        return (
          <Stack>
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h4" mb="sm">
                Weekly registrations and placements
              </Title>
              <Suspense fallback={chartFallback(320)}>
                <ProgressChart weeks={data.progress.weeks} />
              </Suspense>
            </Paper>
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              <StatusPanel title="ISA funnel" caption="Learners by ISA status" rows={data.progress.isaFunnel} />
              <StatusPanel
                title="Placement payments"
                caption="Learners by placement payment flow state"
                rows={data.progress.placementPayments}
              />
            </SimpleGrid>
          </Stack>
        );
    }
  };

  return (
    <Stack>
      <Title order={1}>Dashboard</Title>
      <Tabs
        value={tab}
        onChange={(v) => navigate({ search: v && v !== 'home' ? { tab: v as DashboardTab } : {}, replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          {DASHBOARD_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {DASHBOARD_TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            {body(t.value)}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
