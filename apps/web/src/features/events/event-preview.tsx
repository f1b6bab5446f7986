import { messages } from '@bridge/api';
import { Alert, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { DataTable, formatDateTime, type DataColumn } from '../../components/data-table';
import { DetailList } from '../../components/detail-list';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { boardResultRows, ContractCell, type BoardResultRow } from './contract-cell';
import { contactItems, resultsHref, tablesText, xmlHref, yesNo, type EventRow, type EventsAdapter } from './event-types';
import { ParticipantsPanel } from './participants-panel';
import '../../components/data-styles';

export type EventPreviewTab = 'participants' | 'board-results' | 'details';

const tabLabels: Record<EventPreviewTab, string> = { participants: 'Participants', 'board-results': 'Board Results', details: 'Details' };

export type EventPreviewProps = {
  adapter: EventsAdapter;
  eventKey: string;
  /** The open tab, from the route (so a reload keeps it). */
  tab: EventPreviewTab;
  /** Tabs offered: past events have Board Results, active and solitaire events do not. */
  tabs: EventPreviewTab[];
  tabHref: (tab: EventPreviewTab) => string;
  /** Where the back button 'Event Details' returns to: the list. */
  backHref: string;
  /** The public results page of the event; ours unless given. */
  resultsPageHref?: (event: EventRow) => string | undefined;
};

const dash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '-' : value);

const boardColumns: DataColumn<BoardResultRow>[] = [
  { header: 'Round', cell: (row) => row.round },
  { header: 'Board', cell: (row) => row.board },
  { header: 'Table', cell: (row) => row.table },
  { header: 'NS Pair', cell: (row) => dash(row.ns) },
  { header: 'EW Pair', cell: (row) => dash(row.ew) },
  { header: 'Score', cell: (row) => dash(row.score) },
  { header: 'Dealer', cell: (row) => dash(row.dealer) },
  { header: 'Declarer', cell: (row) => dash(row.declarer) },
  { header: 'Contract', cell: (row) => <ContractCell contract={row.contract} doubled={row.doubled} adjusted={row.adjusted} /> },
  { header: 'NS Tricks', cell: (row) => dash(row.nsTricks) },
  { header: 'EW Tricks', cell: (row) => dash(row.ewTricks) },
  { header: 'Total Tricks', cell: (row) => dash(row.totalTricks) },
  { header: 'Vulnerable', cell: (row) => dash(row.vulnerable) },
];

/** An event's preview: back button, results links, participants count, and the tabs Participants, Board Results, Details. */
export function EventPreview({ adapter, eventKey, tab, tabs, tabHref, backHref, resultsPageHref }: EventPreviewProps) {
  const navigate = useNavigate();
  const event = useQuery({
    queryKey: [...adapter.queryKey, 'event', eventKey],
    queryFn: ({ signal }) => adapter.find(eventKey, signal),
  });
  const count = useQuery({
    queryKey: [...adapter.queryKey, 'participants', eventKey, {}],
    queryFn: ({ signal }) => adapter.participants(eventKey, {}, signal),
  });
  const current = tabs.includes(tab) ? tab : tabs[0]!;

  const back = (
    <Button component={Link} to={backHref} variant="subtle" leftSection={<span aria-hidden="true">←</span>} px="xs">
      Event Details
    </Button>
  );

  if (event.isPending) {
    return <PageLoading back={back} label="Loading the event" />;
  }
  if (event.isError || !event.data) {
    return (
      <Stack align="flex-start">
        {back}
        <Alert color="red" variant="light" role="alert" title="We could not load this event">
          {event.isError ? errorMessage(event.error) : messages.eventNotFound}
        </Alert>
      </Stack>
    );
  }

  const row = event.data;
  const title = row.details.typeName ? `${row.details.typeName}` : row.key;
  const resultsPage = resultsPageHref?.(row) ?? resultsHref(row.key);

  return (
    <Stack gap="lg">
      <PageTitle title={`${title} - Event Details`} />
      <Group justify="space-between" gap="sm" wrap="wrap">
        {back}
        <Group gap="xs">
          {/* This site's own results page, named for what it is (it used to say BridgeWebs). */}
          <Button component="a" href={resultsPage} target="_blank" rel="noopener" variant="default">
            Results page
          </Button>
          {row.xmlToken ? (
            <Button component="a" href={xmlHref(row.xmlToken)} download>
              Download XML
            </Button>
          ) : (
            <Button disabled title="No XML results for this event yet">
              Download XML
            </Button>
          )}
        </Group>
      </Group>
      <div>
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        <Text c="dimmed" ff="monospace" size="sm">
          {row.key}
        </Text>
      </div>
      <Paper withBorder radius="md" p="md" maw={320} aria-labelledby="participants-count">
        <Text id="participants-count" fw={700}>
          Participants
        </Text>
        <Text fz={32} fw={700} lh={1.2} aria-live="polite">
          {count.data ? count.data.length : '…'}
        </Text>
        <Text size="sm" c="dimmed">
          Registered participants
        </Text>
      </Paper>
      <Tabs
        value={current}
        onChange={(value) => value && void navigate(tabHref(value as EventPreviewTab), { replace: true })}
        keepMounted={false}
        style={{ minWidth: 0 }}
      >
        <Tabs.List>
          {tabs.map((item) => (
            <Tabs.Tab key={item} value={item}>
              {tabLabels[item]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="participants" pt="md" style={{ minWidth: 0 }}>
          <ParticipantsPanel adapter={adapter} eventKey={row.key} />
        </Tabs.Panel>
        <Tabs.Panel value="board-results" pt="md" style={{ minWidth: 0 }}>
          <DataTable
            caption="Board Results"
            columns={boardColumns}
            rows={boardResultRows(row.scoreData)}
            rowKey={(line) => `${line.round}-${line.board}-${line.table}`}
            emptyText={messages.noRecords}
            minWidth={720}
          />
        </Tabs.Panel>
        <Tabs.Panel value="details" pt="md" style={{ minWidth: 0 }}>
          <Stack gap="md">
            <DetailList
              title="Event Details"
              items={[
                { label: 'Event Name', value: row.key },
                { label: 'Title', value: row.details.typeName },
                { label: 'Tables', value: tablesText(row.tables) },
                { label: 'Players', value: row.details.players },
                { label: 'Rounds', value: row.details.rounds },
                { label: 'Movement', value: row.details.movementType },
                { label: 'Scoring', value: row.details.scoreType },
                { label: 'Hand Generation', value: row.details.handgeneratedModeAsString },
                { label: 'Live Table (Scorer)', value: yesNo(row.details.liveTableEvent) },
                { label: 'Kibitzers Allowed', value: yesNo(row.details.kibtzersEnabled) },
                { label: 'Created At', value: formatDateTime(row.createdAt) },
                ...(row.completedAt !== undefined ? [{ label: 'Completed At', value: formatDateTime(row.completedAt) }] : []),
              ]}
            />
            <DetailList title="Organiser Detais" items={contactItems(row.organiser)} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
