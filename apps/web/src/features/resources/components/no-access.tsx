import { Alert, Stack, Title } from '@mantine/core';

export function NoAccess({ title }: { title: string }) {
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Alert color="gray" title="Not available">
        Your role cannot open this page.
      </Alert>
    </Stack>
  );
}
