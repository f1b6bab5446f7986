import type { ContactMessageRow } from '@bridge/api';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CursorPager, useCursorPaging } from '../../components/cursor-pager';
import { DataTable, formatDateTime, type DataColumn } from '../../components/data-table';
import { DownloadIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { SearchField } from '../../components/search-field';
import { contactMessagesQueryOptions } from './api';
import { openTestPlayer } from './test-player';

const columns: DataColumn<ContactMessageRow>[] = [
  { header: 'Received', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
  {
    header: 'From',
    cell: (row) => (
      <div>
        <Text size="sm" fw={600}>
          {row.name}
        </Text>
        <Anchor href={`mailto:${row.email}`} size="xs">
          {row.email}
        </Anchor>
      </div>
    ),
  },
  { header: 'Contact', cell: (row) => row.contact || '-', nowrap: true },
  {
    header: 'Message',
    cell: (row) => (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {row.description}
      </Text>
    ),
  },
];

export function ToolsPage() {
  const paging = useCursorPaging();
  const [query, setQuery] = useState('');
  const [opening, setOpening] = useState(false);
  const inbox = useQuery(contactMessagesQueryOptions({ limit: paging.pageSize, lastDocId: paging.cursor, query: query || undefined }));

  return (
    <Stack gap="lg">
      <PageTitle title="Tools" />
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Tools
        </Title>
        <Text c="dimmed" mt={4}>
          The test player download and the messages sent through the contact form.
        </Text>
      </div>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Title order={2} fz="lg">
              Test Player
            </Title>
            <Text size="sm" c="dimmed">
              The newest player installer, for trying a release before players get it.
            </Text>
          </div>
          <Button
            leftSection={<DownloadIcon size={16} />}
            loading={opening}
            onClick={() => {
              setOpening(true);
              void openTestPlayer().finally(() => setOpening(false));
            }}
          >
            Download Test Player
          </Button>
        </Group>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            Contact messages
          </Title>
          <SearchField
            placeholder="Search by name or email"
            onSearch={(value) => {
              setQuery(value);
              paging.reset();
            }}
          />
          <DataTable
            caption="Contact messages"
            columns={columns}
            rows={inbox.data?.data}
            rowKey={(row) => row.objectId}
            loading={inbox.isPending}
            error={inbox.error}
            onRetry={() => void inbox.refetch()}
            emptyText="Oops, No records yet..."
            minWidth={760}
          />
          <CursorPager
            paging={paging}
            lastDocId={inbox.data?.lastDocId}
            rows={inbox.data?.data.length}
            disabled={inbox.isFetching}
            label="Message pages"
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
