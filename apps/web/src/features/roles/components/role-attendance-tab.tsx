import { attendanceMarkSchema, PAGE_SIZE_DEFAULT } from '@cohort/domain';
import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { PaginationBar } from '../../../components/data-table/pagination-bar';
import { LoadError } from '../../../components/page-states';
import { inlineErrorOf } from '../../../lib/inline-error';
import { notifySuccess } from '../../../lib/notify';
import { useAppStore } from '../../../lib/store';
import { serverFieldErrors, zodFieldErrors } from '../../../lib/validation';
import { useRoleAttendance } from '../api/get-role-attendance';
import { useMarkAttendance } from '../api/mark-attendance';
import type { AttendanceRow, AttendanceStatus, Role } from '../api/role-types';
import { isIsoDate } from '../roles-search';

type Props = {
  role: Role;
  /** YYYY-MM-DD */
  date: string;
  onDateChange: (date: string) => void;
  page: number;
  onPageChange: (page: number) => void;
  /** May mark attendance (`roleAttendance` `create`); otherwise the marks are read-only. */
  canMark: boolean;
};

/** Why the signed-in admin's own row has no controls: the server refuses it (decision 030). */
const OWN_ROW_NOTE = 'Another admin marks yours';

const STATUS_COLOR: Record<AttendanceStatus, string> = { Present: 'green', Absent: 'red' };

/** A role's members and whether they were in on a day; marking saves one row at a time. */
export function RoleAttendanceTab({ role, date, onDateChange, page, onPageChange, canMark }: Props) {
  const attendance = useRoleAttendance(role.id, date, page, true);
  const myId = useAppStore((s) => s.user?.id);
  const rows = attendance.data?.data ?? [];
  const total = attendance.data?.totalItems ?? 0;
  const present = rows.filter((r) => r.attendance === 'Present').length;
  const absent = rows.filter((r) => r.attendance === 'Absent').length;
  const loading = attendance.isPending || (attendance.isFetching && attendance.isPlaceholderData);
  const columns = canMark ? 5 : 4;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <TextInput
          type="date"
          label="Date"
          value={date}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (isIsoDate(value)) onDateChange(value);
          }}
          w={200}
        />
        {attendance.data && (
          <Text size="sm" c="dimmed" data-testid="attendance-summary">
            On this page: {present} present · {absent} absent · {rows.length - present - absent} not marked
          </Text>
        )}
        {attendance.isFetching && !loading && <Loader size="xs" aria-label="Refreshing attendance" />}
      </Group>
      {attendance.isError && <LoadError title="Attendance could not be loaded" onRetry={attendance.refetch} />}
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="xs">
          <Table.Caption hidden>{`Attendance of ${role.name} on ${date}`}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Attendance</Table.Th>
              <Table.Th>Note</Table.Th>
              {canMark && <Table.Th>Save</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && rows.length === 0
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                  <Table.Tr key={i} data-skeleton>
                    {Array.from({ length: columns }, (_, j) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
                      <Table.Td key={j}>
                        <Skeleton h={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : rows.map((row) => (
                  // The key carries the saved mark, so a refreshed row drops its local edits.
                  <AttendanceTableRow
                    key={`${row.id}:${date}:${row.attendance}:${row.note}`}
                    row={row}
                    date={date}
                    roleId={role.id}
                    canMark={canMark}
                    own={row.id === myId}
                  />
                ))}
          </Table.Tbody>
        </Table>
        {!loading && rows.length === 0 && (
          <Center py="xl">
            <Text fw={600}>No users hold this role.</Text>
          </Center>
        )}
      </Table.ScrollContainer>
      <PaginationBar
        page={page}
        pageSize={PAGE_SIZE_DEFAULT}
        total={total}
        onPageChange={onPageChange}
        testId="attendance-total"
      />
    </Stack>
  );
}

type RowProps = {
  row: AttendanceRow;
  date: string;
  roleId: number;
  canMark: boolean;
  /** The signed-in user's own row: no one marks their own attendance. */
  own: boolean;
};

function AttendanceTableRow({ row, date, roleId, canMark, own }: RowProps) {
  const [status, setStatus] = useState<AttendanceStatus | ''>(row.attendance ?? '');
  const [note, setNote] = useState(row.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const mark = useMarkAttendance(roleId);
  const savedNote = (row.note ?? '').trim();
  const changed = status !== (row.attendance ?? '') || note.trim() !== savedNote;

  const save = () => {
    setError(null);
    // An emptied note is sent as '' so it replaces the saved one; no note at all is left out.
    const body = { userId: row.id, date, status, note: note.trim() || savedNote ? note : undefined };
    const parsed = attendanceMarkSchema.safeParse(body);
    if (!parsed.success) {
      const errors = zodFieldErrors(parsed.error);
      setError(errors.status ? 'Choose Present or Absent' : (Object.values(errors)[0] ?? null));
      return;
    }
    mark.mutate(parsed.data, {
      onSuccess: () => notifySuccess(`Attendance saved for ${row.name}`),
      onError: (err) => setError(serverFieldErrors(err).userId ?? serverFieldErrors(err).note ?? inlineErrorOf(err)),
    });
  };

  if (!canMark || own) {
    return (
      <Table.Tr>
        <Table.Td>{row.name}</Table.Td>
        <Table.Td>{row.email}</Table.Td>
        <Table.Td>
          {row.attendance ? (
            <Badge variant="light" color={STATUS_COLOR[row.attendance]}>
              {row.attendance}
            </Badge>
          ) : (
            <Badge variant="light" color="gray">
              Not marked
            </Badge>
          )}
        </Table.Td>
        <Table.Td>{row.note ?? ''}</Table.Td>
        {canMark && (
          <Table.Td>
            <Text size="xs" c="dimmed">
              {OWN_ROW_NOTE}
            </Text>
          </Table.Td>
        )}
      </Table.Tr>
    );
  }

  return (
    <Table.Tr>
      <Table.Td>{row.name}</Table.Td>
      <Table.Td>{row.email}</Table.Td>
      <Table.Td>
        <SegmentedControl
          aria-label={`Attendance of ${row.name}`}
          size="xs"
          value={status}
          onChange={(v) => setStatus(v as AttendanceStatus)}
          data={['Present', 'Absent']}
          color={status ? STATUS_COLOR[status] : undefined}
          disabled={mark.isPending}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={`Note for ${row.name}`}
          placeholder="Optional note"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={300}
          disabled={mark.isPending}
          error={error}
        />
      </Table.Td>
      <Table.Td>
        <Button
          size="compact-sm"
          onClick={save}
          loading={mark.isPending}
          disabled={!status || !changed}
          aria-label={`Save attendance of ${row.name}`}
        >
          Save
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
