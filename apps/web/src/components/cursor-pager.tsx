import { PAGE_SIZES } from '@bridge/api';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { plural } from '../lib/plural';
import { DataTable, type DataTableProps } from './data-table';
import './data-styles';

export type CursorPaging = {
  /** 1-based number of the page shown. */
  page: number;
  pageSize: number;
  /** The cursor to ask for this page with (undefined on the first page). */
  cursor: string | undefined;
  next: (lastDocId: string) => void;
  previous: () => void;
  reset: () => void;
  setPageSize: (size: number) => void;
};

/**
 * Cursor paging as the admin lists answer it: each answer's `lastDocId` opens the next page, and a stack of the
 * cursors seen so far leads back (the API pages forwards only).
 */
export function useCursorPaging(initialSize = PAGE_SIZES[0]): CursorPaging {
  const [cursors, setCursors] = useState<string[]>([]);
  const [pageSize, setSize] = useState<number>(initialSize);
  const next = useCallback((lastDocId: string) => setCursors((stack) => [...stack, lastDocId]), []);
  const previous = useCallback(() => setCursors((stack) => stack.slice(0, -1)), []);
  const reset = useCallback(() => setCursors([]), []);
  const setPageSize = useCallback((size: number) => {
    setSize(size);
    setCursors([]);
  }, []);
  return { page: cursors.length + 1, pageSize, cursor: cursors.at(-1), next, previous, reset, setPageSize };
}

type CursorPagerProps = {
  paging: CursorPaging;
  /** The current answer's cursor: null on the last page. */
  lastDocId: string | null | undefined;
  /** Rows on this page, for the "n rows" text. */
  rows?: number;
  disabled?: boolean;
  label?: string;
};

/** Items per page (10, 20, 50, 100), the page number, Previous and Next. */
export function CursorPager({ paging, lastDocId, rows, disabled, label = 'Pages' }: CursorPagerProps) {
  return (
    <Group component="nav" aria-label={label} justify="space-between" gap="sm" wrap="wrap" data-print-hide>
      <Group gap="xs" wrap="nowrap">
        <NativeSelect
          aria-label="Items per page"
          data={PAGE_SIZES.map(String)}
          value={String(paging.pageSize)}
          onChange={(event) => paging.setPageSize(Number(event.currentTarget.value))}
          size="sm"
          w={80}
        />
        <Text size="sm" c="dimmed">
          per page
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" aria-live="polite">
          Page {paging.page}
          {rows !== undefined ? ` · ${plural(rows, 'row')}` : ''}
        </Text>
        <Button variant="default" size="sm" onClick={paging.previous} disabled={disabled || paging.page === 1}>
          Previous
        </Button>
        <Button variant="default" size="sm" onClick={() => lastDocId && paging.next(lastDocId)} disabled={disabled || !lastDocId}>
          Next
        </Button>
      </Group>
    </Group>
  );
}

/** What a cursor-paged list asks for a page: a query whose answer is the page's rows and its next cursor. */
type CursorPageQuery<T> = {
  data: { data: T[]; lastDocId: string | null } | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
};

type CursorPagedTableProps<T> = Omit<DataTableProps<T>, 'rows' | 'loading' | 'error' | 'onRetry'> & {
  query: CursorPageQuery<T>;
  paging: CursorPaging;
  pagerLabel: string;
};

/** A page of a cursor-paged list and the pager under it, both fed by the page's query. */
export function CursorPagedTable<T>({ query, paging, pagerLabel, ...table }: CursorPagedTableProps<T>) {
  return (
    <>
      <DataTable {...table} rows={query.data?.data} loading={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      <CursorPager paging={paging} lastDocId={query.data?.lastDocId} rows={query.data?.data.length} disabled={query.isFetching} label={pagerLabel} />
    </>
  );
}
