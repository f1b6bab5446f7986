import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../lib/api-client';

/** Shown by a console shell when the signed-in user could not be loaded for a reason other than being signed out. */
export function ShellLoadError({ title, error, retrying, onRetry }: { title: string; error: unknown; retrying: boolean; onRetry: () => void }) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} fz={24}>
          {title}
        </Title>
        <Text c="dimmed" role="alert">
          {errorMessage(error)}
        </Text>
        <Button onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
