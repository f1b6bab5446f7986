import { messages } from '@bridge/api';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { SuitRow } from '../../components/suit-row';
import { paths } from '../../config/paths';

/** An unknown address of the public site: the whole screen, and a way back to the home page. */
export function NotFoundPage() {
  return (
    <Center component="main" mih="100dvh" p="md">
      <NotFoundContent home="/" homeLabel="Go Back Home" />
    </Center>
  );
}

/**
 * An unknown address inside a layout (console, admin console, video): the same texts inside the layout's own
 * frame, which keeps its navigation, and a way back to that area's home instead of the public site.
 */
function NotFoundInLayout({ home, homeLabel }: { home: string; homeLabel: string }) {
  return (
    <Center py="xl" px="md">
      <NotFoundContent home={home} homeLabel={homeLabel} />
    </Center>
  );
}

function NotFoundContent({ home, homeLabel }: { home: string; homeLabel: string }) {
  return (
    <Stack align="center" gap="md" ta="center" maw={480}>
      <PageTitle title="Page not found" />
      <SuitRow size={48} />
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {messages.notFoundTitle}
      </Title>
      <Text c="dimmed">{messages.notFoundText}</Text>
      <Button component={Link} to={home} size="md" mt="sm">
        {homeLabel}
      </Button>
    </Stack>
  );
}

export const ConsoleNotFoundPage = () => <NotFoundInLayout home={paths.console.root.getHref()} homeLabel="Back to your console" />;
export const AdminNotFoundPage = () => <NotFoundInLayout home={paths.admin.console.getHref()} homeLabel="Back to the admin console" />;
export const VideoNotFoundPage = () => <NotFoundInLayout home={paths.video.root.getHref()} homeLabel="Back to your tables" />;
