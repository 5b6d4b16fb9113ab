import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from './router-links';

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

/** An address with nothing at it (an unknown screen, a mistyped link): not a permission matter. */
export function NotFoundPage() {
  return (
    <Stack align="flex-start" gap="md">
      <Title order={1}>Page not found</Title>
      <Text>There is nothing at this address. Check the link, or go back to the dashboard.</Text>
      <ButtonLink to="/">Go to the dashboard</ButtonLink>
    </Stack>
  );
}
