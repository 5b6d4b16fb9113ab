import {
  addPlanSchema,
  extendExpirationSchema,
  formatMoney,
  LEARNER_DATE_BOUNDS,
  LEARNER_FLOWS,
  type ResourceDef,
  SUBSCRIPTION_STATUSES,
  subscriptionResource,
  upfrontDepositResource,
} from '@cohort/domain';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DateInput } from '../../../components/date-input/date-input';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { useCan } from '../../../lib/auth';
import { formatDay } from '../../../lib/format';
import { inlineErrorOf } from '../../../lib/inline-error';
import { notifySuccess } from '../../../lib/notify';
import { useLearnerRecords } from '../../../lib/resource-api/learner-records';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';
import { useAddPlan, useDepositAction, useOfferedPlans } from '../api/subscriptions';
import { FlowMoves, FlowState } from './flow-moves';
import { MoveDialog, type PendingMove } from './move-dialog';

const day = (v: unknown) => (typeof v === 'string' && v ? formatDay(v) : '—');
const money = (amount: unknown, currency: unknown) =>
  typeof amount === 'number' && typeof currency === 'string' ? formatMoney(amount, currency) : '—';

/**
 * On a learner's page: where they stand in each placement flow (with the moves the role may
 * make), their subscriptions and upfront deposits (extend a deposit's expiration, record its
 * payment) and "Add plan" (decision 018).
 */
export function LearnerPlacementPanel({ id, record }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const [move, setMove] = useState<PendingMove | null>(null);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Placement and plans">
      <Stack gap="md">
        <Title order={2} size="h4">
          Placement and plans
        </Title>
        <Table aria-label="Placement flows" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Flow</Table.Th>
              <Table.Th>Where they stand</Table.Th>
              <Table.Th>Moves</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {LEARNER_FLOWS.map((machine) => (
              <Table.Tr key={machine.field}>
                <Table.Td>{machine.label}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <FlowState machine={machine} record={record} />
                    {machine.field === 'placementPenaltyPaymentStatus' && record.placementPenaltyReason ? (
                      <Text size="xs" c="dimmed">
                        {String(record.placementPenaltyReason)}
                      </Text>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <FlowMoves machine={machine} record={record} onMove={(to) => setMove({ record, machine, to })} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {allowed('subscription', 'list') && <LearnerSubscriptions userId={id} />}
      </Stack>
      <MoveDialog move={move} onClose={() => setMove(null)} />
    </Paper>
  );
}

function LearnerSubscriptions({ userId }: { userId: string }) {
  const allowed = useCan();
  const subscriptions = useLearnerRecords(subscriptionResource, userId, true);
  const deposits = useLearnerRecords(upfrontDepositResource, userId, true);
  const [extending, setExtending] = useState<ApiRecord | null>(null);
  const [paying, setPaying] = useState<ApiRecord | null>(null);
  const [adding, setAdding] = useState(false);
  const rows = subscriptions.data?.data ?? [];
  const active = rows.find((s) => s.status === 'Active');
  const depositOf = (s: ApiRecord) => deposits.data?.data.find((d) => d.subscriptionId === s.id);
  const canExtend = allowed('subscription', 'extendExpiration');
  const canPay = allowed('subscription', 'recordPayment');
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Subscriptions {subscriptions.data ? `(${subscriptions.data.totalItems})` : ''}
        </Title>
        {allowed('subscription', 'create') && (
          <Button size="xs" onClick={() => setAdding(true)}>
            Add plan
          </Button>
        )}
      </Group>
      {subscriptions.isError && <Alert color="red">{inlineErrorOf(subscriptions.error) ?? 'Could not load'}</Alert>}
      {subscriptions.data && rows.length === 0 && <Text c="dimmed">No plan yet.</Text>}
      {rows.map((s) => {
        const deposit = depositOf(s);
        const status = SUBSCRIPTION_STATUSES.find((o) => o.value === s.status);
        return (
          <Paper key={s.id} withBorder p="xs" radius="sm" aria-label={`Subscription to ${String(s.planLabel)}`}>
            <Stack gap={4}>
              <Group gap="xs">
                <Text fw={600}>{String(s.planLabel ?? `Plan #${String(s.planId)}`)}</Text>
                <Badge variant="light" color={status?.color ?? 'gray'}>
                  {String(s.status)}
                </Badge>
                <Text size="sm">{money(s.priceMinor, s.currency)}</Text>
                <Text size="xs" c="dimmed">
                  {day(s.startDate)} to {day(s.endDate)}
                </Text>
              </Group>
              {deposit && (
                <Group gap="xs">
                  <Text size="sm">Upfront deposit {money(deposit.amountMinor, deposit.currency)}</Text>
                  <Badge
                    variant="light"
                    color={deposit.status === 'Paid' ? 'green' : deposit.status === 'Expired' ? 'red' : 'orange'}
                  >
                    {String(deposit.status)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {deposit.status === 'Paid' ? `paid ${day(deposit.paidOn)}` : `expires ${day(deposit.expiresOn)}`}
                  </Text>
                  {canExtend && deposit.status !== 'Paid' && (
                    <Button size="compact-xs" variant="light" onClick={() => setExtending(deposit)}>
                      Extend expiration
                    </Button>
                  )}
                  {canPay && deposit.status !== 'Paid' && (
                    <Button size="compact-xs" variant="light" color="green" onClick={() => setPaying(deposit)}>
                      Record payment
                    </Button>
                  )}
                </Group>
              )}
            </Stack>
          </Paper>
        );
      })}
      <Modal opened={extending !== null} onClose={() => setExtending(null)} title="Extend expiration" centered>
        {extending && <ExtendForm userId={userId} deposit={extending} onClose={() => setExtending(null)} />}
      </Modal>
      <Modal opened={paying !== null} onClose={() => setPaying(null)} title="Record payment" centered>
        {paying && <PayForm userId={userId} deposit={paying} onClose={() => setPaying(null)} />}
      </Modal>
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add plan" centered>
        {adding && <AddPlanForm userId={userId} active={active} onClose={() => setAdding(false)} />}
      </Modal>
    </Stack>
  );
}

/** A new last day and its reason, then a confirmation naming the amount and the day. */
function ExtendForm({ userId, deposit, onClose }: { userId: string; deposit: ApiRecord; onClose: () => void }) {
  const run = useDepositAction(userId, 'extendExpiration');
  const [expiresOn, setExpiresOn] = useState<string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const input = { expiresOn, reason };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const invalid = validate(extendExpirationSchema, input);
    if (!invalid && expiresOn <= String(deposit.expiresOn)) {
      setErrors({ expiresOn: `Choose a day after the current expiry (${day(deposit.expiresOn)})` });
      return;
    }
    setErrors(invalid ?? {});
    if (invalid) return;
    if (!confirming) return setConfirming(true);
    setRefusal(null);
    run.mutate(
      { deposit, input },
      {
        onSuccess: () => {
          notifySuccess('Deposit extended');
          onClose();
        },
        onError: (err) => {
          const fields = serverFieldErrors(err);
          setErrors(fields);
          setConfirming(false);
          if (Object.keys(fields).length === 0) setRefusal(inlineErrorOf(err) ?? err.message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Extend the deposit's expiration">
      <Stack gap="sm">
        <Text size="sm">
          {money(deposit.amountMinor, deposit.currency)} · {String(deposit.status)} · expires {day(deposit.expiresOn)}
        </Text>
        <DateInput
          kind="date"
          bounds={LEARNER_DATE_BOUNDS}
          label="New expiry date"
          required
          value={expiresOn}
          onChange={(v) => {
            setExpiresOn(v);
            setConfirming(false);
          }}
          error={errors.expiresOn}
          disabled={confirming}
        />
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          value={reason}
          error={errors.reason}
          disabled={confirming}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        {confirming && (
          <Alert color="orange" title="Extend this deposit?">
            The learner will have until {day(expiresOn)} to pay {money(deposit.amountMinor, deposit.currency)}.
            {deposit.status === 'Expired' ? ' The deposit becomes Pending again.' : ''}
          </Alert>
        )}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={confirming ? () => setConfirming(false) : onClose}
            disabled={run.isPending}
          >
            {confirming ? 'Back' : 'Cancel'}
          </Button>
          <Button type="submit" loading={run.isPending}>
            {confirming ? 'Confirm extension' : 'Extend expiration'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PayForm({ userId, deposit, onClose }: { userId: string; deposit: ApiRecord; onClose: () => void }) {
  const run = useDepositAction(userId, 'recordPayment');
  const [paidOn, setPaidOn] = useState<string>(new Date().toISOString().slice(0, 10));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!paidOn) return setErrors({ paidOn: 'Paid on must be a date' });
    setErrors({});
    run.mutate(
      { deposit, input: { paidOn } },
      {
        onSuccess: () => {
          notifySuccess('Deposit recorded as paid');
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
    <form noValidate onSubmit={handleSubmit} aria-label="Record the deposit's payment">
      <Stack gap="sm">
        <Text size="sm">Record {money(deposit.amountMinor, deposit.currency)} as paid?</Text>
        <DateInput
          kind="date"
          bounds={LEARNER_DATE_BOUNDS}
          label="Paid on"
          required
          value={paidOn}
          onChange={setPaidOn}
          error={errors.paidOn}
        />
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
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddPlanForm({
  userId,
  active: activeNow,
  onClose,
}: {
  userId: string;
  active: ApiRecord | undefined;
  onClose: () => void;
}) {
  const plans = useOfferedPlans(true);
  const run = useAddPlan(userId);
  // The plan the learner was on when the form was sent: the list refreshes before the form
  // closes, and the plan just added must not show up here as the "current plan" to end.
  const [activeWhenSent, setActiveWhenSent] = useState<ApiRecord | undefined>(undefined);
  const active = run.isPending || run.isSuccess ? activeWhenSent : activeNow;
  const [planId, setPlanId] = useState<string | null>(null);
  const [startDate, setStartDate] = useState<string>('');
  const [replace, setReplace] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const options = (plans.data?.data ?? []).map((p) => ({
    value: String(p.id),
    label: `${String(p.name)} · ${money(p.priceMinor, p.currency)} · ${String(p.durationMonths)} months`,
  }));

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      userId: Number(userId),
      planId: planId ? Number(planId) : undefined,
      ...(startDate ? { startDate } : {}),
      ...(active ? { replaceActive: replace } : {}),
    };
    const invalid = validate(addPlanSchema, input);
    if (!invalid && active && !replace) {
      setErrors({ replaceActive: `Tick this to end ${String(active.planLabel)} first` });
      return;
    }
    setErrors(invalid ?? {});
    if (invalid) return;
    setRefusal(null);
    setActiveWhenSent(active);
    run.mutate(input as Parameters<typeof run.mutate>[0], {
      onSuccess: () => {
        notifySuccess('Plan added');
        onClose();
      },
      onError: (err) => {
        const fields = serverFieldErrors(err);
        setErrors(fields);
        if (Object.keys(fields).length === 0) setRefusal(inlineErrorOf(err) ?? err.message);
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Add a plan">
      <Stack gap="sm">
        <Select
          label="Plan"
          placeholder={plans.isLoading ? 'Loading plans…' : 'Choose a plan'}
          required
          searchable
          data={options}
          value={planId}
          onChange={setPlanId}
          error={errors.planId}
          nothingFoundMessage="No plan is offered"
        />
        <DateInput
          kind="date"
          bounds={LEARNER_DATE_BOUNDS}
          label="Start date"
          description="Empty: today"
          value={startDate}
          onChange={setStartDate}
          error={errors.startDate}
        />
        {active && (
          <Checkbox
            label={`End the current plan (${String(active.planLabel)}) the day before`}
            checked={replace}
            onChange={(e) => setReplace(e.currentTarget.checked)}
            error={errors.replaceActive}
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
            Add plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
