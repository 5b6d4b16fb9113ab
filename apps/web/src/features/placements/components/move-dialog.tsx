import { type Flow, PENALTY_REASONS, PLACEMENT_PENALTY_MACHINE } from '@cohort/domain';
import { Alert, Badge, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { inlineErrorOf } from '../../../lib/inline-error';
import { notifySuccess } from '../../../lib/notify';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';
import { actionForFlow, useMoveLearner } from '../api/move-learner';

export type PendingMove = { record: ApiRecord; machine: Flow; to: string };

/** The button text of a move: the flow's own words for it, or the state it leads to. */
export function moveLabel(machine: Flow, to: string): string {
  return machine.moves.find((m) => m.to === to)?.label ?? to;
}

/** True when a move makes a penalty due: it names one of the penalty reasons of spec §9. */
const needsReason = (move: PendingMove) =>
  move.machine.field === PLACEMENT_PENALTY_MACHINE.field && move.to === 'Required and Pending';

/**
 * Confirms one move of a learner's flow ("Placement penalty: Required and Pending -> Paid"),
 * asking for what the move needs (a penalty's reason); a refusal (a stale row, a move no
 * longer allowed) stays in the dialog in the server's words.
 */
export function MoveDialog({ move, onClose }: { move: PendingMove | null; onClose: () => void }) {
  return (
    <Modal
      opened={move !== null}
      onClose={onClose}
      title={move ? `${moveLabel(move.machine, move.to)}: ${String(move.record.name ?? '')}` : ''}
      centered
    >
      {move && <MoveForm key={`${move.record.id}-${move.machine.field}-${move.to}`} move={move} onClose={onClose} />}
    </Modal>
  );
}

function MoveForm({ move, onClose }: { move: PendingMove; onClose: () => void }) {
  const run = useMoveLearner();
  const [reason, setReason] = useState<string | null>(() =>
    typeof move.record.placementPenaltyReason === 'string' ? move.record.placementPenaltyReason : null,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const from = move.record[move.machine.field];
  const action = actionForFlow(move.machine);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!action) return;
    const extra = needsReason(move) ? { placementPenaltyReason: reason } : {};
    const invalid = validate(action.body, { [move.machine.field]: move.to, ...extra });
    setErrors(invalid ?? {});
    if (invalid) return;
    setRefusal(null);
    run.mutate(
      { ...move, extra },
      {
        onSuccess: () => {
          notifySuccess(`${move.machine.label}: ${move.to}`);
          onClose();
        },
        onError: (err) => {
          const fields = serverFieldErrors(err);
          setErrors(fields);
          if (Object.keys(fields).length === 0) setRefusal(inlineErrorOf(err) ?? err.message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={`${move.machine.label}: move to ${move.to}`}>
      <Stack gap="sm">
        <Group gap="xs">
          <Text size="sm">{move.machine.label}:</Text>
          <Badge variant="light" color="gray">
            {from == null || from === '' ? 'not started' : String(from)}
          </Badge>
          <Text size="sm" aria-hidden>
            →
          </Text>
          <Badge variant="light">{move.to}</Badge>
        </Group>
        {needsReason(move) && (
          <Select
            label="Penalty reason"
            placeholder="Why the penalty is due"
            required
            data={PENALTY_REASONS}
            value={reason}
            onChange={setReason}
            error={errors.placementPenaltyReason}
          />
        )}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={run.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={run.isPending}>
            {moveLabel(move.machine, move.to)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
