import { messages } from '@bridge/api';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { SuitRow } from '../../components/suit-row';

export function NotFoundPage() {
  return (
    <Center component="main" mih="100dvh" p="md">
      <PageTitle title="Page not found" />
      <Stack align="center" gap="md" ta="center" maw={480}>
        <SuitRow size={48} />
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {messages.notFoundTitle}
        </Title>
        <Text c="dimmed">{messages.notFoundText}</Text>
        <Button component={Link} to="/" size="md" mt="sm">
          Go Back Home
        </Button>
      </Stack>
    </Center>
  );
}
