import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';

export function ResultsPage() {
  const { key = '' } = useParams();
  return (
    <Container size="lg" py={{ base: 40, sm: 64 }}>
      <PageTitle title={`Results ${key}`} />
      <Stack gap="lg">
        <div>
          <Text size="sm" fw={700} c="felt.8" tt="uppercase">
            Event results
          </Text>
          <Title order={1} mt={4} style={{ overflowWrap: 'anywhere' }}>
            {key}
          </Title>
        </div>
        <Paper withBorder radius="md" p="xl">
          <Text fw={600}>Results are being prepared</Text>
          <Text c="dimmed" mt={4}>
            The ranking, travellers for every board and hand diagrams of this event will be shown here, with
            XML and PBN downloads.
          </Text>
        </Paper>
      </Stack>
    </Container>
  );
}
