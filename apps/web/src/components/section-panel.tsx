import { Paper, Stack, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/** A bordered section of a page, named by its heading, its parts lined up at the start. */
export function SectionPanel({
  headingId,
  title,
  padding = 'md',
  gap = 'sm',
  children,
}: {
  headingId: string;
  title: ReactNode;
  padding?: MantineSpacing;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={padding} component="section" aria-labelledby={headingId}>
      <Stack gap={gap} align="flex-start">
        <Title order={2} fz="lg" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
