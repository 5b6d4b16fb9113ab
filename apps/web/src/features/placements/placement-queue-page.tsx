import { PLACEMENT_PAYMENT_MACHINE, PLACEMENT_PENALTY_MACHINE } from '@cohort/domain';
import { Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { PaginationBar } from '../../components/data-table/pagination-bar';
import { LoadError, NoAccess } from '../../components/page-states';
import type { ApiRecord } from '../../components/resource-form/form-values';
import { AnchorLink } from '../../components/router-links';
import { useCan } from '../../lib/auth';
import { useUrlSearchText } from '../../lib/use-url-search-text';
import { QUEUE_PAGE_SIZE, usePlacementQueue } from './api/placement-queue';
import { FlowMoves, FlowState } from './components/flow-moves';
import { MoveDialog, type PendingMove } from './components/move-dialog';

const route = getRouteApi('/placement-queue');

/**
 * The negotiator's queue: learners whose placement payment or penalty waits for them, each row
 * with the moves its flows allow from where the learner stands (decision 018).
 */
export function PlacementQueuePage() {
  const allowed = useCan();
  if (!allowed('user', 'list')) return <NoAccess title="Placement queue" />;
  return <PlacementQueue />;
}

function PlacementQueue() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const [q, setQ] = useUrlSearchText(
    search.q,
    (value) => void navigate({ search: value ? { q: value } : {}, replace: true }),
  );
  const queue = usePlacementQueue({ page, search: search.q ?? '' });
  const [move, setMove] = useState<PendingMove | null>(null);

  const columns: DataTableColumn<ApiRecord>[] = [
    {
      key: 'name',
      label: 'Learner',
      render: (r) => (
        <Stack gap={0}>
          <AnchorLink to="/$resource/$id" params={{ resource: 'learners', id: String(r.id) }}>
            {String(r.name)}
          </AnchorLink>
          <Text size="xs" c="dimmed">
            {String(r.email ?? '')}
          </Text>
        </Stack>
      ),
    },
    ...[PLACEMENT_PAYMENT_MACHINE, PLACEMENT_PENALTY_MACHINE].map(
      (machine): DataTableColumn<ApiRecord> => ({
        key: machine.field,
        label: machine.label,
        render: (r) => (
          <Stack gap={4}>
            <Group gap={4}>
              <FlowState machine={machine} record={r} />
              {machine === PLACEMENT_PENALTY_MACHINE && r.placementPenaltyReason ? (
                <Text size="xs" c="dimmed">
                  {String(r.placementPenaltyReason)}
                </Text>
              ) : null}
            </Group>
            <FlowMoves machine={machine} record={r} onMove={(to) => setMove({ record: r, machine, to })} />
          </Stack>
        ),
      }),
    ),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>Placement queue</Title>
        <TextInput
          aria-label="Search learners by name"
          placeholder="Search by name"
          leftSection={<IconSearch size={16} />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          w={260}
        />
      </Group>
      <Text size="sm" c="dimmed">
        Learners whose placement payment (mock completed, on hold, initial payment received) or placement penalty
        (required, pending a CIBIL check) waits for a negotiator.
      </Text>
      {queue.isError ? (
        <LoadError title="Placement queue" onRetry={() => queue.refetch()} />
      ) : (
        <>
          <DataTable
            caption="Learners waiting on a placement payment or penalty"
            columns={columns}
            rows={queue.data?.data ?? []}
            rowKey={(r) => Number(r.id)}
            loading={queue.isLoading}
            sort={{ field: 'name', dir: 'asc' }}
            emptyText={
              search.q ? (
                'No learner by that name waits on a placement move.'
              ) : (
                <Stack align="center" gap="xs">
                  <Text fw={600}>Nothing waits: the queue is empty.</Text>
                  <Text c="dimmed">Learners whose placement payment or penalty needs a move appear here.</Text>
                </Stack>
              )
            }
          />
          <PaginationBar
            page={page}
            pageSize={QUEUE_PAGE_SIZE}
            total={queue.data?.totalItems ?? 0}
            onPageChange={(next) => void navigate({ search: { ...search, page: next > 1 ? next : undefined } })}
          />
        </>
      )}
      <MoveDialog move={move} onClose={() => setMove(null)} />
    </Stack>
  );
}
