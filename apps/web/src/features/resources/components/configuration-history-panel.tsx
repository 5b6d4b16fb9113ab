import type { ResourceDef } from '@cohort/domain';
import { Alert, Badge, Button, Code, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ApiRecord } from '../../../components/resource-form/form-values';
import { useCan } from '../../../lib/auth';
import { formatDate, readableText } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import {
  type ConfigurationVersion,
  useConfigurationHistory,
  useRollbackConfiguration,
} from '../api/website-configuration-history';

/** Lines of `next` not in `prev` and the other way round: enough of a diff for a setting's value. */
export function lineDiff(prev: string, next: string): { id: number; sign: '+' | '-' | ' '; text: string }[] {
  const a = prev.split('\n');
  const b = next.split('\n');
  const out: { id: number; sign: '+' | '-' | ' '; text: string }[] = [];
  for (const line of a) out.push({ id: out.length, sign: b.includes(line) ? ' ' : '-', text: line });
  for (const line of b) if (!a.includes(line)) out.push({ id: out.length, sign: '+', text: line });
  return out;
}

function Diff({ before, after }: { before: string; after: string }) {
  return (
    <Code block style={{ whiteSpace: 'pre-wrap' }}>
      {lineDiff(before, after).map((l) => (
        <Text
          key={l.id}
          span
          c={l.sign === '+' ? 'green' : l.sign === '-' ? 'red' : undefined}
          display="block"
          ff="monospace"
          size="sm"
        >
          {l.sign} {readableText(l.text)}
        </Text>
      ))}
    </Code>
  );
}

/** A website setting's saved values, newest first, each with its change and a rollback. */
export function ConfigurationHistoryPanel({ def, id, record }: { def: ResourceDef; id: string; record: ApiRecord }) {
  const history = useConfigurationHistory(id);
  const rollback = useRollbackConfiguration(id);
  const canRollback = useCan()(def.permission, 'update');

  const confirmRollback = (v: ConfigurationVersion) =>
    modals.openConfirmModal({
      title: `Roll back to version ${v.version}?`,
      centered: true,
      children: (
        <Text size="sm">
          Its value becomes the newest version ({Number(record.version) + 1}). The history keeps every version.
        </Text>
      ),
      labels: { confirm: 'Roll back', cancel: 'Cancel' },
      onConfirm: () =>
        rollback.mutate(
          { toVersion: v.version, version: Number(record.version) },
          { onSuccess: () => notifySuccess(`Rolled back to version ${v.version}`) },
        ),
    });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          History
        </Title>
        {history.isPending && <Loader size="sm" />}
        {history.isError && <Alert color="red">The history could not be loaded.</Alert>}
        {history.data?.data.map((v, i, all) => (
          <Stack key={v.version} gap={4} data-testid={`version-${v.version}`}>
            <Group gap="xs">
              <Badge variant="light">Version {v.version}</Badge>
              <Text size="sm" c="dimmed">
                {formatDate(v.createdAt)} · {v.changedByName ?? 'unknown'}
                {v.restoredFrom ? ` · restored version ${v.restoredFrom}` : ''}
              </Text>
              {i === 0 ? (
                <Badge color="green" variant="light">
                  Current
                </Badge>
              ) : (
                canRollback && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    loading={rollback.isPending}
                    onClick={() => confirmRollback(v)}
                  >
                    Roll back to this version
                  </Button>
                )
              )}
            </Group>
            <Diff before={all[i + 1]?.value ?? ''} after={v.value} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
