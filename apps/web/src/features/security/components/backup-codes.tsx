import { Alert, Button, CopyButton, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { saveBlob } from '../../../lib/api-client';

/** The ten backup codes, shown once. */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  return (
    <Stack gap="md">
      <Alert color="orange" title="Save your backup codes now" role="alert">
        These backup codes will not be shown again. Store them somewhere safe: each one lets you sign in once if you
        lose your authenticator app.
      </Alert>
      <Paper withBorder p="md" radius="md">
        <List listStyleType="none" aria-label="Backup codes" spacing={4}>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {codes.map((c) => (
              <List.Item key={c}>
                <Text ff="monospace" fw={600}>
                  {c}
                </Text>
              </List.Item>
            ))}
          </SimpleGrid>
        </List>
      </Paper>
      <Group gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => saveBlob(new Blob([`${text}\n`], { type: 'text/plain' }), 'cohort-admin-backup-codes.txt')}
        >
          Download codes
        </Button>
        <Button onClick={onDone}>I have saved my codes</Button>
      </Group>
    </Stack>
  );
}
