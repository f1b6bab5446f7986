import { tableEndpoints, urlOf, type TableResultBody } from '@bridge/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiCall } from '../../lib/api-client';

/** Every query of one table starts with this key: the stream's `change` refreshes them all. */
export const tableQueryKey = (key: string, table: number) => ['tables', key, table] as const;

/** The table's round, pairs and boards; answers 401 or 403 while this phone holds no session for the table. */
export const tableStateQueryOptions = (key: string, table: number) =>
  queryOptions({
    queryKey: [...tableQueryKey(key, table), 'state'],
    queryFn: ({ signal }) => apiCall(tableEndpoints.state, { params: { key, table }, signal }),
    // The stream says when it changes; a refetch on focus still catches a phone that slept through a change.
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  });

/** A board's lines so far (only where the event shows travellers). */
export const tableTravellerQueryOptions = (key: string, table: number, board: number) =>
  queryOptions({
    queryKey: [...tableQueryKey(key, table), 'traveller', board],
    queryFn: ({ signal }) => apiCall(tableEndpoints.traveller, { params: { key, table, board }, signal }),
  });

/** Types the table's six-digit code once: the phone then holds this table. */
export function useOpenTable(key: string, table: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiCall(tableEndpoints.open, { params: { key, table }, body: { code } }),
    meta: { handlesError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableQueryKey(key, table) }),
  });
}

/** North's entry of one board: sent as is, so a retry carries the same `entryId`. */
export const sendTableEntry = (key: string, table: number, body: TableResultBody) => apiCall(tableEndpoints.enter, { params: { key, table }, body });

/** East-West agree with the entry, or send it back to North. */
export function useJudgeEntry(key: string, table: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: tableQueryKey(key, table) });
  const confirm = useMutation({
    mutationFn: (board: number) => apiCall(tableEndpoints.confirm, { params: { key, table, board } }),
    meta: { handlesError: true },
    onSuccess: refresh,
  });
  const reject = useMutation({
    mutationFn: (board: number) => apiCall(tableEndpoints.reject, { params: { key, table, board } }),
    meta: { handlesError: true },
    onSuccess: refresh,
  });
  return { confirm, reject };
}

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

// After the server closes the stream for good (a restart, a lost session), a new one is opened after this long.
const REOPEN_MS = 5_000;

/**
 * Listens to the table's stream: each `change` refreshes the table's queries, so two phones at one table show
 * the same state. Each time the stream opens the state is read again, since changes may have been missed before
 * (between the first read and the stream, or while it was down). The browser reconnects a dropped stream by
 * itself, but a connection that died quietly (a phone asleep, back on the network, a Wi-Fi change) may look open
 * and hear nothing: coming back online or to the screen opens a fresh stream.
 */
export function useTableStream(key: string, table: number, enabled: boolean): StreamStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  useEffect(() => {
    if (!enabled || typeof window.EventSource !== 'function') return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: tableQueryKey(key, table) });
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let deleted = false;
    const connect = () => {
      source = new window.EventSource(urlOf(tableEndpoints.stream, { key, table }));
      source.onopen = () => {
        setStatus('live');
        // The page's first read may have come before the stream: only a read after it opened misses nothing.
        refresh();
      };
      source.addEventListener('change', refresh);
      // The event was deleted: the stream has ended for good; the table's read now says so.
      source.addEventListener('deleted', () => {
        deleted = true;
        source?.close();
        refresh();
      });
      source.onerror = () => {
        setStatus('reconnecting');
        // 2 is EventSource.CLOSED: the browser gave up on this one.
        if (source?.readyState === 2) {
          source.close();
          timer = setTimeout(connect, REOPEN_MS);
        }
      };
    };
    const reopen = () => {
      if (deleted || document.visibilityState === 'hidden') return;
      clearTimeout(timer);
      source?.close();
      setStatus('reconnecting');
      connect();
    };
    connect();
    window.addEventListener('online', reopen);
    document.addEventListener('visibilitychange', reopen);
    return () => {
      clearTimeout(timer);
      source?.close();
      window.removeEventListener('online', reopen);
      document.removeEventListener('visibilitychange', reopen);
    };
  }, [enabled, key, table, queryClient]);
  return status;
}
