import type { GridCell, LiveView, SessionPhase } from '@bridge/api';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import type { StreamStatus } from '../../../lib/event-stream';
import { notifySuccess } from '../../../lib/notify';
import { pairGuidesHref, tableCardsHref, useClock, useCompleteEvent, useLiveStream, useLiveView, useNextRound, useStartSession } from './api';
import type { GridBoard } from './board-status';
import { formatDuration, readClock, useNow } from '../../../lib/round-clock';
import { DirectorCalls, DisputedClaims } from './director-calls';
import { GridLegend, LiveGrid } from './live-grid';
import classes from './live-view.module.css';
import { RankingTable } from './ranking-table';
import { ResultDialog, type BoardTarget } from './result-dialog';

const phaseWords: Record<SessionPhase, string> = { preparation: 'In preparation', play: 'In play', complete: 'Complete' };
const scoringWords = { matchpoints: 'Matchpoints', 'cross-imps': 'Cross-IMPs', butler: 'Butler' } as const;

/** The director's live view of one event: clock, grid of tables by rounds, results, provisional ranking, Complete. */
export function LiveViewPage() {
  const key = useParams().key ?? '';
  const view = useLiveView(key);
  const stream = useLiveStream(key);

  const back = (
    <Button component={Link} to={paths.console.direct.getHref()} variant="subtle" leftSection={<span aria-hidden="true">←</span>} px="xs">
      Directing
    </Button>
  );

  if (view.isPending) {
    return (
      <Stack align="flex-start">
        {back}
        <Center py="xl" w="100%" role="status" aria-label="Loading the event">
          <Loader />
        </Center>
      </Stack>
    );
  }
  if (view.isError) {
    return (
      <Stack align="flex-start">
        <PageTitle title="Live view" />
        {back}
        <Alert color="red" variant="light" role="alert" title="We could not load this event">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(view.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void view.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return <LiveViewContent eventKey={key} view={view.data} readAt={view.dataUpdatedAt} stream={stream} back={back} />;
}

type ContentProps = { eventKey: string; view: LiveView; readAt: number; stream: StreamStatus; back: ReactNode };

function LiveViewContent({ eventKey, view, readAt, stream, back }: ContentProps) {
  const { event } = view;
  const [target, setTarget] = useState<BoardTarget | null>(null);
  const [confirming, setConfirming] = useState<'next' | 'complete' | null>(null);
  const nextRound = useNextRound(eventKey);
  const complete = useCompleteEvent(eventKey);
  const start = useStartSession(eventKey);

  const pairLabel = (side: 'NS' | 'EW', pair: number) => (event.winners === 2 ? `${side} ${pair}` : String(pair));
  const namesByPair = new Map(view.entries.map((entry) => [entry.pair, entry.players.map((player) => player.name).join(' & ')]));
  const pairName = (side: 'NS' | 'EW', pair: number) => {
    const names = namesByPair.get(event.winners === 2 ? `${side}${pair}` : String(pair));
    return names ? `${pairLabel(side, pair)} (${names})` : pairLabel(side, pair);
  };
  const channels = event.phase === 'play' ? event.videoChannels : null;
  const videoHref = channels
    ? (table: number) => {
        const channel = channels[table - 1];
        return channel ? paths.video.chat.getHref({ table: channel, name: `Table ${table}`, audio: true, video: true }) : undefined;
      }
    : undefined;
  // An online event's tables are open to the director while it is in play.
  const joinHref = event.online && event.phase === 'play' ? (table: number) => paths.play.getHref(eventKey, table) : undefined;
  const openBoard = (cell: GridCell, board: GridBoard) => setTarget({ cell, board, pairName });

  const lastRound = event.currentRound >= event.rounds;
  const inPlay = event.phase === 'play';

  const confirmNext = async () => {
    try {
      const { round } = await nextRound.mutateAsync();
      notifySuccess(`Round ${round} is under way`);
    } finally {
      setConfirming(null);
    }
  };
  const confirmComplete = async () => {
    try {
      await complete.mutateAsync();
      notifySuccess('The event is complete: the results are public and the players are being emailed');
    } finally {
      setConfirming(null);
    }
  };

  return (
    <Stack gap="lg">
      <PageTitle title={`${event.name} - Live view`} />
      <Group justify="space-between" gap="sm" wrap="wrap">
        {back}
        <StreamBadge state={stream} />
      </Group>

      <Stack gap={4}>
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {event.name}
          </Title>
          <Badge variant="light" color={event.phase === 'play' ? 'felt' : 'gray'}>
            {phaseWords[event.phase]}
          </Badge>
        </Group>
        <Text c="dimmed">
          {event.movementName}, {event.tables} {event.tables === 1 ? 'table' : 'tables'}, {scoringWords[event.scoring]}
        </Text>
      </Stack>

      <Paper withBorder radius="md" p="md" component="section" aria-label="Round and clock">
        <Group justify="space-between" align="center" gap="md" wrap="wrap">
          <Group gap="xl" align="center" wrap="wrap">
            <Text fw={700} fz="lg">
              {event.phase === 'preparation' ? `${event.rounds} rounds` : `Round ${event.currentRound} of ${event.rounds}`}
            </Text>
            {inPlay ? <RoundClockView eventKey={eventKey} clock={view.clock} readAt={readAt} /> : null}
          </Group>
          <Group gap="xs" wrap="wrap">
            {event.phase === 'preparation' ? (
              <Button
                onClick={() => void start.mutateAsync().then(({ round }) => notifySuccess(`Round ${round} is under way`))}
                loading={start.isPending}
              >
                Start the session
              </Button>
            ) : null}
            {inPlay ? (
              <Button variant="default" onClick={() => setConfirming('next')} disabled={lastRound}>
                Next round
              </Button>
            ) : null}
            {event.phase !== 'complete' ? (
              <Button onClick={() => setConfirming('complete')} disabled={event.phase === 'preparation'}>
                Complete
              </Button>
            ) : null}
          </Group>
        </Group>
      </Paper>

      {joinHref ? <DirectorCalls calls={view.directorCalls} joinHref={joinHref} /> : null}
      {joinHref ? <DisputedClaims claims={view.disputedClaims} joinHref={joinHref} /> : null}

      <Group gap="md" wrap="wrap">
        <Anchor component={Link} to={paths.console.directEntries.getHref(eventKey)}>
          Entries
        </Anchor>
        <Anchor href={tableCardsHref(eventKey)} target="_blank" rel="noopener">
          Print table cards (PDF)
        </Anchor>
        <Anchor href={pairGuidesHref(eventKey)} target="_blank" rel="noopener">
          Print pair guide cards (PDF)
        </Anchor>
      </Group>

      <Stack gap="sm" component="section" aria-labelledby="grid-heading">
        <Title order={2} fz="lg" id="grid-heading">
          Tables and rounds
        </Title>
        <Text size="sm" c="dimmed">
          Choose a board to enter or correct its result, give an adjusted score, or mark it not played.
        </Text>
        <LiveGrid
          grid={view.grid}
          tables={event.tables}
          rounds={event.rounds}
          currentRound={event.phase === 'play' ? event.currentRound : 0}
          pairLabel={pairLabel}
          onBoard={openBoard}
          videoHref={videoHref}
          joinHref={joinHref}
        />
        <GridLegend />
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="ranking-heading">
        <Title order={2} fz="lg" id="ranking-heading">
          {event.phase === 'complete' ? 'Ranking' : 'Provisional ranking'}
        </Title>
        <RankingTable ranking={view.ranking} scoring={event.scoring} />
      </Stack>

      <ResultDialog eventKey={eventKey} target={target} onClose={() => setTarget(null)} />
      <ConfirmDialog
        opened={confirming === 'next'}
        title={`Start round ${event.currentRound + 1}?`}
        message={`Round ${event.currentRound} ends for every table: the pairs and boards move, and the clock starts again for round ${event.currentRound + 1}. Results still missing from round ${event.currentRound} can then be entered here only.`}
        confirmLabel="Next round"
        loading={nextRound.isPending}
        onConfirm={() => void confirmNext().catch(() => undefined)}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={confirming === 'complete'}
        title="Complete the event?"
        message="The ranks are stored and the results become public. Every player with an account is emailed their place and score, with a link to their pair on the results page."
        confirmLabel="Complete and publish"
        loading={complete.isPending}
        onConfirm={() => void confirmComplete().catch(() => undefined)}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}

function RoundClockView({ eventKey, clock, readAt }: { eventKey: string; clock: LiveView['clock']; readAt: number }) {
  const now = useNow(clock.running);
  const toggle = useClock(eventKey);
  const reading = readClock(clock, readAt, now);
  return (
    <Group gap="md" align="center" wrap="wrap">
      <div role="timer" aria-label="Round clock" className={classes.clock}>
        <Text span fw={600} fz="lg">
          {formatDuration(reading.elapsedMs)}
        </Text>
        <Text span c="dimmed">
          {` of ${formatDuration(clock.roundMs)} `}
        </Text>
        {reading.late ? (
          <Badge color="red.8" variant="filled" className={classes.lateBadge}>
            {`Late by ${formatDuration(-reading.leftMs)}`}
          </Badge>
        ) : (
          <Text span>{`${formatDuration(reading.leftMs)} left`}</Text>
        )}
        {!clock.running ? (
          <Text span c="dimmed">
            {' (paused)'}
          </Text>
        ) : null}
      </div>
      <Button size="xs" variant="default" onClick={() => toggle.mutate(!clock.running)} loading={toggle.isPending}>
        {clock.running ? 'Pause the clock' : 'Start the clock'}
      </Button>
    </Group>
  );
}

function StreamBadge({ state }: { state: StreamStatus }) {
  const words = { connecting: 'Connecting', live: 'Live', reconnecting: 'Reconnecting' } as const;
  return (
    <Badge
      role="status"
      variant="light"
      color={state === 'live' ? 'felt' : state === 'reconnecting' ? 'orange' : 'gray'}
      leftSection={<span className={classes.liveDot} aria-hidden="true" />}
      title={state === 'live' ? 'Changes appear as they are made' : 'Changes appear again once the connection is back'}
    >
      {words[state]}
    </Badge>
  );
}
