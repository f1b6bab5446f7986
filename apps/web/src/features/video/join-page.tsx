import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';

export function JoinPage() {
  const [searchParams] = useSearchParams();
  const tournamentKey = searchParams.get('key');
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={520}>
      <PageTitle title="Join video chat" />
      <Stack gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Join your table
        </Title>
        <Text c="dimmed">
          See and hear the other players at your table while you play. Choose your table, check your camera and
          microphone, then join.
        </Text>
        {tournamentKey ? (
          <Text size="sm">
            Tournament: <strong>{tournamentKey}</strong>
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          Open this page from the Player app to join the video chat of your event.
        </Text>
        <Button disabled mt="sm">
          Join
        </Button>
      </Stack>
    </Paper>
  );
}
