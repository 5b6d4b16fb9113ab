import {
  formatMoney,
  ISA_DATE_BOUNDS,
  ISA_MOVE_LABELS,
  ISA_STATUSES,
  type IsaMove,
  type IsaRecordWire,
  type IsaStoredFileWire,
  isaAssignSchema,
  isaExtendSchema,
  isaMovePermission,
  isaRemoveSchema,
  isaUpdateSchema,
  MAIL_STATUSES,
  type MailOutboxEntry,
  type ResourceDef,
} from '@cohort/domain';
import {
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { DateInput } from '../../../components/date-input/date-input';
import { ConfirmActionModal } from '../../../components/dialogs/confirm-action-modal';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { AnchorLink } from '../../../components/router-links';
import { useCan } from '../../../lib/auth';
import { formatBytes, formatDate, formatDay } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { type FieldErrors, serverFieldErrors, validate } from '../../../lib/validation';
import { type IsaCall, useIsaMove, useResendIsaLink, useUploadIsaFile } from '../api/change-learner-isa';
import { useIsaTypes, useLearnerIsa } from '../api/get-learner-isa';

export function isaStatusColor(status: string): string {
  return ISA_STATUSES.find((s) => s.value === status)?.color ?? 'gray';
}

/**
 * On a learner's page: their income-share agreement (decision 017): its status in the spec's
 * colours, its terms and dates, the signed documents and the acceptance video, and the moves
 * open from its status (the server's `allowed`, from the domain's machine) that the reader's
 * role may make.
 */
export function LearnerIsaPanel({ id }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const can = useCan();
  const canRead = can('isa', 'read');
  const state = useLearnerIsa(id, canRead);
  if (!canRead) return null;
  const isa = state.data?.isa ?? null;
  const status = state.data?.isaStatus ?? 'Not Assigned';
  const offered = (state.data?.allowed ?? []).filter((m) => {
    // Who may make it: the permission the ISA flow names for the move (the server's route reads it too).
    const action = isaMovePermission(m);
    return action !== undefined && can('isa', action);
  });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Income-share agreement">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Income-share agreement
          </Title>
          <Badge color={isaStatusColor(status)} size="lg" aria-label={`ISA status: ${status}`}>
            {status}
          </Badge>
        </Group>
        {state.isLoading && <Text c="dimmed">Loading the ISA…</Text>}
        {state.data && !isa && <Text c="dimmed">No ISA is assigned to this learner.</Text>}
        {isa && <IsaDetails isa={isa} />}
        {state.data && <IsaMoves userId={id} isa={isa} offered={offered} />}
      </Stack>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

function IsaDetails({ isa }: { isa: IsaRecordWire }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        <Fact label="ISA type">{isa.isaTypeName}</Fact>
        <Fact label="Terms">
          {isa.salaryPercent}% of salary for {isa.durationMonths} months, at most{' '}
          {formatMoney(isa.monthlyCapMinor, isa.currency)} a month and {formatMoney(isa.totalCapMinor, isa.currency)} in
          all; above {formatMoney(isa.minimumSalaryMinor, isa.currency)} a year
        </Fact>
        <Fact label="Assigned">
          {formatDate(isa.assignedAt)}
          {isa.assignedByName ? ` by ${isa.assignedByName}` : ''}
        </Fact>
        <Fact label="Document deadline">{formatDay(isa.documentDeadline)}</Fact>
        <Fact label="Expiry date">{formatDay(isa.expiryDate)}</Fact>
        {isa.verifiedAt && (
          <Fact label="Verified">
            {formatDate(isa.verifiedAt)}
            {isa.verifiedByName ? ` by ${isa.verifiedByName}` : ''}
          </Fact>
        )}
        {isa.reason && <Fact label="Reason">{isa.reason}</Fact>}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Signed documents
          </Text>
          {isa.document ? (
            <StoredFile file={isa.document} action="View document" />
          ) : (
            <Text c="dimmed">Not uploaded yet.</Text>
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Acceptance video
          </Text>
          {isa.video ? (
            <>
              {/* The URL carries a short-lived ticket: a <video> cannot send the token header, and seeks by range. */}
              {/* biome-ignore lint/a11y/useMediaCaption: a learner's own recorded acceptance, no captions exist */}
              <video
                controls
                preload="metadata"
                src={isa.video.url}
                aria-label="ISA acceptance video"
                style={{ width: '100%', maxHeight: 280, background: 'black', borderRadius: 4 }}
              />
              <Text size="xs" c="dimmed">
                {isa.video.name} · {formatBytes(isa.video.size)} · uploaded {formatDate(isa.video.uploadedAt)}
              </Text>
            </>
          ) : (
            <Text c="dimmed">Not uploaded yet.</Text>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

function StoredFile({ file, action }: { file: IsaStoredFileWire; action: string }) {
  return (
    <Group gap="xs">
      <Anchor href={file.url} target="_blank" rel="noopener">
        {action}
      </Anchor>
      <Text size="xs" c="dimmed">
        {file.name} · {formatBytes(file.size)} · uploaded {formatDate(file.uploadedAt)}
      </Text>
    </Group>
  );
}

/** The moves offered now: one small form or button each. */
function IsaMoves({ userId, isa, offered }: { userId: string; isa: IsaRecordWire | null; offered: IsaMove[] }) {
  const has = (m: IsaMove) => offered.includes(m);
  if (offered.length === 0) return null;
  return (
    <Stack gap="sm">
      {has('assign') && <AssignForm userId={userId} />}
      {(has('submitDocuments') || has('uploadVideo')) && (
        <Group gap="sm" align="flex-start">
          {has('submitDocuments') && (
            <UploadButton
              userId={userId}
              kind="document"
              label="Upload documents"
              accept="application/pdf,image/png,image/jpeg,image/webp"
            />
          )}
          {has('uploadVideo') && (
            <UploadButton
              userId={userId}
              kind="video"
              label="Upload acceptance video"
              accept="video/mp4,video/webm,video/quicktime"
            />
          )}
        </Group>
      )}
      {isa && (
        <Group gap="sm">
          {has('verify') && <SimpleMove userId={userId} isa={isa} move="verify" call="verify" color="green" />}
          {has('cancelTermination') && (
            <SimpleMove
              userId={userId}
              isa={isa}
              move="cancelTermination"
              call="update"
              body={{ move: 'cancelTermination' }}
            />
          )}
          {has('resend') && <ResendButton userId={userId} />}
        </Group>
      )}
      {isa && has('extend') && <ExtendForm userId={userId} isa={isa} />}
      {isa && has('changeType') && <ChangeTypeForm userId={userId} isa={isa} />}
      {isa && (
        <Group gap="sm">
          {(['requestTermination', 'terminate', 'optOut', 'remove'] as const).filter(has).map((m) => (
            <ReasonedMove key={m} userId={userId} isa={isa} move={m} />
          ))}
        </Group>
      )}
    </Stack>
  );
}

function AssignForm({ userId }: { userId: string }) {
  const types = useIsaTypes(true);
  const move = useIsaMove(userId);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [deadline, setDeadline] = useState('');
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      userId: Number(userId),
      isaTypeId: typeId ? Number(typeId) : undefined,
      ...(deadline ? { documentDeadline: deadline } : {}),
      ...(expiry ? { expiryDate: expiry } : {}),
    };
    const invalid = validate(isaAssignSchema, body);
    setErrors(invalid ?? {});
    if (invalid) return;
    move.mutate(
      { call: 'assign', body },
      {
        onSuccess: () => notifySuccess('ISA assigned'),
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Assign ISA">
      <Stack gap="xs">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label="ISA type"
            placeholder="Choose a type"
            required
            data={(types.data?.data ?? []).map((t) => ({
              value: String(t.id),
              label: `${t.name} · ${t.salaryPercent}% for ${t.durationMonths} months`,
            }))}
            value={typeId}
            onChange={setTypeId}
            error={errors.isaTypeId}
            miw={260}
          />
          <DateInput
            kind="date"
            label="Document deadline"
            description="Empty: in 14 days"
            value={deadline}
            onChange={setDeadline}
            error={errors.documentDeadline}
            bounds={ISA_DATE_BOUNDS}
            miw={200}
          />
          <DateInput
            kind="date"
            label="Expiry date"
            description="Empty: the type's duration from today"
            value={expiry}
            onChange={setExpiry}
            error={errors.expiryDate}
            bounds={ISA_DATE_BOUNDS}
            miw={200}
          />
        </Group>
        <Button type="submit" w="fit-content" loading={move.isPending}>
          Assign ISA
        </Button>
      </Stack>
    </form>
  );
}

function UploadButton({
  userId,
  kind,
  label,
  accept,
}: {
  userId: string;
  kind: 'document' | 'video';
  label: string;
  accept: string;
}) {
  const upload = useUploadIsaFile(userId);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();

  const handleFile = (file: File | null) => {
    if (!file) return;
    setError(undefined);
    setProgress(0);
    upload.mutate(
      { kind, file, onProgress: setProgress },
      {
        onSuccess: () => notifySuccess(kind === 'document' ? 'Documents uploaded' : 'Acceptance video uploaded'),
        onError: (err) =>
          setError(serverFieldErrors(err).file ?? (err instanceof Error ? err.message : 'Upload failed')),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Stack gap={4} miw={220}>
      <FileButton onChange={handleFile} accept={accept}>
        {(props) => (
          <Button {...props} variant="light" loading={upload.isPending}>
            {label}
          </Button>
        )}
      </FileButton>
      {progress !== null && (
        <Progress value={Math.round(progress * 100)} aria-label={`${label}: ${Math.round(progress * 100)}%`} />
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function SimpleMove({
  userId,
  isa,
  move: name,
  call,
  body = {},
  color,
}: {
  userId: string;
  isa: IsaRecordWire;
  move: IsaMove;
  call: IsaCall;
  body?: Record<string, unknown>;
  color?: string;
}) {
  const move = useIsaMove(userId);
  return (
    <Button
      color={color}
      // A coloured move is light (its text darkened to 4.5:1): white on filled green or red is under AA.
      variant={color ? 'light' : 'filled'}
      loading={move.isPending}
      onClick={() =>
        move.mutate(
          { call, body: { version: isa.version, ...body } },
          { onSuccess: () => notifySuccess(`${ISA_MOVE_LABELS[name]}: done`) },
        )
      }
    >
      {ISA_MOVE_LABELS[name]}
    </Button>
  );
}

function ResendButton({ userId }: { userId: string }) {
  const resend = useResendIsaLink(userId);
  const [mail, setMail] = useState<MailOutboxEntry | null>(null);
  const status = mail ? MAIL_STATUSES.find((s) => s.value === mail.status) : null;
  return (
    <Group gap="xs">
      <Button
        variant="light"
        loading={resend.isPending}
        onClick={() => resend.mutate(undefined, { onSuccess: setMail })}
      >
        {ISA_MOVE_LABELS.resend}
      </Button>
      {mail && status && (
        <Group gap={6} role="status">
          <Text size="sm">Mail to {mail.toAddress}:</Text>
          <Badge color={status.color}>{status.label}</Badge>
          {mail.error && (
            <Text size="xs" c="red">
              {mail.error}
            </Text>
          )}
          <AnchorLink to="/$resource/$id" params={{ resource: 'mail-outbox', id: String(mail.id) }} size="sm">
            See it in the outbox
          </AnchorLink>
        </Group>
      )}
    </Group>
  );
}

function ExtendForm({ userId, isa }: { userId: string; isa: IsaRecordWire }) {
  const move = useIsaMove(userId);
  const verified = isa.status === 'ISA Verified';
  const [deadline, setDeadline] = useState('');
  const [expiry, setExpiry] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      userId: Number(userId),
      version: isa.version,
      ...(deadline ? { documentDeadline: deadline } : {}),
      ...(expiry ? { expiryDate: expiry } : {}),
    };
    const invalid = validate(isaExtendSchema, body);
    setErrors(invalid ?? {});
    if (invalid) return;
    move.mutate(
      { call: 'extend', body },
      {
        onSuccess: () => {
          setDeadline('');
          setExpiry('');
          notifySuccess('ISA extended');
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Extend ISA">
      <Stack gap="xs">
        <Group align="flex-end" gap="sm" wrap="wrap">
          {!verified && (
            <DateInput
              kind="date"
              label="New document deadline"
              value={deadline}
              onChange={setDeadline}
              error={errors.documentDeadline}
              bounds={ISA_DATE_BOUNDS}
              miw={200}
            />
          )}
          <DateInput
            kind="date"
            label="New expiry date"
            value={expiry}
            onChange={setExpiry}
            error={errors.expiryDate}
            bounds={ISA_DATE_BOUNDS}
            miw={200}
          />
          <Button type="submit" variant="light" loading={move.isPending}>
            Extend
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ChangeTypeForm({ userId, isa }: { userId: string; isa: IsaRecordWire }) {
  const types = useIsaTypes(true);
  const move = useIsaMove(userId);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      userId: Number(userId),
      version: isa.version,
      move: 'changeType',
      isaTypeId: typeId ? Number(typeId) : undefined,
    };
    const invalid = validate(isaUpdateSchema, body);
    setErrors(invalid ?? {});
    if (invalid) return;
    move.mutate(
      { call: 'update', body },
      {
        onSuccess: () => {
          // The chosen type is now the ISA's own, no longer one of the others offered here.
          setTypeId(null);
          notifySuccess('ISA type changed');
        },
        onError: (err) => setErrors(serverFieldErrors(err)),
      },
    );
  };
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Change ISA type">
      <Group align="flex-end" gap="sm">
        <Select
          label="Another ISA type"
          placeholder="Choose a type"
          data={(types.data?.data ?? [])
            .filter((t) => t.id !== isa.isaTypeId)
            .map((t) => ({ value: String(t.id), label: t.name }))}
          value={typeId}
          onChange={setTypeId}
          error={errors.isaTypeId}
          miw={240}
        />
        <Button type="submit" variant="default" loading={move.isPending}>
          {ISA_MOVE_LABELS.changeType}
        </Button>
      </Group>
    </form>
  );
}

const REASONED: Record<'requestTermination' | 'terminate' | 'optOut' | 'remove', { title: string; warning: string }> = {
  requestTermination: {
    title: 'Request termination of this ISA?',
    warning: 'The ISA waits as Termination Pending until it is terminated or the request is cancelled.',
  },
  terminate: { title: 'Terminate this ISA?', warning: 'A terminated ISA cannot be verified or extended again.' },
  optOut: { title: 'Opt the learner out of their ISA?', warning: 'The learner will no longer have this ISA.' },
  remove: {
    title: 'Remove this ISA?',
    warning: 'The learner will have no ISA. The removed one stays in their history.',
  },
};

/** A move that ends or pauses the ISA: confirmed, with a reason. */
function ReasonedMove({
  userId,
  isa,
  move: name,
}: {
  userId: string;
  isa: IsaRecordWire;
  move: 'requestTermination' | 'terminate' | 'optOut' | 'remove';
}) {
  const move = useIsaMove(userId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const text = REASONED[name];

  const confirm = async () => {
    const body =
      name === 'remove'
        ? { userId: Number(userId), version: isa.version, reason }
        : { userId: Number(userId), version: isa.version, move: name, reason };
    const invalid = validate(name === 'remove' ? isaRemoveSchema : isaUpdateSchema, body);
    if (invalid) {
      setError(invalid.reason ?? 'Say why');
      throw new Error(invalid.reason ?? 'Say why');
    }
    setError(undefined);
    await move.mutateAsync({ call: name === 'remove' ? 'remove' : 'update', body });
    notifySuccess(`${ISA_MOVE_LABELS[name]}: done`);
    setReason('');
  };

  return (
    <>
      <Button color={name === 'requestTermination' ? 'orange' : 'red'} variant="light" onClick={() => setOpen(true)}>
        {ISA_MOVE_LABELS[name]}
      </Button>
      <ConfirmActionModal
        opened={open}
        title={text.title}
        confirmLabel={ISA_MOVE_LABELS[name]}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      >
        <Text size="sm">{text.warning}</Text>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          value={reason}
          error={error}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
      </ConfirmActionModal>
    </>
  );
}
