import { Alert, Button, Stack, Title } from '@mantine/core';

/**
 * What a role without the permission sees on a page it typed the url of (the
 * navigation already hides the link).
 */
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

/** A query that failed: says what could not be loaded and offers to try again. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => unknown }) {
  return (
    <Alert color="red" title={title}>
      <Button size="xs" variant="light" mt="xs" onClick={() => void onRetry()}>
        Try again
      </Button>
    </Alert>
  );
}
