import { directingEndpoints, urlOf } from '@bridge/api';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** The print view of the table cards or pair guides (the console's print pages, with print CSS). */
const printHref = (key: string, what: 'tables' | 'pairs') => `/console/direct/${encodeURIComponent(key)}/print/${what}`;

/** Where the director prints the table cards and pair guides: the print view, or the PDF. */
export function PrintSection({ eventKey }: { eventKey: string }) {
  const items = [
    {
      label: 'table cards',
      what: 'tables' as const,
      pdf: urlOf(directingEndpoints.tableCards, { key: eventKey }),
      help: 'For each table: its rounds, pairs and boards, its QR code and code.',
    },
    {
      label: 'pair guides',
      what: 'pairs' as const,
      pdf: urlOf(directingEndpoints.pairGuides, { key: eventKey }),
      help: 'For each pair: where it sits and which boards it plays, round by round.',
    },
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="print-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="print-heading">
          Print
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {items.map((item) => (
            <Stack gap={6} key={item.what}>
              <Text size="sm" c="dimmed">
                {item.help}
              </Text>
              <Group gap="xs">
                <Button component={Link} to={printHref(eventKey, item.what)} variant="default">
                  Print {item.label}
                </Button>
                <Button
                  component="a"
                  href={item.pdf}
                  target="_blank"
                  rel="noopener"
                  variant="subtle"
                  aria-label={`${item.label[0]!.toUpperCase()}${item.label.slice(1)} as PDF`}
                >
                  PDF
                </Button>
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
