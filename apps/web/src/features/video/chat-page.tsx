import { Paper, Stack, Text, Title } from '@mantine/core';
import { PageTitle } from '../../components/page-title';

export function ChatPage() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={720}>
      <PageTitle title="Video chat" />
      <Stack gap="sm">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Video chat
        </Title>
        <Text c="dimmed">
          The players at your table will appear here once you join from the Player app.
        </Text>
      </Stack>
    </Paper>
  );
}
