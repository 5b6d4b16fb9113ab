import {
  CALL_OUTCOMES,
  type CallAnswer,
  callLogSchema,
  type calls,
  crmAddSchema,
  LEAD_SOURCES,
  LEAD_STATUSES,
  LEARNER_DATE_BOUNDS,
  OPEN_LEAD_STATUSES,
  type ResourceDef,
} from '@cohort/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DateInput } from '../../../components/date-input/date-input';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { AnchorLink } from '../../../components/router-links';
import { useCan } from '../../../lib/auth';
import { formatDate, formatDay } from '../../../lib/format';
import { inlineErrorOf } from '../../../lib/inline-error';
import { notifySuccess } from '../../../lib/notify';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';
import { useAddToCrm } from '../api/add-to-crm';
import { useLeadSummary } from '../api/get-lead-summary';
import { useLogCall } from '../api/log-call';

const colourOf = (options: readonly { value: string | number; color?: string }[], value: unknown) =>
  options.find((o) => o.value === value)?.color ?? 'gray';
const isOpen = (status: string) => (OPEN_LEAD_STATUSES as readonly string[]).includes(status);

/**
 * On a learner's page (decision 022): where they stand in the CRM (status, owner, next
 * follow-up, calls) with "Add to CRM" when they are not being worked, and "Log a call" while
 * they are. The lead itself is edited on its own screen (CRM leads).
 */
export function LearnerCrmPanel({ id }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const allowed = useCan();
  const canRead = allowed('lead', 'read');
  const summary = useLeadSummary(id, canRead);
  if (!canRead) return null;
  const s = summary.data;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          CRM
        </Title>
        {summary.isPending && <Text c="dimmed">Loading…</Text>}
        {summary.isError && (
          <Alert color="red">{inlineErrorOf(summary.error) ?? 'Could not load the CRM summary'}</Alert>
        )}
        {s && <LeadDetails summary={s} />}
        {s?.excludeFromCrm && (
          <Alert color="gray" title="Excluded from CRM">
            This learner is marked "Exclude from CRM", so they cannot be added. Change that in their Follow-up if they
            should be called.
          </Alert>
        )}
        {s && !s.excludeFromCrm && (!s.lead || !isOpen(s.lead.status)) && allowed('lead', 'create') && (
          <AddToCrmForm userId={id} reopening={s.lead !== null} />
        )}
        {s?.lead && isOpen(s.lead.status) && allowed('callHistory', 'create') && (
          <LogCallForm userId={id} leadId={s.lead.id} />
        )}
      </Stack>
    </Paper>
  );
}

/** The summary as the wire carries it (dates as ISO text). */
type LeadSummary = CallAnswer<typeof calls.crm.leadSummary>;

function LeadDetails({ summary }: { summary: LeadSummary }) {
  const { lead, counts } = summary;
  if (!lead) return <Text c="dimmed">Not in the CRM.</Text>;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge variant="light" color={colourOf(LEAD_STATUSES, lead.status)}>
          {lead.status}
        </Badge>
        <Badge variant="light" color={colourOf(LEAD_SOURCES, lead.source)}>
          Source: {LEAD_SOURCES.find((o) => o.value === lead.source)?.label ?? lead.source}
        </Badge>
        <AnchorLink to="/$resource/$id" params={{ resource: 'crm-leads', id: String(lead.id) }} size="sm">
          Open lead
        </AnchorLink>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Text size="sm">
          <b>Owner:</b> {lead.ownerName ?? 'Nobody'}
        </Text>
        <Text size="sm">
          <b>Follow up:</b> {lead.followUpDate ? formatDay(lead.followUpDate) : 'Not set'}
          {lead.overdueDays > 0 && (
            <Text span c="red" fw={600}>
              {' '}
              ({lead.overdueDays} {lead.overdueDays === 1 ? 'day' : 'days'} overdue)
            </Text>
          )}
        </Text>
        <Text size="sm">
          <b>Reason:</b> {lead.followUpReason ?? '—'}
        </Text>
        <Text size="sm">
          <b>In the CRM since:</b> {formatDay(lead.createdAt)} (added by {lead.addedByName})
        </Text>
        {lead.status === 'Rejected' && (
          <Text size="sm">
            <b>Rejected:</b> {lead.rejectionReason}
            {lead.rejectionSubReason ? ` (${lead.rejectionSubReason})` : ''}
          </Text>
        )}
      </SimpleGrid>
      {lead.note && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {lead.note}
        </Text>
      )}
      <Text size="sm" aria-label="Call counts">
        {counts.calls} {counts.calls === 1 ? 'call' : 'calls'}, {counts.connected} connected, {counts.last30Days} in the
        last 30 days
        {summary.lastCallAt ? ` · last ${formatDate(summary.lastCallAt)}` : ''}
      </Text>
      {summary.recentCalls.length > 0 && (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Recent calls">
          {summary.recentCalls.map((c) => (
            <Group key={c.id} component="li" gap="xs" wrap="nowrap" align="flex-start">
              <Badge size="sm" variant="light" color={colourOf(CALL_OUTCOMES, c.outcome)}>
                {c.outcome}
              </Badge>
              <Text size="xs" c="dimmed">
                {formatDate(c.calledAt)} · {c.calledByName}
                {c.durationMinutes != null ? ` · ${c.durationMinutes} min` : ''}
              </Text>
              {c.notes && <Text size="xs">{c.notes}</Text>}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AddToCrmForm({ userId, reopening }: { userId: string; reopening: boolean }) {
  const add = useAddToCrm(userId);
  const [followUpDate, setFollowUpDate] = useState('');
  const [followUpReason, setFollowUpReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const label = reopening ? 'Put back in CRM' : 'Add to CRM';

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const payload = { userId: Number(userId), followUpDate, followUpReason, ...(note.trim() ? { note } : {}) };
    const invalid = validate(crmAddSchema, payload);
    setErrors(invalid ?? {});
    setRefusal(null);
    if (invalid) return;
    add.mutate(payload, {
      onSuccess: () => {
        setFollowUpDate('');
        setFollowUpReason('');
        setNote('');
        notifySuccess(reopening ? 'Back in the CRM' : 'Added to the CRM');
      },
      onError: (err) => {
        const fields = serverFieldErrors(err);
        setErrors(fields);
        if (Object.keys(fields).length === 0) setRefusal(inlineErrorOf(err));
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label={label}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Group grow align="flex-start">
          <DateInput
            kind="date"
            label="Follow up date"
            required
            value={followUpDate}
            onChange={setFollowUpDate}
            error={errors.followUpDate}
            bounds={LEARNER_DATE_BOUNDS}
          />
          <TextInput
            label="Follow up reason"
            required
            value={followUpReason}
            error={errors.followUpReason}
            onChange={(e) => setFollowUpReason(e.currentTarget.value)}
          />
        </Group>
        <Textarea
          label="Note"
          autosize
          minRows={2}
          value={note}
          error={errors.note ?? errors.userId ?? errors.ownerId}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {refusal && <Alert color="orange">{refusal}</Alert>}
        <Button type="submit" w="fit-content" loading={add.isPending}>
          {label}
        </Button>
      </Stack>
    </form>
  );
}

function LogCallForm({ userId, leadId }: { userId: string; leadId: number }) {
  const log = useLogCall(userId);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [minutes, setMinutes] = useState<number | string>('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const payload = {
      leadId,
      outcome: outcome ?? '',
      ...(minutes === '' ? {} : { durationMinutes: Number(minutes) }),
      ...(notes.trim() ? { notes } : {}),
    };
    const invalid = validate(callLogSchema, payload);
    setErrors(invalid ?? {});
    if (invalid) return;
    log.mutate(payload as Parameters<typeof log.mutate>[0], {
      onSuccess: () => {
        setOutcome(null);
        setMinutes('');
        setNotes('');
        notifySuccess('Call logged');
      },
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Log a call">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Log a call
        </Text>
        <Group grow align="flex-start">
          <Select
            label="Outcome"
            placeholder="What came of it"
            data={CALL_OUTCOMES.map((o) => ({ value: o.value, label: o.label }))}
            value={outcome}
            error={errors.outcome}
            onChange={setOutcome}
          />
          <NumberInput
            label="Minutes"
            min={0}
            max={600}
            allowDecimal={false}
            value={minutes}
            error={errors.durationMinutes}
            onChange={setMinutes}
          />
        </Group>
        <Textarea
          label="Call notes"
          autosize
          minRows={2}
          value={notes}
          error={errors.notes ?? errors.leadId}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <Button type="submit" w="fit-content" variant="light" loading={log.isPending}>
          Log call
        </Button>
      </Stack>
    </form>
  );
}
