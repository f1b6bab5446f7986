import { directingEndpoints, eventEndpoints, urlOf, type LiveView, type PostResultLine } from '@bridge/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiCall } from '../../../lib/api-client';

// The director's live view of one event: the view itself, the calls that change it, and the stream that says when
// it changed.

export const liveViewQueryKey = (key: string) => ['direct', 'events', key, 'live'] as const;

export const liveViewQueryOptions = (key: string) =>
  queryOptions({
    queryKey: liveViewQueryKey(key),
    queryFn: ({ signal }) => apiCall(directingEndpoints.live, { params: { key }, signal }),
    // The stream says when the view changed; until it does, the cached view is the current one.
    staleTime: Infinity,
  });

export const useLiveView = (key: string) => useQuery(liveViewQueryOptions(key));

/** Every change reads the view again: the grid, the clock and the ranking all follow from it. */
function useLiveMutation<V, R>(key: string, mutationFn: (variables: V) => Promise<R>, handlesError = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveViewQueryKey(key) }),
    meta: { handlesError },
  });
}

/** Starts or pauses the round clock; the answer's clock replaces the cached one at once. */
export function useClock(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (running: boolean) => apiCall(directingEndpoints.clock, { params: { key }, body: { running } }),
    onSuccess: (clock) => {
      queryClient.setQueryData(liveViewQueryKey(key), (view: LiveView | undefined) => (view ? { ...view, clock } : view));
    },
  });
}

export const useStartSession = (key: string) => useLiveMutation(key, () => apiCall(directingEndpoints.start, { params: { key } }));

export const useNextRound = (key: string) => useLiveMutation(key, () => apiCall(directingEndpoints.nextRound, { params: { key } }));

/** Completes the event: ranks stored, results public, players emailed. */
export const useCompleteEvent = (key: string) => useLiveMutation(key, () => apiCall(eventEndpoints.complete, { params: { key } }));

/** A result entered or corrected, or an adjusted score, with the organiser's results posting. The dialog shows refusals. */
export const usePostResult = (key: string) =>
  useLiveMutation(key, (line: PostResultLine) => apiCall(eventEndpoints.postResult, { params: { key }, body: line }), true);

export type NotPlayedChange = { round: number; table: number; board: number; notPlayed: boolean };

export const useNotPlayed = (key: string) =>
  useLiveMutation(key, (body: NotPlayedChange) => apiCall(directingEndpoints.notPlayed, { params: { key }, body }), true);

/** The printed table cards and pair guides: PDFs the browser opens. */
export const tableCardsHref = (key: string) => urlOf(directingEndpoints.tableCards, { key });
export const pairGuidesHref = (key: string) => urlOf(directingEndpoints.pairGuides, { key });

export type StreamState = 'connecting' | 'live' | 'reconnecting';

/** How long the live view waits before it opens a stream the browser gave up on. */
export const STREAM_RETRY_MS = 3000;
const CLOSED = 2;

/**
 * Listens to the event's stream of changes and reads the live view again on each `change`. The browser's
 * EventSource reconnects by itself after a dropped connection; after an answer that is not a stream (a proxy's 502
 * while the server restarts) it gives up, and the view opens a new one after a pause. Until it is open again the
 * state says so, and each reconnection reads the view again, since changes made while it was away were not
 * announced to it.
 */
export function useLiveStream(key: string): StreamState {
  const queryClient = useQueryClient();
  // Without EventSource the view never hears of changes: it says so from the start.
  const [state, setState] = useState<StreamState>(() => (typeof window.EventSource === 'function' ? 'connecting' : 'reconnecting'));

  useEffect(() => {
    if (typeof window.EventSource !== 'function') return;
    let source: EventSource;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: liveViewQueryKey(key) });
    const open = () => {
      source = new window.EventSource(urlOf(directingEndpoints.stream, { key }), { withCredentials: true });
      source.addEventListener('open', () => {
        if (opened) refresh();
        opened = true;
        setState('live');
      });
      source.addEventListener('error', () => {
        setState('reconnecting');
        if (source.readyState === CLOSED) retry = setTimeout(open, STREAM_RETRY_MS);
      });
      source.addEventListener('change', refresh);
      // The event was deleted: the stream has ended for good; the live view's read now says so.
      source.addEventListener('deleted', () => {
        source.close();
        refresh();
      });
    };
    open();
    return () => {
      clearTimeout(retry);
      source.close();
    };
  }, [key, queryClient]);

  return state;
}
