import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { PageTitle } from '../../components/page-title';
import { joinHref } from './video-paths';

/** After hang-up (state=1): the camera and microphone are off; rejoin the same event or leave. */
export function EndVideoPage() {
  const [params] = useSearchParams();
  const key = params.get('key') ?? undefined;
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={520}>
      <PageTitle title="Left video chat" />
      <Stack gap="sm" align="flex-start">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          You left the video chat
        </Title>
        <Text c="dimmed">Your camera and microphone are off. You can close this tab or rejoin your table.</Text>
        <Group mt="sm" gap="sm">
          <Button component={Link} to={joinHref({ key })}>
            Rejoin
          </Button>
          <Button component={Link} to={paths.console.root.getHref()} variant="default">
            Go To Dashboard
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
