import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Section } from './section';

/** An app page's download band: what to install and where, its button, and a note beside it. */
export function GetTheApp({
  id,
  title,
  children,
  download,
  note,
}: {
  id: string;
  title: string;
  /** What to install and where. */
  children: ReactNode;
  download: { to: string; label: string };
  note: { title: string; body: ReactNode };
}) {
  return (
    <Section id={id}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="sm">
          <Title order={2} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          <Text c="dimmed" size="lg">
            {children}
          </Text>
          <Group gap="sm" mt="xs">
            <Button component={Link} to={download.to} size="md">
              {download.label}
            </Button>
          </Group>
        </Stack>
        <Paper withBorder radius="md" p="lg">
          <Text fw={700}>{note.title}</Text>
          <Text size="sm" c="dimmed" mt={6}>
            {note.body}
          </Text>
        </Paper>
      </SimpleGrid>
    </Section>
  );
}
