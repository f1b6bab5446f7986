import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/**
 * For errors no page handled: never a stack trace, always a way forward. The root has one for the whole screen;
 * each layout (public, console, admin, video) has one inside its frame (`inLayout`), so its header and
 * navigation stay.
 */
export function RouteError({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  console.error(error);

  return (
    <Center mih={inLayout ? '60dvh' : '100dvh'} p="md">
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
