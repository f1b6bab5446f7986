import { messages, type DownloadEvent } from '@bridge/api';
import { Alert, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type DataColumn } from '../../components/data-table';
import { ExportMenu, exportHref } from '../../components/export-menu';
import { LineChart, type LineSeries } from '../../components/line-chart';
import { DateRangeFields, FilterChips, RefreshButton } from '../../components/list-controls';
import { ConsoleHeading } from '../../components/page-placeholder';
import { SearchField } from '../../components/search-field';
import { errorMessage } from '../../lib/api-client';
import { downloadEventsQueryOptions, downloadsSummaryQueryOptions } from './api';
import '../../components/data-styles';

/** Default range (specification section 9): the last 14 days up to today. */
const RANGE_DAYS = 14;

const isoDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

function defaultRange(): { startDate: string; endDate: string } {
  const end = new Date();
  const start = new Date(end);
  start.setDate(end.getDate() - (RANGE_DAYS - 1));
  return { startDate: isoDay(start), endDate: isoDay(end) };
}

/** Every day from start to end (both included), at most 366. */
function daysBetween(startDate: string, endDate: string): string[] {
  const days: string[] = [];
  const day = new Date(`${startDate}T00:00:00`);
  const end = new Date(`${endDate}T00:00:00`);
  while (day <= end && days.length < 367) {
    days.push(isoDay(day));
    day.setDate(day.getDate() + 1);
  }
  return days;
}

const chips = [
  { value: 'all', label: 'All', params: {} },
  { value: 'android', label: 'Android', params: { platform: 'android' } },
  { value: 'windows', label: 'Windows', params: { platform: 'windows' } },
  { value: 'organiser', label: 'Organiser', params: { app: 'organiser' } },
  { value: 'player-windows', label: 'Player (Windows)', params: { app: 'player', platform: 'windows' } },
  { value: 'player-android', label: 'Player (Android)', params: { app: 'player', platform: 'android' } },
] as const;

const shortDay = (day: string) => {
  const date = new Date(`${day}T00:00:00`);
  return Number.isNaN(date.getTime()) ? day : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
};

const dash = (value: string | null) => value || '-';

const columns: DataColumn<DownloadEvent>[] = [
  {
    header: 'User Agent',
    cell: (row) => (
      <Text size="xs" style={{ overflowWrap: 'anywhere' }} maw={320}>
        {dash(row.userAgent)}
      </Text>
    ),
  },
  { header: 'OS Version', cell: (row) => dash(row.osVersion) },
  { header: 'Application', cell: (row) => dash(row.fileName) },
  { header: 'Device Model', cell: (row) => dash(row.deviceModel) },
  { header: 'Downloads', cell: (row) => row.count },
  { header: 'Origin', cell: (row) => dash(row.pagePath) },
  { header: 'Date', cell: (row) => row.date, nowrap: true },
];

/** Downloads per file and day, with the last row's agent details for the tooltip. */
function chartSeries(rows: DownloadEvent[]): LineSeries[] {
  const byFile = new Map<string, LineSeries>();
  for (const row of rows) {
    const name = row.fileName ?? 'Unknown file';
    const line = byFile.get(name) ?? { name, values: {}, details: {} };
    line.values[row.date] = (line.values[row.date] ?? 0) + row.count;
    line.details![row.date] = `OS: ${dash(row.osVersion)}, device: ${dash(row.deviceModel)}, user agent: ${dash(row.userAgent)}`;
    byFile.set(name, line);
  }
  return [...byFile.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function AnalyticsPage() {
  const queryClient = useQueryClient();
  const [range, setRange] = useState(defaultRange);
  const [query, setQuery] = useState('');
  const [chip, setChip] = useState<(typeof chips)[number]['value']>('all');
  const bothDates = !!range.startDate && !!range.endDate;
  const params = { ...range, query: query || undefined, ...chips.find((c) => c.value === chip)!.params };
  const events = useQuery({ ...downloadEventsQueryOptions(params), enabled: bothDates });
  const summary = useQuery(downloadsSummaryQueryOptions());
  const rows = bothDates ? events.data : undefined;

  return (
    <Stack gap="lg">
      <ConsoleHeading title="App Downloads" description="Downloads of the Organizer and Player apps per file, operating system and day." />

      <section aria-labelledby="summary-heading">
        <Title order={2} fz="lg" id="summary-heading" mb="sm">
          Total downloads per file
        </Title>
        {summary.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(summary.error)}
          </Alert>
        ) : summary.isPending ? (
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Skeleton h={88} />
            <Skeleton h={88} />
          </SimpleGrid>
        ) : summary.data.length === 0 ? (
          <Text c="dimmed">No downloads recorded yet.</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, md: 4 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {summary.data.map((file) => (
              <Paper component="li" key={file.fileName} withBorder radius="md" p="md">
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {file.fileName}
                </Text>
                <Text fz={28} fw={700} lh={1.2}>
                  {file.count}
                </Text>
                <Text size="xs" c="dimmed">
                  downloads
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </section>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" wrap="wrap" align="flex-end" justify="space-between">
            {/* The full sentence names the field; the placeholder says it in words a phone's field has room for. */}
            <SearchField
              label="Search By User Agent, Device Model, Downloads, and Origin"
              placeholder="User agent, device, downloads or origin"
              onSearch={setQuery}
            />
            <Group gap="xs" wrap="wrap" align="flex-end">
              <DateRangeFields
                startDate={range.startDate}
                endDate={range.endDate}
                onStartDateChange={(startDate) => setRange({ ...range, startDate })}
                onEndDateChange={(endDate) => setRange({ ...range, endDate })}
              />
              <RefreshButton
                query={events}
                onClick={() =>
                  void queryClient
                    .invalidateQueries({ queryKey: ['admin', 'downloads'] })
                    .then(() => queryClient.invalidateQueries({ queryKey: ['admin', 'downloads-summary'] }))
                }
              />
              <ExportMenu hrefFor={(format) => exportHref('downloads', format, params)} />
            </Group>
          </Group>
          <FilterChips chips={chips} value={chip} onChange={setChip} />
          {!bothDates ? (
            <Alert color="yellow" variant="light" role="alert">
              {messages.selectBothDates}
            </Alert>
          ) : null}

          {bothDates ? (
            <section aria-labelledby="chart-heading">
              <Title order={2} fz="lg" id="chart-heading" mb="sm">
                File Downloads Over Time
              </Title>
              {rows ? (
                <LineChart
                  title="File Downloads Over Time"
                  labels={daysBetween(range.startDate, range.endDate)}
                  series={chartSeries(rows)}
                  formatLabel={shortDay}
                />
              ) : events.isError ? null : (
                <Skeleton h={260} />
              )}
            </section>
          ) : null}

          {bothDates ? (
            <DataTable
              caption="Downloads"
              columns={columns}
              rows={rows}
              rowKey={(row) => `${row.date}|${row.fileName}|${row.userAgent}|${row.deviceModel}|${row.pagePath}|${row.osVersion}`}
              loading={events.isPending}
              error={events.error}
              onRetry={() => void events.refetch()}
              emptyText={messages.noRecords}
              minWidth={900}
            />
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
