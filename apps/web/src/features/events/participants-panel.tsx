import { messages } from '@bridge/api';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, formatDateTime, type DataColumn } from '../../components/data-table';
import { DetailList } from '../../components/detail-list';
import { ExportMenu } from '../../components/export-menu';
import { titleStyles } from '../../components/modal-styles';
import { DateRangeFields, HalfRangeAlert, RefreshButton } from '../../components/list-controls';
import { SearchField } from '../../components/search-field';
import { contactItems, sideText, yesNo, type EventParticipant, type EventsAdapter, type ParticipantFilter } from './event-types';
import '../../components/data-styles';

type ParticipantsPanelProps = { adapter: EventsAdapter; eventKey: string };

/** An event's participants: search by name or contact, a date range, Refresh, Export and each one's preview. */
export function ParticipantsPanel({ adapter, eventKey }: ParticipantsPanelProps) {
  const [query, setQuery] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [selected, setSelected] = useState<EventParticipant | null>(null);
  const filter: ParticipantFilter = { query: query || undefined, ...(startDate && endDate ? { startDate, endDate } : {}) };

  const list = useQuery({
    queryKey: [...adapter.queryKey, 'participants', eventKey, filter],
    queryFn: ({ signal }) => adapter.participants(eventKey, filter, signal),
  });

  const columns: DataColumn<EventParticipant>[] = [
    {
      header: 'Name',
      cell: (row) => (
        <div>
          <Text size="sm" fw={600}>
            {row.userData.names || '-'}
          </Text>
          <Text size="xs" c="dimmed">
            {row.userData.email ?? '-'}
          </Text>
        </div>
      ),
    },
    { header: 'Contact', cell: (row) => row.userData.contact ?? '-', nowrap: true },
    { header: 'Table', cell: (row) => `Table ${row.table}`, nowrap: true },
    { header: 'Table Side', cell: (row) => sideText(row.side) },
    { header: 'Bot', cell: (row) => yesNo(row.isBot) },
    { header: 'Registered At', cell: (row) => (row.registeredAt ? formatDateTime(row.registeredAt) : '-'), nowrap: true },
    { header: 'Created At', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
    {
      header: 'Actions',
      cell: (row) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setSelected(row)}
          aria-label={`Preview ${row.userData.names || 'participant'}, table ${row.table}`}
        >
          Preview
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
        <SearchField placeholder="Search Participant by Name, and Contact" onSearch={setQuery} maw={360} />
        <Group gap="xs" align="flex-end" wrap="wrap">
          <DateRangeFields startDate={startDate} endDate={endDate} onStartDateChange={setStartDate} onEndDateChange={setEndDate} />
          <RefreshButton query={list} onClick={() => void list.refetch()} />
          {adapter.participantsExportHref ? <ExportMenu hrefFor={(format) => adapter.participantsExportHref!(eventKey, format, filter)} /> : null}
        </Group>
      </Group>
      <HalfRangeAlert startDate={startDate} endDate={endDate} />
      {list.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {messages.failedToLoadItems}
        </Text>
      ) : null}
      <DataTable
        caption="Participants"
        columns={columns}
        rows={list.data}
        rowKey={(row) => row.objectId}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText={messages.noParticipants}
        minWidth={900}
      />
      <Modal opened={!!selected} onClose={() => setSelected(null)} title="Participant" centered radius="md" size="lg" styles={titleStyles}>
        {selected ? (
          <Stack gap="md">
            <DetailList
              title="Table Details"
              items={[
                { label: 'Event', value: selected.key },
                { label: 'Table', value: `Table ${selected.table}` },
                { label: 'Table Side', value: sideText(selected.side) },
                { label: 'Bot', value: yesNo(selected.isBot) },
                { label: 'Created At', value: formatDateTime(selected.createdAt) },
                { label: 'Updated At', value: formatDateTime(selected.editedAt) },
              ]}
            />
            <DetailList
              title="Participant Details"
              items={[
                ...contactItems(selected.userData),
                { label: 'Registered At', value: selected.registeredAt ? formatDateTime(selected.registeredAt) : null },
              ]}
            />
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
