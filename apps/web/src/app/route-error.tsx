import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Last resort for errors no page handled: never a stack trace, always a way forward. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);

  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={460} ta="center" role="alert">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Something went wrong
        </Title>
        <Text c="dimmed">An unexpected error stopped this page. Reloading usually helps.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
