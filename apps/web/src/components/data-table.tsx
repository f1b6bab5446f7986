import { Alert, Button, Center, Loader, Stack, Table, Text, type MantineBreakpoint } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import './data-styles';

export type DataColumn<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** Keep the cell on one line (dates, counts). */
  nowrap?: boolean;
  /** Shown from this breakpoint up only: a phone's list keeps the columns that matter, the preview has the rest. */
  visibleFrom?: MantineBreakpoint;
};

export type DataTableProps<T> = {
  /** Names the table for assistive technology (a visually hidden caption). */
  caption: string;
  columns: DataColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyText: string;
  /** Below this width the table scrolls sideways inside its frame instead of squeezing. */
  minWidth?: number;
  /** A row's extra attributes, e.g. to open it on click. */
  onRowClick?: (row: T) => void;
};

/** A real table with header cells, loading, error and empty states; scrolls sideways on phones. */
export function DataTable<T>({ caption, columns, rows, rowKey, loading, error, onRetry, emptyText, minWidth = 600, onRowClick }: DataTableProps<T>) {
  if (error && !rows) {
    return (
      <Alert color="red" variant="light" role="alert" title="Could not load the list">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(error)}</Text>
          {onRetry ? (
            <Button size="xs" variant="default" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </Stack>
      </Alert>
    );
  }
  return (
    <div style={{ minWidth: 0, maxWidth: '100%' }}>
      {/* A region of its own that keyboard users can focus and scroll sideways on narrow screens. Positioned, so
          the cells' visually hidden text (placed absolutely) stays inside it instead of widening the page. */}
      <div
        tabIndex={0}
        role="region"
        aria-label={caption}
        className="data-table-scroll"
        style={{ position: 'relative', overflowX: 'auto', maxWidth: '100%' }}
      >
        <Table miw={minWidth} striped highlightOnHover={!!onRowClick} verticalSpacing="sm" aria-busy={loading || undefined}>
          <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
            {caption}
          </caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} scope="col" visibleFrom={column.visibleFrom}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows?.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {columns.map((column) => (
                  <Table.Td key={column.header} visibleFrom={column.visibleFrom} style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      {/* Outside the sideways-scrolling frame, so a phone sees them whatever the table's width. */}
      {loading && !rows ? (
        <Center py="lg" role="status" aria-label="Loading">
          <Loader size="sm" />
        </Center>
      ) : rows && rows.length === 0 ? (
        <Text ta="center" py="lg" c="dimmed" fw={600} role="status">
          {emptyText}
        </Text>
      ) : null}
    </div>
  );
}

/** `22 Nov 2026, 18:30` in the reader's time zone; '-' when missing. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return date.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/**
 * A date and time that wraps, when its column is narrow, between the date and the time and nowhere else:
 * `22 Nov 2026,` over `18:30`.
 */
export function DateTimeText({ value }: { value: string | null | undefined }) {
  const [date, time] = formatDateTime(value).split(', ');
  if (time === undefined) return <span style={{ whiteSpace: 'nowrap' }}>{date}</span>;
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{date},</span> <span style={{ whiteSpace: 'nowrap' }}>{time}</span>
    </>
  );
}

/**
 * Text without spaces (an email, a dotted action name) that may wrap after each '@' and '.', the places a reader
 * expects it to, instead of in the middle of a word or not at all.
 */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
