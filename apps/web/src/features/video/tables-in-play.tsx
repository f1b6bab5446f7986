import type { VideoTableInPlay } from '@bridge/api';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { myTablesQueryOptions } from './api';
import { CameraIcon } from './components/video-icons';
import { videoTexts } from './texts';

/** Where the player sits now: "Table 2, West", or the seat alone where every player shares one room. */
export const placeLabel = (table: VideoTableInPlay) => (table.table === null ? table.seat : `Table ${table.table}, ${table.seat}`);

/** One event in play: its name and key, where the player sits now, the way to the table online, and into its video. */
function TableRow({ table }: { table: VideoTableInPlay }) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <div style={{ minWidth: 0 }}>
        <Text fw={600}>{table.name || table.key}</Text>
        <Text size="sm" c="dimmed">
          {placeLabel(table)} · key {table.key}
        </Text>
      </div>
      <Group gap="xs">
        {table.play ? (
          <Button component={Link} to={paths.play.getHref(table.key)} aria-label={`Take your seat: ${table.name || table.key}`}>
            Take your seat
          </Button>
        ) : null}
        <Button
          component={Link}
          to={paths.video.root.getHref(table.key)}
          variant={table.play ? 'default' : 'filled'}
          leftSection={<CameraIcon size={18} />}
          aria-label={`${videoTexts.joinVideo}: ${table.name || table.key}`}
        >
          {videoTexts.joinVideo}
        </Button>
      </Group>
    </Group>
  );
}

/**
 * The signed-in player's events in play with a link to their table's video; nothing at all when they have none
 * (or the list cannot be loaded: the page around it is about something else).
 */
export function TablesInPlay({ title = 'Events in play' }: { title?: string }) {
  const query = useQuery(myTablesQueryOptions());
  const tables = query.data ?? [];
  if (tables.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {tables.map((table) => (
          <TableRow key={table.key} table={table} />
        ))}
      </Stack>
    </Paper>
  );
}
