import type { PublicEvent } from '@bridge/api';
import { Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import { paths } from '../../config/paths';
import { PageTitle } from '../../components/page-title';
import { errorMessage } from '../../lib/api-client';
import { useRecentEvents } from './api';
import { FeatureGrid } from './components/feature-grid';
import { PageHero } from './components/page-hero';
import { Section } from './components/section';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function EventCard({ event }: { event: PublicEvent }) {
  const when = dateFormat.format(new Date(event.completedAt ?? event.createdAt));
  return (
    <Paper withBorder radius="md" p="md" component="li" style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={4} fz="lg">
            {event.resultsUrl ? (
              <Anchor component={Link} to={event.resultsUrl} inherit>
                {event.name}
              </Anchor>
            ) : (
              event.name
            )}
          </Title>
          {event.resultsUrl ? null : (
            <Badge color="red" variant="light" style={{ flexShrink: 0 }}>
              In play
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {when} · {event.tables} tables · {event.movementType} · {event.scoreType === 'IMP' ? 'IMPs' : 'Matchpoints'}
        </Text>
        {event.resultsUrl ? (
          <Anchor component={Link} to={event.resultsUrl} size="sm" aria-label={`Results of ${event.name}`}>
            Ranking, travellers and hands
          </Anchor>
        ) : (
          <Text size="sm">Results are published when the last board is played.</Text>
        )}
      </Stack>
    </Paper>
  );
}

function EventList({ title, events }: { title: string; events: PublicEvent[] }) {
  if (events.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={3} fz="h3">
        {title}
      </Title>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" p={0} m={0}>
        {events.map((event) => (
          <EventCard key={event.key} event={event} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function NoEventsYet() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs" py="lg" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light" aria-hidden="true">
          <svg
            width="26"
            height="26"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4" />
          </svg>
        </ThemeIcon>
        <Title order={3} fz="xl">
          No public tournaments yet
        </Title>
        <Text c="dimmed" maw={520}>
          When organisers open an event to the public, it will be listed here with its date, movement and scoring, so you can join it from the Player
          app or follow the results as they come in.
        </Text>
        <Group gap="sm" mt="md" justify="center">
          <Button component={Link} to={paths.organiserApp.getHref()}>
            Run an event
          </Button>
          <Button component={Link} to={paths.playerApp.getHref()} variant="default">
            Get the Player app
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function EventLists() {
  const events = useRecentEvents();
  return (
    <Section title="Public tournaments">
      {events.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading tournaments" />
        </Group>
      ) : events.isError ? (
        <Stack align="center" gap="sm" py="lg">
          <Text role="alert">{errorMessage(events.error)}</Text>
          <Button variant="default" onClick={() => void events.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : events.data.live.length + events.data.completed.length === 0 ? (
        <NoEventsYet />
      ) : (
        <Stack gap="xl">
          <EventList title="In play now" events={events.data.live} />
          <EventList title="Recent results" events={events.data.completed} />
        </Stack>
      )}
    </Section>
  );
}

export function TournamentsPage() {
  return (
    <>
      <PageTitle title="Tournaments" description="Public pair events in play and the latest results on the bridge platform." />
      <PageHero eyebrow="Tournaments" title="Events for every kind of bridge player">
        <p>
          Organisers create events in the Organizer app and players join them from the Player app. When the last board is played, the ranking,
          travellers and hand records are published.
        </p>
      </PageHero>

      <EventLists />

      <Section title="Kinds of events" muted>
        <FeatureGrid
          features={[
            { title: 'Pair events', text: 'Mitchell or Howell movements with matchpoint or IMP scoring, for any number of tables.' },
            { title: 'Solitaire', text: 'Play a set of boards on your own and compare your results with everyone who played them.' },
            { title: 'Hybrid club sessions', text: 'Real cards on the table, with bidding, scoring and results handled by the apps.' },
          ]}
        />
      </Section>
    </>
  );
}
