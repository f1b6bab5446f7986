import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type DetailListProps = {
  title: string;
  items: { label: string; value: ReactNode }[];
  headingOrder?: 2 | 3 | 4;
};

/** A titled panel of labelled values, as a description list. */
export function DetailList({ title, items, headingOrder = 3 }: DetailListProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={headingOrder} fz="lg" mb="sm">
        {title}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
        {items.map((item) => (
          <div key={item.label}>
            <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
              {item.label}
            </Text>
            <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.value === null || item.value === undefined || item.value === '' ? '-' : item.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
