import { allowedMoves, currentState, type Flow, userResource } from '@cohort/domain';
import { Badge, Button, Group, Text } from '@mantine/core';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { useCan } from '../../../lib/auth';
import { actionForFlow } from '../api/move-learner';
import { moveLabel } from './move-dialog';

/** Where a learner stands in a flow, as the badge of its state (colours of spec §4 where given). */
export function FlowState({ machine, record }: { machine: Flow; record: ApiRecord }) {
  const value = record[machine.field];
  if (value == null || value === '') return <Text c="dimmed">Not started</Text>;
  const option = userResource.fields.find((f) => f.name === machine.field)?.options?.find((o) => o.value === value);
  return (
    <Badge variant="light" color={option?.color ?? 'gray'} styles={{ root: { minWidth: 'max-content' } }}>
      {String(value)}
    </Badge>
  );
}

/** The moves a learner's flow allows from where they stand, as buttons, for a role that may make them. */
export function FlowMoves({
  machine,
  record,
  onMove,
}: {
  machine: Flow;
  record: ApiRecord;
  onMove: (to: string) => void;
}) {
  const allowed = useCan();
  const action = actionForFlow(machine);
  if (!action || !allowed(userResource.permission, action.name)) return null;
  const moves = allowedMoves(machine, currentState(machine, record[machine.field]));
  if (moves.length === 0)
    return (
      <Text size="xs" c="dimmed">
        No further moves
      </Text>
    );
  return (
    <Group gap={4}>
      {moves.map((to) => (
        <Button
          key={to}
          size="compact-xs"
          variant="light"
          onClick={() => onMove(to)}
          aria-label={`${moveLabel(machine, to)} (${machine.label} to ${to}) for ${String(record.name ?? 'the learner')}`}
        >
          {moveLabel(machine, to)}
        </Button>
      ))}
    </Group>
  );
}
