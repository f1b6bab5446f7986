import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { PageTitle } from '../../components/page-title';

export function EndVideoPage() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={520}>
      <PageTitle title="Left video chat" />
      <Stack gap="sm" align="flex-start">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          You left the video chat
        </Title>
        <Text c="dimmed">Your camera and microphone are off. You can close this tab or rejoin your table.</Text>
        <Button component={Link} to={paths.video.root.getHref()} mt="sm">
          Rejoin
        </Button>
      </Stack>
    </Paper>
  );
}
