import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

type AuthCardProps = {
  title: string;
  subtitle?: ReactNode;
  /** Document title when it differs from the heading. */
  documentTitle?: string;
  children: ReactNode;
};

/** The centred card of the account pages. */
export function AuthCard({ title, subtitle, documentTitle, children }: AuthCardProps) {
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }} w="100%" maw={440}>
      <PageTitle title={documentTitle ?? title} />
      <Title order={1} fz={{ base: 24, sm: 28 }} ta="center">
        {title}
      </Title>
      {subtitle ? (
        <Text c="dimmed" ta="center" mt={6} size="sm">
          {subtitle}
        </Text>
      ) : null}
      <div style={{ marginTop: 'var(--mantine-spacing-xl)' }}>{children}</div>
    </Paper>
  );
}
