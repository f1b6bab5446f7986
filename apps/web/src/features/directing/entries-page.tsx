import type { EntryView, LiveView } from '@bridge/api';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import '@mantine/core/styles/Alert.layer.css';
import { paths } from '../../config/paths';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { SectionPanel } from '../../components/section-panel';
import { errorMessage } from '../../lib/api-client';
import { plural } from '../../lib/plural';
import { directedEventQueryOptions, entriesQueryOptions } from './api/entries';
import { PairCard } from './components/pair-card';
import { PbnUpload } from './components/pbn-upload';
import { PrintSection } from './components/print-section';
import { ReadOnlyEntries } from './components/read-only-entries';
import { SwapForm } from './components/swap-form';
import { isEntered, pairLabel, setPlayer, sittingOut, swapPairs, withdrawPair } from './entries';
import { formatStart, phaseLabels, scoringLabels } from './format';
import { useEntriesDraft } from './use-entries-draft';

type DirectedEventView = LiveView['event'];

/** Before the start: the pairs to enter and save, the deals, the print-outs, and the start. */
function Preparation({ event, entries }: { event: DirectedEventView; entries: EntryView[] }) {
  const { drafts, dirty, errors, saveError, startError, confirming, setConfirming, saving, starting, change, handleSave, handleStart } =
    useEntriesDraft(event, entries);

  const entered = drafts.filter(isEntered).length;
  const out = new Set(sittingOut(drafts));

  return (
    <>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="entries-heading">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <div>
              <Title order={2} fz="lg" id="entries-heading">
                Entries
              </Title>
              <Text size="sm" c="dimmed" aria-live="polite">
                {entered} of {plural(drafts.length, 'pair')} entered
                {out.size ? `; ${[...out].map(pairLabel).join(', ')} ${out.size === 1 ? 'sits' : 'sit'} out in round 1` : ''}.
              </Text>
            </div>
            <Group gap="sm">
              {dirty ? (
                <Text size="sm" c="orange.9">
                  Unsaved changes
                </Text>
              ) : null}
              <Button onClick={() => void handleSave()} loading={saving} disabled={!dirty}>
                Save
              </Button>
            </Group>
          </Group>
          <Text size="sm">
            Type a player's name or BFI number and choose them from the list, or leave a name as typed for a guest. The list offers the players of
            your earlier events and those who chose to be found. Late entries fill a pair that is not entered; a withdrawn pair's opponents sit out.
          </Text>
          {entered % 2 === 1 ? (
            <Text size="sm" c="dimmed">
              With an odd number of pairs, one pair sits out each round.
            </Text>
          ) : null}
          <SwapForm drafts={drafts} onSwap={(a, b) => change(swapPairs(drafts, a, b))} />
          {saveError ? (
            <Alert color="red" variant="light" role="alert" title="The entries were not saved">
              {saveError}
            </Alert>
          ) : null}
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {drafts.map((draft) => (
              <PairCard
                key={draft.pair}
                draft={draft}
                sitsOut={out.has(draft.pair)}
                errors={errors}
                onChange={(index, player) => change(setPlayer(drafts, draft.pair, index, player))}
                onWithdraw={() => change(withdrawPair(drafts, draft.pair))}
              />
            ))}
          </Stack>
          <Group justify="flex-end">
            <Button onClick={() => void handleSave()} loading={saving} disabled={!dirty}>
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>
      {event.deals === 'pbn' ? <PbnUpload eventKey={event.key} /> : null}
      <PrintSection eventKey={event.key} />
      <SectionPanel headingId="start-heading" title="Start the session">
        <Text size="sm" c="dimmed">
          Round 1 begins: the table phones show their first boards and the entries can no longer change.
        </Text>
        <Text size="sm" c="dimmed">
          Playing in it yourself? Print the table cards now: from the start until it is complete you see only your own table, like every player, and
          the table codes, the live view, the other tables and the hand records open to you again once it is complete.
        </Text>
        {dirty ? (
          <Text size="sm" c="orange.9">
            Save the entries before the start.
          </Text>
        ) : null}
        {startError ? (
          <Alert color="red" variant="light" role="alert" title="The session did not start">
            {startError}
          </Alert>
        ) : null}
        <Button onClick={() => setConfirming(true)} disabled={dirty || entered === 0}>
          Start the session
        </Button>
      </SectionPanel>
      <ConfirmDialog
        opened={confirming}
        title="Start the session?"
        message={`Round 1 of ${event.name} begins with ${plural(entered, 'pair')}. The entries can no longer change.`}
        confirmLabel="Start"
        onConfirm={() => void handleStart()}
        onCancel={() => setConfirming(false)}
        loading={starting}
      />
    </>
  );
}

/** An event's entries: its pairs and players before the start (edit, save, print, start), read-only after. */
export function EntriesPage() {
  const { key = '' } = useParams();
  const event = useQuery(directedEventQueryOptions(key));
  const entries = useQuery(entriesQueryOptions(key));

  const back = (
    <Anchor component={Link} to={paths.console.direct.getHref()} size="sm">
      ← Directing
    </Anchor>
  );

  if (event.isPending || entries.isPending) {
    return <PageLoading back={back} label="Loading the entries" />;
  }
  if (event.isError || entries.isError) {
    const failed = event.isError ? event : entries;
    return (
      <Stack align="flex-start">
        {back}
        <PageTitle title="Entries" />
        <Alert color="red" variant="light" role="alert" title="We could not load this event's entries">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(failed.error)}</Text>
            <Button
              variant="default"
              size="xs"
              onClick={() => {
                void event.refetch();
                void entries.refetch();
              }}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const info = event.data.event;
  return (
    <Stack gap="lg">
      <PageTitle title={`${info.name} - Entries`} />
      <div>
        {back}
        <Title order={1} fz={{ base: 24, sm: 28 }} mt={4} style={{ overflowWrap: 'anywhere' }}>
          {info.name}
        </Title>
        <Text c="dimmed" size="sm">
          {[
            formatStart(info.startsAt),
            info.movementName,
            plural(info.tables, 'table'),
            plural(info.rounds, 'round'),
            scoringLabels[info.scoring],
            phaseLabels[info.phase],
          ].join(' · ')}
        </Text>
      </div>
      {info.phase === 'preparation' ? (
        <Preparation event={info} entries={entries.data.pairs} />
      ) : (
        <>
          <Group>
            <Button component={Link} to={paths.console.directLive.getHref(info.key)}>
              Open the live view
            </Button>
          </Group>
          <ReadOnlyEntries entries={entries.data.pairs} />
          <PrintSection eventKey={info.key} />
        </>
      )}
    </Stack>
  );
}
