import type { EntryView } from '@bridge/api';
import { Paper, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Table.layer.css';
import { startText } from '../entries';

/** The entries once the session has started: each pair, where it starts and its players. */
export function ReadOnlyEntries({ entries }: { entries: EntryView[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="entries-heading">
      <Title order={2} fz="lg" id="entries-heading" mb="sm">
        Entries
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The session has started: the entries no longer change.
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Pair</Table.Th>
              <Table.Th scope="col">Starts</Table.Th>
              <Table.Th scope="col">Players</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.pair}>
                <Table.Th scope="row">{entry.pair}</Table.Th>
                <Table.Td>{startText(entry)}</Table.Td>
                <Table.Td>
                  {entry.players.length ? (
                    entry.players.map((p) => (p.guest ? `${p.name} (guest)` : p.name)).join(' & ')
                  ) : (
                    <Text span c="dimmed">
                      Not entered
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
