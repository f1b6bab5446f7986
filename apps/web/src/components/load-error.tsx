import { Button, Center, Stack, Text, Title } from '@mantine/core';

/** Shown when a part of the app could not be downloaded (offline, new release, or too slow). */
export function LoadError() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center" role="alert">
        <Title order={2}>This page could not be loaded</Title>
        <Text c="dimmed">Part of the app failed to download. Check your connection, then try again.</Text>
        <Button onClick={() => window.location.reload()}>Retry</Button>
      </Stack>
    </Center>
  );
}
