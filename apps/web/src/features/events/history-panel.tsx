import type { MyHistory } from '@bridge/api';
import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import '@mantine/core/styles/Skeleton.layer.css';
import { resultsHref } from './event-types';
import { chartPalette } from '../../components/line-chart';
import { TrendChart } from '../../components/trend-chart';
import { errorMessage } from '../../lib/api-client';
import { myHistoryQueryOptions } from './api/my-events';

// A typographic minus, as the results page writes IMPs, so signed values line up.
const MINUS = '\u2212';
export const formatPercentage = (value: number) => `${value.toFixed(2)}%`;
export const formatImps = (value: number) => {
  const text = Math.abs(value).toFixed(2);
  return Number(text) === 0 ? text : `${value < 0 ? MINUS : '+'}${text}`;
};

type Best = MyHistory['summary']['bestPercentage'];

function Stat({ label, value, best, events }: { label: string; value: string; best?: Best; events?: MyHistory['events'] }) {
  const event = best ? events?.find((e) => e.key === best.key) : undefined;
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} fz={28} fw={700} lh={1.3}>
        {value}
      </Text>
      {event ? (
        <Text component="dd" m={0} size="sm">
          <Anchor href={resultsHref(event.key)} aria-label={`${event.name}: results`}>
            {event.name}
          </Anchor>{' '}
          <Text span size="xs" c="dimmed">
            place {event.label} of {event.of}
          </Text>
        </Text>
      ) : null}
    </div>
  );
}

function HistoryBody({ history }: { history: MyHistory }) {
  const { events, summary } = history;
  if (summary.eventsPlayed === 0) {
    return (
      <Text size="sm" c="dimmed">
        No results yet. When a pair event you had a seat in is completed, your percentage or IMPs appear here, with your best result and a chart over
        time.
      </Text>
    );
  }
  const percentages = events.flatMap((e) => (e.percentage === null ? [] : [{ name: e.name, date: e.completedAt, value: e.percentage }]));
  const imps = events.flatMap((e) => (e.imps === null ? [] : [{ name: e.name, date: e.completedAt, value: e.imps }]));
  return (
    <Stack gap="lg">
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} m={0} spacing="md">
        <Stat label="Events played" value={String(summary.eventsPlayed)} />
        {summary.bestPercentage ? (
          <Stat label="Best percentage" value={formatPercentage(summary.bestPercentage.value)} best={summary.bestPercentage} events={events} />
        ) : null}
        {summary.bestImps ? <Stat label="Best IMPs" value={formatImps(summary.bestImps.value)} best={summary.bestImps} events={events} /> : null}
      </SimpleGrid>
      {/* Percentages and IMPs have different units: one small chart each. */}
      <SimpleGrid cols={{ base: 1, md: percentages.length && imps.length ? 2 : 1 }} spacing="lg">
        {percentages.length ? (
          <TrendChart
            title="Percentage per event (matchpoints)"
            points={percentages}
            format={formatPercentage}
            formatTick={(value) => `${value}%`}
            include={[0, 50, 100]}
          />
        ) : null}
        {imps.length ? <TrendChart title="IMPs per event" points={imps} format={formatImps} include={[0]} color={chartPalette[1]} /> : null}
      </SimpleGrid>
    </Stack>
  );
}

/** 'Your history' above the Bridge Results list: events played, best results and a chart of each event's result. */
export function HistoryPanel() {
  const history = useQuery(myHistoryQueryOptions());
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="my-history-heading">
      <Title order={2} fz="h4" id="my-history-heading">
        Your history
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Your pair&apos;s result in each completed pair event you played, oldest first.
      </Text>
      {history.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading your history">
          <Skeleton height={56} width="60%" />
          <Skeleton height={160} radius="md" />
        </Stack>
      ) : history.isError ? (
        <Group gap="sm" role="alert">
          <Text size="sm">Your history could not be loaded: {errorMessage(history.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void history.refetch()}>
            Retry
          </Button>
        </Group>
      ) : (
        <HistoryBody history={history.data} />
      )}
    </Paper>
  );
}
