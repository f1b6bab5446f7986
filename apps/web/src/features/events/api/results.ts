import { eventEndpoints, urlOf } from '@bridge/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiCall } from '../../../lib/api-client';
import { useStoredUser } from '../../../lib/storage';

/** While an event is still being played its results change with every posted board, so they are polled. */
const LIVE_REFRESH_MS = 30_000;

export const eventResultsQueryOptions = (key: string) =>
  queryOptions({
    queryKey: ['tournaments', key, 'results'],
    queryFn: ({ signal }) => apiCall(eventEndpoints.results, { params: { key }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'active' ? LIVE_REFRESH_MS : false),
  });

export const useEventResults = (key: string) => useQuery(eventResultsQueryOptions(key));

/** The event's hand records, a PDF the browser shows. */
export const handRecordsHref = (key: string) => urlOf(eventEndpoints.handRecordsPdf, { key });

const NO_PAIRS: ReadonlySet<string> = new Set();

/**
 * The pairs the signed-in viewer sat in at this event, to mark them. Asked only when someone is signed in (the
 * stored user; never while prerendering), and a failure (an expired session, say) just marks nothing: the
 * results themselves are public.
 */
export function useMyPairs(key: string): ReadonlySet<string> {
  const user = useStoredUser();
  const query = useQuery({
    queryKey: ['tournaments', key, 'my-pairs', user?.uid ?? null],
    queryFn: ({ signal }) => apiCall(eventEndpoints.myPairs, { params: { key }, signal }),
    enabled: user !== null,
    retry: false,
    staleTime: Infinity,
  });
  const pairs = user ? query.data?.pairs : undefined;
  return useMemo(() => (pairs?.length ? new Set(pairs) : NO_PAIRS), [pairs]);
}
