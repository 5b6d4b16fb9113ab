import type { ImportReport, ResourceDef } from '@cohort/domain';
import { lowerLabel } from '@cohort/domain';
import { Alert, Badge, Button, FileInput, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { FormModal } from '../../../components/dialogs/form-modal';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useImportResource } from '../api/import-resource';

const STATUS = {
  add: { label: 'Will be added', color: 'green' },
  added: { label: 'Added', color: 'green' },
  skip: { label: 'Already there', color: 'gray' },
  error: { label: 'Refused', color: 'red' },
} as const;

function ImportFlow({ def, onDone, onBusy }: { def: ResourceDef; onDone: () => void; onBusy: (b: boolean) => void }) {
  const run = useImportResource(def);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = (dryRun: boolean) => {
    if (!file) return;
    onBusy(true);
    setFailure(null);
    setProgress(0);
    run.mutate(
      { file, dryRun, onProgress: setProgress },
      {
        onSuccess: (r) => {
          setReport(r);
          if (!r.dryRun) {
            notifySuccess(`${r.add} ${lowerLabel(def.pluralLabel)} added${r.skip ? `, ${r.skip} already there` : ''}`);
            onDone();
          }
        },
        onError: (err) => {
          if (err instanceof ApiError) setFailure(err.message);
        },
        onSettled: () => {
          onBusy(false);
          setProgress(null);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        A CSV or XLSX file with a header row naming the fields (
        {def.fields
          .filter((f) => f.form)
          .map((f) => f.label)
          .join(', ')}
        ). First you see what would happen to each row; nothing is added until you confirm, and then either every row is
        added or none.
      </Text>
      <FileInput
        label="File"
        placeholder="Choose a .csv or .xlsx file"
        accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        leftSection={<IconFileImport size={16} />}
        value={file}
        onChange={(f) => {
          setFile(f);
          setReport(null);
          setFailure(null);
        }}
        clearable
      />
      {progress !== null && <Progress value={progress * 100} aria-label="Upload progress" />}
      {failure && <Alert color="red">{failure}</Alert>}
      {report && (
        <>
          <Group gap="xs">
            <Badge color="green" variant="light">
              {report.add} to add
            </Badge>
            <Badge color="gray" variant="light">
              {report.skip} already there
            </Badge>
            <Badge color="red" variant="light">
              {report.error} refused
            </Badge>
            {report.ignoredColumns.length > 0 && (
              <Text size="xs" c="dimmed">
                Ignored columns: {report.ignoredColumns.join(', ')}
              </Text>
            )}
          </Group>
          <Table.ScrollContainer minWidth={420} mah={320}>
            <Table striped withTableBorder stickyHeader>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>{def.fields.find((f) => f.name === def.titleField)?.label ?? 'Record'}</Table.Th>
                  <Table.Th>Result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rows.map((r) => (
                  <Table.Tr key={r.row}>
                    <Table.Td>{r.row}</Table.Td>
                    <Table.Td>{r.title ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS[r.status].color} variant="light">
                        {STATUS[r.status].label}
                      </Badge>
                      {r.issues?.map((i) => (
                        <Text key={`${i.path.join('.')}:${i.message}`} size="xs" c="red">
                          {String(i.path[0] ?? '')}: {i.message}
                        </Text>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={run.isPending}>
          Close
        </Button>
        {!report ? (
          <Button onClick={() => send(true)} disabled={!file} loading={run.isPending}>
            Check the file
          </Button>
        ) : (
          <Button onClick={() => send(false)} disabled={report.error > 0 || report.add === 0} loading={run.isPending}>
            Add {report.add} {report.add === 1 ? lowerLabel(def.label) : lowerLabel(def.pluralLabel)}
          </Button>
        )}
      </Group>
      {report && report.error > 0 && (
        <Text size="sm" c="red">
          Correct the refused rows in your file and choose it again: nothing is added while any row is refused.
        </Text>
      )}
    </Stack>
  );
}

/** "Import" on a list whose resource takes bulk imports. */
export function ImportButton({ def }: { def: ResourceDef }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setOpened(true)}>
        Import
      </Button>
      <FormModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Import ${lowerLabel(def.pluralLabel)}`}
        size="lg"
      >
        {(onBusy) => <ImportFlow def={def} onDone={() => setOpened(false)} onBusy={onBusy} />}
      </FormModal>
    </>
  );
}
