import { ACTIVE_STATUSES, calls, type Filter, lowerLabel } from '@cohort/domain';
import { Alert, Button, Group, NativeSelect, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { FormModal } from '../../../components/dialogs/form-modal';
import type { CallProgress } from '../../../lib/api-client';
import { useCan } from '../../../lib/auth';
import { call, callWithProgress } from '../../../lib/call';
import { resourceKeys } from '../../../lib/resource-api/resource-keys';
import type { ListAction } from '../../../lib/resource-registration';
import { serverFieldErrors } from '../../../lib/validation';

type BulkResult = { updated: number; unchanged: number };
type Option = { value: string; label: string };

/** What one bulk call needs: its permission, its form's one choice, and its words. */
type BulkSpec = {
  /** The action's key in the permission matrix (under the learner's permission). */
  permission: string;
  /** The button, and the dialog's title. */
  label: string;
  title: string;
  /** The declared bulk call (its body: the choice under `field`, and the learners). */
  call: typeof calls.learners.assignOwner | typeof calls.learners.assignMotivator | typeof calls.learners.setStatuses;
  /** The body key of the choice, also where the server puts its 400. */
  field: string;
  /** The choice's label and the message when it is missing. */
  choiceLabel: string;
  missing: string;
  /** The choices, loaded when the dialog opens. */
  useOptions: () => { options: Option[]; pending: boolean; failed: boolean };
  /** The value as the body takes it. */
  toValue: (raw: string) => number | string;
  /** "Make Meera Owner the owner of 40 learners?" */
  confirm: (choice: string, count: string, what: string) => ReactNode;
  /** What happened, said when it is done. */
  result: (r: BulkResult, what: string) => string;
};

function useStaff(role?: 'MOTIVATOR') {
  const staff = useQuery({
    queryKey: ['team-members', role ?? 'all'],
    queryFn: () => call(calls.learners.teamMembers, { query: { page_size: 100, role } }),
  });
  return {
    options: (staff.data?.data ?? []).map((m) => ({ value: String(m.id), label: `${m.name} (${m.role})` })),
    pending: staff.isPending,
    failed: staff.isError,
  };
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * One bulk call over the learner list (decision 020): it works on the rows chosen (across
 * pages), on every learner the filters match ("select all 3,214"), or, with nothing chosen,
 * on every learner the filters match. A small form, a confirmation naming the count, a bar
 * while the server works (one transaction: the bar cannot know how far it is, so it runs
 * with the seconds elapsed), then what happened.
 */
function bulkLearnerAction(spec: BulkSpec): ListAction {
  const Action: ListAction = ({ def, filters, total, selection, onDone }) => {
    const allowed = useCan();
    const [open, setOpen] = useState(false);
    const chosen = selection?.mode === 'ids' ? selection.ids.length : total;
    if (!allowed(def.permission, spec.permission) || chosen === 0) return null;
    return (
      <>
        <Button variant="default" onClick={() => setOpen(true)}>
          {spec.label}
        </Button>
        <FormModal opened={open} onClose={() => setOpen(false)} title={spec.title}>
          {(onBusy) => (
            <BulkForm
              spec={spec}
              filters={filters}
              ids={selection?.mode === 'ids' ? selection.ids : undefined}
              chosen={chosen}
              what={lowerLabel(def.pluralLabel)}
              onBusy={onBusy}
              onClose={(changed) => {
                setOpen(false);
                if (changed) onDone?.();
              }}
            />
          )}
        </FormModal>
      </>
    );
  };
  Action.displayName = spec.label.replace(/\W/g, '');
  Action.permission = spec.permission;
  return Action;
}

function BulkForm({
  spec,
  filters,
  ids,
  chosen,
  what,
  onBusy,
  onClose,
}: {
  spec: BulkSpec;
  filters: readonly Filter[];
  ids?: readonly number[];
  chosen: number;
  what: string;
  onBusy: (busy: boolean) => void;
  onClose: (changed: boolean) => void;
}) {
  const qc = useQueryClient();
  const { options, pending, failed } = spec.useOptions();
  const [value, setValue] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [seconds, setSeconds] = useState(0);
  // How far the server is, from its progress lines (decision 024); none yet: still choosing them.
  const [progress, setProgress] = useState<CallProgress | undefined>();
  const run = useMutation({
    mutationFn: () => {
      setProgress(undefined);
      const body = {
        [spec.field]: spec.toValue(value),
        ...(ids ? { userIds: ids } : { filters: JSON.stringify(filters) }),
      };
      // The body's choice is keyed by the spec's field; the server checks it against the call's schema.
      return callWithProgress(spec.call, { body: body as never }, setProgress) as Promise<BulkResult>;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: resourceKeys.all('user') }),
  });
  useEffect(() => {
    if (!run.isPending) return;
    setSeconds(0);
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [run.isPending]);

  const choice = options.find((o) => o.value === value)?.label ?? value;
  const scope = ids
    ? `the ${count(chosen)} ${what} you chose`
    : `every one of the ${count(chosen)} ${what} matching the list’s filters, on every page`;

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!value) return setError(spec.missing);
    setError(undefined);
    if (!confirming) return setConfirming(true);
    onBusy(true);
    run.mutate(undefined, {
      onError: (err) => {
        const issues = serverFieldErrors(err);
        setConfirming(false);
        setError(issues[spec.field] ?? issues.userIds ?? issues.filters);
      },
      onSettled: () => onBusy(false),
    });
  };

  if (run.isSuccess) {
    return (
      <Stack gap="sm">
        <Progress value={100} color="green" aria-label="Done" />
        <Text role="status">{spec.result(run.data, what)}</Text>
        <Group justify="flex-end">
          <Button onClick={() => onClose(true)} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="sm">
        <Text size="sm">For {scope}.</Text>
        {failed && <Alert color="red">The choices could not be loaded.</Alert>}
        <NativeSelect
          label={spec.choiceLabel}
          required
          value={value}
          error={error}
          disabled={run.isPending || pending || confirming}
          data={[{ value: '', label: pending ? 'Loading…' : '—' }, ...options]}
          onChange={(e) => setValue(e.currentTarget.value)}
        />
        {confirming && !run.isPending && (
          <Alert color="yellow" role="alert" title="Please confirm">
            {spec.confirm(choice, count(chosen), what)}
          </Alert>
        )}
        {run.isPending && (
          <Stack gap={4} role="status">
            {progress && progress.total > 0 ? (
              <Progress
                value={(100 * progress.done) / progress.total}
                aria-label={`${spec.label}: ${count(progress.done)} of ${count(progress.total)}`}
              />
            ) : (
              <Progress value={100} animated striped aria-label={`${spec.label}: working`} />
            )}
            <Text size="xs" c="dimmed">
              {progress && progress.total > 0
                ? `${count(progress.done)} of ${count(progress.total)} ${what} changed`
                : `Finding the ${what}…`}{' '}
              (kept only when all are done) {seconds > 0 ? `${seconds} s` : ''}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => (confirming ? setConfirming(false) : onClose(false))}
            disabled={run.isPending}
          >
            {confirming ? 'Back' : 'Cancel'}
          </Button>
          <Button type="submit" loading={run.isPending}>
            {confirming ? `Yes, change ${count(chosen)}` : `${spec.label} for ${count(chosen)}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** owner/add-multiple: the staff member who owns the learners' journey. */
export const AssignOwnerAction = bulkLearnerAction({
  permission: 'assignOwner',
  label: 'Assign owner',
  title: 'Assign an owner',
  call: calls.learners.assignOwner,
  field: 'ownerId',
  choiceLabel: 'Owner',
  missing: 'Choose who will own them',
  useOptions: () => useStaff(),
  toValue: Number,
  confirm: (who, n, what) => `Make ${who} the owner of ${n} ${what}?`,
  result: (r, what) =>
    `${count(r.updated)} ${what} now have this owner${r.unchanged ? ` (${count(r.unchanged)} already had)` : ''}.`,
});

/** motivator/add-multiple: the motivator who follows the learners day to day. */
export const AssignMotivatorAction = bulkLearnerAction({
  permission: 'assignMotivator',
  label: 'Assign motivator',
  title: 'Assign a motivator',
  call: calls.learners.assignMotivator,
  field: 'motivatorId',
  choiceLabel: 'Motivator',
  missing: 'Choose their motivator',
  useOptions: () => useStaff('MOTIVATOR'),
  toValue: Number,
  confirm: (who, n, what) => `Make ${who} the motivator of ${n} ${what}?`,
  result: (r, what) =>
    `${count(r.updated)} ${what} now have this motivator${r.unchanged ? ` (${count(r.unchanged)} already had)` : ''}.`,
});

const STATUS_OPTIONS = ACTIVE_STATUSES.map((s) => ({ value: s.value, label: s.label }));

/** status/update-multiple: Active or Inactive, audited per learner as a status change. */
export const ChangeStatusAction = bulkLearnerAction({
  permission: 'changeStatus',
  label: 'Change status',
  title: 'Change the status',
  call: calls.learners.setStatuses,
  field: 'userStatus',
  choiceLabel: 'Status',
  missing: 'Choose the status',
  useOptions: () => ({ options: STATUS_OPTIONS, pending: false, failed: false }),
  toValue: String,
  confirm: (status, n, what) => `Set the status of ${n} ${what} to ${status}?`,
  result: (r, what) =>
    `${count(r.updated)} ${what} changed status${r.unchanged ? ` (${count(r.unchanged)} had it already)` : ''}.`,
});
