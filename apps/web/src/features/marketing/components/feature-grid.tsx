import { Paper, SimpleGrid, Text } from '@mantine/core';

export type Feature = { title: string; text: string };

export function FeatureGrid({ features, cols = 3 }: { features: Feature[]; cols?: 2 | 3 | 4 }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: cols }} spacing="lg">
      {features.map((feature) => (
        <Paper key={feature.title} withBorder radius="md" p="lg">
          <Text fw={700} component="h3" m={0} fz="md">
            {feature.title}
          </Text>
          <Text c="dimmed" size="sm" mt={6}>
            {feature.text}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
