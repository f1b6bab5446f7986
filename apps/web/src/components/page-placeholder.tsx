import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import '@mantine/core/styles/ThemeIcon.layer.css';
import { PageTitle } from './page-title';

type PagePlaceholderProps = {
  title: string;
  description: string;
  /** What will appear here, told to the user while the screen is empty. */
  emptyText?: string;
  children?: ReactNode;
};

/** A console screen's heading, its document title too, and one line of help under it. */
export function ConsoleHeading({ title, description }: { title: string; description: ReactNode }) {
  return (
    <>
      <PageTitle title={title} />
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        <Text c="dimmed" mt={4}>
          {description}
        </Text>
      </div>
    </>
  );
}

/** The frame of a console screen: heading, one line of help, and a calm empty panel. */
export function PagePlaceholder({ title, description, emptyText, children }: PagePlaceholderProps) {
  return (
    <Stack gap="lg">
      <ConsoleHeading title={title} description={description} />
      {children ?? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="xs" py="xl" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
              <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
                <rect x="3" y="4" width="18" height="16" rx="2" />
                <path d="M3 9h18M8 14h8" />
              </svg>
            </ThemeIcon>
            <Text fw={600}>Nothing to show yet</Text>
            <Text c="dimmed" size="sm" maw={420}>
              {emptyText ?? 'This section is being prepared and will be available soon.'}
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
