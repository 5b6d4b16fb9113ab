import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Stack align="flex-start" gap="md" p="md">
      <Title order={1}>Page not found</Title>
      <Text>There is nothing at this address.</Text>
      <Button component={Link} to="/">
        Go to the dashboard
      </Button>
    </Stack>
  );
}
