import { messages, type AuditRow } from '@bridge/api';
import { Badge, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CursorPagedTable, useCursorPaging } from '../../components/cursor-pager';
import { BreakableText, DateTimeText, type DataColumn } from '../../components/data-table';
import { ExportMenu, exportHref } from '../../components/export-menu';
import { DateRangeFields, HalfRangeAlert, RefreshButton } from '../../components/list-controls';
import { ConsoleHeading } from '../../components/page-placeholder';
import { SearchField } from '../../components/search-field';
import { auditsQueryOptions } from './api';

// Actions the platform records; a value ending in '.' selects every action under it.
const actionOptions = [
  { value: '', label: 'All actions' },
  { value: 'admin.', label: 'Admin: every action' },
  { value: 'admin.login', label: 'Admin: sign-in' },
  { value: 'admin.user.role', label: 'Admin: user role' },
  { value: 'admin.user.disable', label: 'Admin: user enabled or disabled' },
  { value: 'admin.user.delete', label: 'Admin: user deleted' },
  { value: 'admin.user.verify', label: 'Admin: user verified' },
  { value: 'admin.event.delete', label: 'Admin: event deleted' },
  { value: 'admin.export', label: 'Admin: export' },
  { value: 'user.', label: 'User: every action' },
  { value: 'user.login', label: 'User: sign-in' },
  { value: 'user.register', label: 'User: registration' },
  { value: 'user.email_change', label: 'User: email changed' },
  { value: 'user.password_change', label: 'User: password changed' },
  { value: 'user.current_password_wrong', label: 'User: wrong current password' },
  { value: 'user.delete_self', label: 'User: account deleted' },
  { value: 'tournament.', label: 'Tournament: every action' },
];

const detailsText = (details: AuditRow['details']): string => {
  if (!details) return '-';
  const text = Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
  return text.length > 160 ? `${text.slice(0, 157)}...` : text || '-';
};

/** Whom or what an action was at: an email or an event's key, with the event's title when the row kept it. */
export function targetText(row: Pick<AuditRow, 'target' | 'details'>): string {
  if (!row.target) return '-';
  const title = row.details?.title;
  return typeof title === 'string' && title.trim() ? `"${title.trim()}" (${row.target})` : row.target;
}

// Who and from which address share a cell, and long names may wrap after '@' and '.', so the log fits a laptop.
const columns: DataColumn<AuditRow>[] = [
  { header: 'When', cell: (row) => <DateTimeText value={row.at} /> },
  {
    header: 'Who',
    cell: (row) => (
      <div>
        <Text size="sm">{row.actorEmail ? <BreakableText text={row.actorEmail} /> : '-'}</Text>
        {row.ip ? (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            IP {row.ip}
          </Text>
        ) : null}
      </div>
    ),
  },
  {
    header: 'Action',
    cell: (row) => (
      <Text size="sm" ff="monospace">
        <BreakableText text={row.action} />
      </Text>
    ),
  },
  { header: 'Target', cell: (row) => <BreakableText text={targetText(row)} /> },
  {
    header: 'Outcome',
    cell: (row) => (
      <Badge variant="light" color={row.outcome === 'success' ? 'felt' : 'red'}>
        {row.outcome}
      </Badge>
    ),
    nowrap: true,
  },
  {
    header: 'Details',
    cell: (row) => (
      // Wraps between words; a word longer than the column breaks only as a last resort.
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word', minWidth: 160 }}>
        {detailsText(row.details)}
      </Text>
    ),
  },
];

export function AuditsPage() {
  const queryClient = useQueryClient();
  const paging = useCursorPaging();
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const [outcome, setOutcome] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const filters = {
    action: action || undefined,
    actor: actor || undefined,
    outcome: outcome || undefined,
    ...(startDate && endDate ? { startDate, endDate } : {}),
  };
  const audits = useQuery(auditsQueryOptions({ limit: paging.pageSize, lastDocId: paging.cursor, ...filters }));
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      paging.reset();
    };

  return (
    <Stack gap="lg">
      <ConsoleHeading title="Audits" description="View all system logs here" />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" wrap="wrap" align="flex-end" data-print-hide>
            <NativeSelect
              label="Action"
              data={actionOptions}
              value={action}
              onChange={(event) => change(setAction)(event.currentTarget.value)}
              w={240}
            />
            <div style={{ flex: '1 1 200px', maxWidth: 320 }}>
              <Text size="sm" fw={500} mb={2} component="div">
                Actor
              </Text>
              <SearchField placeholder="Search by actor email" label="Actor" onSearch={change(setActor)} />
            </div>
            <NativeSelect
              label="Outcome"
              data={[
                { value: '', label: 'Any' },
                { value: 'success', label: 'Success' },
                { value: 'failure', label: 'Failure' },
              ]}
              value={outcome}
              onChange={(event) => change(setOutcome)(event.currentTarget.value)}
              w={130}
            />
            <DateRangeFields startDate={startDate} endDate={endDate} onStartDateChange={change(setStartDate)} onEndDateChange={change(setEndDate)} />
            <RefreshButton
              query={audits}
              onClick={() => {
                paging.reset();
                void queryClient.invalidateQueries({ queryKey: ['admin', 'audits'] });
              }}
            />
            <ExportMenu hrefFor={(format) => exportHref('audits', format, filters)} />
          </Group>
          <HalfRangeAlert startDate={startDate} endDate={endDate} />
          <CursorPagedTable
            caption="Audit log"
            columns={columns}
            query={audits}
            rowKey={(row) => row.objectId}
            emptyText={messages.noRecords}
            paging={paging}
            pagerLabel="Audit pages"
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
