import { messages } from '@bridge/api';
import { ActionIcon, Anchor, Menu, Paper, Stack, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { notifyInfo, notifySuccess } from '../../lib/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CursorPagedTable, useCursorPaging } from '../../components/cursor-pager';
import { BreakableText, DateTimeText, type DataColumn } from '../../components/data-table';
import { MoreIcon } from '../../components/icons';
import { ExportMenu } from '../../components/export-menu';
import { ConsoleHeading } from '../../components/page-placeholder';
import { FilterChips, ListToolbar } from '../../components/list-controls';
import { eventChips, resultsHref, tablesText, xmlHref, type EventChip, type EventRow, type EventsAdapter } from './event-types';
import '../../components/data-styles';

export type EventListProps = {
  /** Where the rows come from; what it offers (export, delete) is what the list offers. */
  adapter: EventsAdapter;
  /** pair: pair events (every chip); solitaire: solitaire columns, chip All only. */
  variant: 'pair' | 'solitaire';
  title: string;
  description: string;
  /**
   * The preview route of an event. Without it a row's Preview says the feature is coming soon (the admin
   * console's solitaire events).
   */
  previewHref?: (key: string) => string;
  /** Shown between the page's title and the list (the user console's history of results). */
  intro?: ReactNode;
  /** Columns shown after the event's name (the user console's link to each event's results page). */
  columnsAfterName?: DataColumn<EventRow>[];
};

function Organiser({ row }: { row: EventRow }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {row.organiser.names || '-'}
      </Text>
      <Text size="xs" c="dimmed">
        {row.organiser.email ? <BreakableText text={row.organiser.email} /> : '-'}
      </Text>
    </div>
  );
}

/**
 * A list of events: search 'Search Event by Name', Refresh, Export, filter chips, cursor pages, row actions
 * Preview, View Results, Download XML Results and Delete. Data comes from `adapter`, so the admin and user
 * consoles share it.
 */
export function EventList({ adapter, variant, title, description, previewHref, intro, columnsAfterName = [] }: EventListProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paging = useCursorPaging();
  const [query, setQuery] = useState('');
  const [chip, setChip] = useState<EventChip>('all');
  const [toDelete, setToDelete] = useState<EventRow | null>(null);
  const filters = eventChips.find((c) => c.value === chip)?.params ?? {};
  const chips = variant === 'solitaire' ? eventChips.slice(0, 1) : eventChips;

  const params = { limit: paging.pageSize, page: 1, lastDocId: paging.cursor, query: query || undefined, filters };
  const list = useQuery({
    queryKey: [...adapter.queryKey, 'list', params],
    queryFn: ({ signal }) => adapter.list(params, signal),
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: (key: string) => adapter.deleteEvent!(key),
    onSuccess: (message) => {
      notifySuccess(message || messages.eventDeleted);
      setToDelete(null);
      void queryClient.invalidateQueries({ queryKey: adapter.queryKey });
    },
  });

  const preview = (row: EventRow) => {
    if (previewHref) navigate(previewHref(row.key));
    else notifyInfo(messages.comingSoon, 'Preview');
  };

  const actions: DataColumn<EventRow> = {
    header: 'Actions',
    cell: (row) => (
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${row.key}`} onClick={(event) => event.stopPropagation()}>
            <MoreIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
          <Menu.Item onClick={() => preview(row)}>Preview</Menu.Item>
          <Menu.Item component="a" href={resultsHref(row.key)} target="_blank" rel="noopener">
            View Results
          </Menu.Item>
          {row.xmlToken ? (
            <Menu.Item component="a" href={xmlHref(row.xmlToken)} download>
              Download XML Results
            </Menu.Item>
          ) : null}
          {adapter.deleteEvent ? (
            <Menu.Item color="red" onClick={() => setToDelete(row)}>
              Delete
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    ),
  };

  const eventName: DataColumn<EventRow> = {
    header: 'Event Name',
    cell: (row) =>
      variant === 'solitaire' ? (
        <Text size="sm" ff="monospace">
          {row.key}
        </Text>
      ) : (
        <div>
          {previewHref ? (
            <Anchor component={Link} to={previewHref(row.key)} size="sm" ff="monospace" onClick={(event) => event.stopPropagation()}>
              {row.key}
            </Anchor>
          ) : (
            <Text size="sm" ff="monospace">
              {row.key}
            </Text>
          )}
          {row.details.typeName ? (
            <Text size="xs" c="dimmed">
              {row.details.typeName}
            </Text>
          ) : null}
        </div>
      ),
    nowrap: true,
  };
  const organiser: DataColumn<EventRow> = { header: 'Organiser', cell: (row) => <Organiser row={row} /> };
  const tables: DataColumn<EventRow> = { header: 'Tables', cell: (row) => tablesText(row.tables), nowrap: true };
  const created: DataColumn<EventRow> = { header: 'Created At', cell: (row) => <DateTimeText value={row.createdAt} /> };
  const columns: DataColumn<EventRow>[] =
    variant === 'solitaire'
      ? [
          organiser,
          eventName,
          tables,
          { header: 'Type', cell: (row) => row.details.typeName ?? '-' },
          { header: 'Players', cell: (row) => row.details.players ?? '-' },
          { header: 'Rounds', cell: (row) => row.details.rounds ?? '-' },
          created,
          actions,
        ]
      : [
          organiser,
          eventName,
          ...columnsAfterName,
          tables,
          // Live Table and Hand Generation are in the preview's Details, so the list fits a laptop (decision 048).
          { header: 'Movement', cell: (row) => row.details.movementType ?? '-' },
          { header: 'Scoring', cell: (row) => row.details.scoreType ?? '-' },
          created,
          actions,
        ];

  return (
    <Stack gap="lg">
      <ConsoleHeading title={title} description={description} />
      {intro}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <ListToolbar
            paging={paging}
            searchPlaceholder="Search Event by Name"
            onSearch={(value) => {
              setQuery(value);
              if (!value) setChip('all');
            }}
            query={list}
            refreshKey={[...adapter.queryKey, 'list']}
          >
            {adapter.exportHref ? <ExportMenu hrefFor={(format) => adapter.exportHref!(format, { query: query || undefined, filters })} /> : null}
          </ListToolbar>
          <FilterChips
            chips={chips}
            value={chip}
            onChange={(value) => {
              setChip(value);
              paging.reset();
            }}
          />
          <CursorPagedTable
            caption={title}
            columns={columns}
            query={list}
            rowKey={(row) => row.key}
            emptyText={messages.noRecords}
            onRowClick={preview}
            paging={paging}
            pagerLabel={`${title} pages`}
          />
        </Stack>
      </Paper>
      <ConfirmDialog
        opened={!!toDelete}
        title="Delete event"
        message={toDelete ? deleteEventText(toDelete) : ''}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.key)}
      />
    </Stack>
  );
}

/** The delete's confirmation: the event by title and key, so the admin sees which one goes. */
export function deleteEventText(event: Pick<EventRow, 'key' | 'details'>): string {
  const title = event.details.typeName?.trim();
  const which = title ? `"${title}" (${event.key})` : event.key;
  return `Delete ${which} for good? Its score, replay and participant data are deleted with it. This cannot be undone.`;
}

/**
 * A Results column linking each event to its public results page. A plain link (not the row's click, which
 * opens the preview): the results page is a page of its own.
 */
export const resultsLinkColumn: DataColumn<EventRow> = {
  header: 'Results',
  cell: (row) => (
    <Anchor href={resultsHref(row.key)} size="sm" aria-label={`Results of ${row.key}`} onClick={(event) => event.stopPropagation()}>
      Results
    </Anchor>
  ),
  nowrap: true,
};
