import type { DirectedEvent, SessionPhase } from '@bridge/api';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import { paths } from '../../config/paths';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api-client';
import { plural } from '../../lib/plural';
import { directedEventsQueryOptions } from './api/events';
import { formatStart, phaseLabels, scoringLabels } from './format';

const groups: { phase: SessionPhase; empty: string }[] = [
  { phase: 'preparation', empty: 'No event is being prepared. Press New event to make one, then enter its pairs.' },
  { phase: 'play', empty: 'No event is in play. An event starts from its entries page, with Start the session.' },
  { phase: 'complete', empty: 'No event is complete yet. Complete an event from its live view once every board is in.' },
];

/** Where an event's link goes: its entries while it is prepared, its live view once started. */
const eventHref = (event: DirectedEvent) =>
  event.phase === 'preparation' ? paths.console.directEntries.getHref(event.key) : paths.console.directLive.getHref(event.key);

function EventCard({ event }: { event: DirectedEvent }) {
  const facts = [
    formatStart(event.startsAt),
    event.movementName,
    plural(event.tables, 'table'),
    scoringLabels[event.scoring],
    event.phase === 'play' ? `Round ${event.currentRound} of ${event.rounds}` : plural(event.rounds, 'round'),
  ];
  return (
    <Paper withBorder radius="md" p="md" component="li">
      <Stack gap={4}>
        <Anchor component={Link} to={eventHref(event)} fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {event.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          {facts.join(' · ')}
        </Text>
        <Text size="xs" c="dimmed">
          Organised by {event.organiser} · <span style={{ fontFamily: 'monospace' }}>{event.key}</span>
        </Text>
      </Stack>
    </Paper>
  );
}

/** Directing: the user's club sessions by phase, each a link to its entries or its live view, and New event. */
export function DirectEventsPage() {
  const events = useQuery(directedEventsQueryOptions());
  const total = events.data ? events.data.preparation.length + events.data.play.length + events.data.complete.length : 0;

  return (
    <Stack gap="lg">
      <PageTitle title="Directing" />
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Directing
          </Title>
          <Text c="dimmed" mt={4}>
            Run a club session: make the event, enter the pairs, print the table cards, then score it live.
          </Text>
        </div>
        <Button component={Link} to={paths.console.directNew.getHref()}>
          New event
        </Button>
      </Group>

      {events.isPending ? (
        <Center py="xl" role="status" aria-label="Loading your events">
          <Loader />
        </Center>
      ) : events.isError ? (
        <Alert color="red" variant="light" role="alert" title="We could not load your events">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(events.error)}</Text>
            <Button variant="default" size="xs" onClick={() => void events.refetch()} loading={events.isFetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : total === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs" ta="center">
            <Text fw={600}>You have no events yet</Text>
            <Text c="dimmed" size="sm" maw={460}>
              Press New event to make tonight's session: its name and time, the number of pairs and a movement that fits them, the scoring and the
              deals. You then enter the pairs and print the table cards.
            </Text>
            <Button component={Link} to={paths.console.directNew.getHref()} mt="xs">
              New event
            </Button>
          </Stack>
        </Paper>
      ) : (
        groups.map(({ phase, empty }) => {
          const list = events.data[phase];
          const headingId = `direct-${phase}`;
          return (
            <Stack component="section" aria-labelledby={headingId} gap="sm" key={phase}>
              <Group gap="xs">
                <Title order={2} fz="lg" id={headingId}>
                  {phaseLabels[phase]}
                </Title>
                <Badge variant="light" color="gray" aria-label={plural(list.length, 'event')}>
                  {list.length}
                </Badge>
              </Group>
              {list.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {empty}
                </Text>
              ) : (
                <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {list.map((event) => (
                    <EventCard event={event} key={event.key} />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          );
        })
      )}
    </Stack>
  );
}
