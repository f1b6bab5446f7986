import { Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SectionProps = { title?: string; intro?: ReactNode; children?: ReactNode; muted?: boolean; id?: string };

export function Section({ title, intro, children, muted = false, id }: SectionProps) {
  return (
    <section id={id} style={{ background: muted ? 'var(--mantine-color-gray-0)' : undefined }}>
      <Container size="lg" py={{ base: 48, sm: 72 }}>
        {title ? (
          <Title order={2} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
        ) : null}
        {intro ? (
          <Text c="dimmed" size="lg" mt="sm" maw={720}>
            {intro}
          </Text>
        ) : null}
        {children ? <div style={{ marginTop: title || intro ? 'var(--mantine-spacing-xl)' : undefined }}>{children}</div> : null}
      </Container>
    </section>
  );
}
