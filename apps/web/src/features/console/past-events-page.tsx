import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../app/paths';
import { EventList } from '../../components/events/event-list';
import { resultsHref, type EventRow } from '../../components/events/event-types';
import { formatDateTime } from '../../components/data-table';
import { myEventsSummaryQueryOptions, myPastEventsAdapter, SUMMARY_LIMIT } from './api';

export function PastEventsPage() {
  return (
    <Stack gap="lg">
      <MyResultsSummary />
      <EventList
        adapter={myPastEventsAdapter}
        variant="pair"
        title="Bridge Results"
        description="Pair events you played in or organised, with their participants, board results and details."
        previewHref={(key) => paths.console.pastEventPreview.getHref(key)}
      />
    </Stack>
  );
}

/**
 * What the user's list says about them: how many finished pair events they are in, and each event's public
 * results. The list carries no per-player score, so no percentage is shown here; the results page has it.
 */
export function MyResultsSummary() {
  const summary = useQuery(myEventsSummaryQueryOptions());
  if (summary.isPending || summary.isError) return null;
  const events: EventRow[] = summary.data.data;
  const more = summary.data.lastDocId !== null && events.length >= SUMMARY_LIMIT;
  const latest = events[0];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="my-results-summary">
      <Text id="my-results-summary" fw={700} mb="sm">
        Your bridge results
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb={events.length ? 'md' : 0}>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Events played
          </Text>
          <Text fz={28} fw={700} aria-label="Events played">
            {more ? `${events.length}+` : events.length}
          </Text>
          <Text size="xs" c="dimmed">
            Finished pair events you played in or organised
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Latest event
          </Text>
          <Text fw={600}>{latest ? (latest.details.typeName ?? latest.key) : 'None yet'}</Text>
          {latest ? (
            <Text size="xs" c="dimmed">
              {formatDateTime(latest.completedAt ?? latest.createdAt)}
            </Text>
          ) : null}
        </div>
      </SimpleGrid>
      {events.length ? (
        <nav aria-label="Results of your events">
          <Text size="sm" c="dimmed" mb={4}>
            Your score and ranking in each event are on its results page:
          </Text>
          <Group gap="xs" wrap="wrap" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {events.map((event) => (
              <li key={event.key}>
                <Anchor href={resultsHref(event.key)} size="sm" ff="monospace">
                  {`Results of ${event.key}`}
                </Anchor>
              </li>
            ))}
          </Group>
        </nav>
      ) : (
        <Text size="sm" c="dimmed">
          When an event you took part in is scored, it appears here with a link to its results.
        </Text>
      )}
    </Paper>
  );
}
