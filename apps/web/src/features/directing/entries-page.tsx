import { directingEndpoints, urlOf, type EntryView, type LiveView } from '@bridge/api';
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { paths } from '../../config/paths';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageTitle } from '../../components/page-title';
import { errorMessage, isApiError } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { plural } from '../../lib/plural';
import { directedEventQueryOptions, entriesQueryOptions, useSaveEntries, useStartSession } from './api/entries';
import { PbnUpload } from './components/pbn-upload';
import { PlayerField } from './components/player-field';
import {
  draftsOf,
  entriesBody,
  fieldKey,
  fieldOfEntryIssue,
  isEntered,
  pairLabel,
  setPlayer,
  sittingOut,
  startText,
  swapPairs,
  withdrawPair,
  type PairDraft,
} from './entries';
import { formatStart, phaseLabels, scoringLabels } from './format';

type DirectedEventView = LiveView['event'];

/** The print view of the table cards or pair guides (the console's print pages, with print CSS). */
const printHref = (key: string, what: 'tables' | 'pairs') => `/console/direct/${encodeURIComponent(key)}/print/${what}`;

function PrintSection({ eventKey }: { eventKey: string }) {
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

function ReadOnlyEntries({ entries }: { entries: EntryView[] }) {
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

function PairCard({
  draft,
  sitsOut,
  errors,
  onChange,
  onWithdraw,
}: {
  draft: PairDraft;
  sitsOut: boolean;
  errors: Record<string, string>;
  onChange: (index: 0 | 1, player: PairDraft['players'][number]) => void;
  onWithdraw: () => void;
}) {
  const entered = isEntered(draft);
  const headingId = `pair-${draft.pair}`;
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={3} fz="md" id={headingId}>
              {pairLabel(draft.pair)}
            </Title>
            <Text size="sm" c="dimmed">
              {startText(draft)}
            </Text>
            {sitsOut ? (
              <Badge color="orange" variant="light">
                Sits out round 1
              </Badge>
            ) : null}
            {!entered ? (
              <Badge color="gray" variant="light">
                Not entered
              </Badge>
            ) : null}
          </Group>
          <Button variant="subtle" color="red.8" size="xs" onClick={onWithdraw} disabled={!entered} aria-label={`Withdraw ${pairLabel(draft.pair)}`}>
            Withdraw
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {([0, 1] as const).map((index) => (
            <PlayerField
              key={index}
              id={`player-${draft.pair}-${index}`}
              label={`${pairLabel(draft.pair)}, player ${index + 1}`}
              value={draft.players[index]}
              onChange={(player) => onChange(index, player)}
              error={errors[fieldKey(draft.pair, index)]}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function SwapForm({ drafts, onSwap }: { drafts: PairDraft[]; onSwap: (a: string, b: string) => void }) {
  const [a, setA] = useState<string | null>(null);
  const [b, setB] = useState<string | null>(null);
  const data = drafts.map((d) => ({ value: d.pair, label: pairLabel(d.pair) }));
  return (
    <Group align="flex-end" gap="sm">
      <Select label="Swap pair" data={data} value={a} onChange={setA} w={{ base: '100%', xs: 160 }} comboboxProps={{ withinPortal: false }} />
      <Select
        label="with pair"
        data={data.filter((d) => d.value !== a)}
        value={b}
        onChange={setB}
        w={{ base: '100%', xs: 160 }}
        comboboxProps={{ withinPortal: false }}
      />
      <Button
        variant="default"
        disabled={!a || !b || a === b}
        onClick={() => {
          onSwap(a!, b!);
          setA(null);
          setB(null);
        }}
      >
        Swap numbers
      </Button>
    </Group>
  );
}

function Preparation({ event, entries }: { event: DirectedEventView; entries: EntryView[] }) {
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState(() => draftsOf(entries));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const save = useSaveEntries(event.key);
  const start = useStartSession(event.key);

  const change = (next: PairDraft[]) => {
    setDrafts(next);
    setDirty(true);
    setErrors({});
    setSaveError(null);
  };

  const focus = (field: string) => {
    const [pair, index] = [field.slice(0, field.lastIndexOf('.')), field.slice(field.lastIndexOf('.') + 1)];
    window.setTimeout(() => document.getElementById(`player-${pair}-${index}`)?.focus(), 0);
  };

  const handleSave = async () => {
    const body = entriesBody(drafts);
    setSaveError(null);
    if (Object.keys(body.errors).length) {
      setErrors(body.errors);
      focus(Object.keys(body.errors)[0]!);
      return;
    }
    try {
      const saved = await save.mutateAsync(body.pairs);
      setDrafts(draftsOf(saved.pairs));
      setDirty(false);
      setErrors({});
      notifySuccess('The entries are saved.');
    } catch (error) {
      const issue = isApiError(error) ? error.issues?.[0] : undefined;
      const field = issue ? fieldOfEntryIssue(issue.path, body.order) : null;
      if (field) {
        setErrors({ [field]: issue!.message });
        focus(field);
      } else setSaveError(errorMessage(error));
    }
  };

  const handleStart = async () => {
    setStartError(null);
    try {
      await start.mutateAsync();
      navigate(paths.console.directLive.getHref(event.key));
    } catch (error) {
      setConfirming(false);
      setStartError(errorMessage(error));
    }
  };

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
              <Button onClick={() => void handleSave()} loading={save.isPending} disabled={!dirty}>
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
            <Button onClick={() => void handleSave()} loading={save.isPending} disabled={!dirty}>
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>
      {event.deals === 'pbn' ? <PbnUpload eventKey={event.key} /> : null}
      <PrintSection eventKey={event.key} />
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="start-heading">
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="lg" id="start-heading">
            Start the session
          </Title>
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
        </Stack>
      </Paper>
      <ConfirmDialog
        opened={confirming}
        title="Start the session?"
        message={`Round 1 of ${event.name} begins with ${plural(entered, 'pair')}. The entries can no longer change.`}
        confirmLabel="Start"
        onConfirm={() => void handleStart()}
        onCancel={() => setConfirming(false)}
        loading={start.isPending}
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
    return (
      <Stack>
        {back}
        <Center py="xl" role="status" aria-label="Loading the entries">
          <Loader />
        </Center>
      </Stack>
    );
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
