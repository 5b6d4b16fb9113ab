import { Alert, Stack, Title } from '@mantine/core';

/** What a role without the permission sees (the navigation hides the link; this covers a typed url). */
export function RoleNoAccess({ title }: { title: string }) {
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Alert color="gray" title="Not available">
        Your role cannot open this page.
      </Alert>
    </Stack>
  );
}
