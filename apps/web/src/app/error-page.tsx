import { MESSAGES } from '@cohort/domain/errors';
import { Anchor, Center, Stack, Text, Title } from '@mantine/core';

/** Spec §2 error page; "Click Here" reloads the current path. */
export function ErrorPage() {
  const here = `${window.location.pathname}${window.location.search}`;
  return (
    <Center h="100dvh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Title order={1}>{MESSAGES.errorPageHeading}</Title>
        <Text size="lg">{MESSAGES.errorPageText}</Text>
        <Anchor
          href={here}
          onClick={(e) => {
            e.preventDefault();
            window.location.assign(here);
          }}
        >
          {MESSAGES.errorPageLink}
        </Anchor>
      </Stack>
    </Center>
  );
}
