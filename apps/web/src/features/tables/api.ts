import { tableEndpoints, urlOf, type TableResultBody } from '@bridge/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { useEventStream, type StreamStatus } from '../../lib/event-stream';

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

/**
 * Listens to the table's stream: each `change` refreshes the table's queries, so two phones at one table show the
 * same state (the rule for keeping it open is `useEventStream`'s).
 */
export function useTableStream(key: string, table: number, enabled: boolean): StreamStatus {
  const queryClient = useQueryClient();
  return useEventStream(enabled ? urlOf(tableEndpoints.stream, { key, table }) : null, () => {
    void queryClient.invalidateQueries({ queryKey: tableQueryKey(key, table) });
  });
}
