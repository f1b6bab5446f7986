import { directingEndpoints, eventEndpoints, type PairEntry } from '@bridge/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** One event's pairs: where each starts and its two players (none for a pair not entered). */
export const entriesQueryOptions = (key: string) =>
  queryOptions({
    queryKey: ['direct', 'entries', key],
    queryFn: ({ signal }) => apiCall(directingEndpoints.entries, { params: { key }, signal }),
  });

/** The event as the live view answers it: its phase, movement and settings. */
export const directedEventQueryOptions = (key: string) =>
  queryOptions({
    queryKey: ['direct', 'event', key],
    queryFn: ({ signal }) => apiCall(directingEndpoints.live, { params: { key }, signal }),
  });

/** Registered players by name, email or BFI number (at least 2 characters). */
export const playerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['direct', 'players', q],
    queryFn: ({ signal }) => apiCall(directingEndpoints.players, { query: { q }, signal }),
    enabled: q.length >= 2,
    staleTime: 30_000,
  });

/** Saves the whole list of entries; the answer replaces the cached one. */
export function useSaveEntries(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pairs: PairEntry[]) => apiCall(directingEndpoints.setEntries, { params: { key }, body: { pairs } }),
    onSuccess: (result) => {
      queryClient.setQueryData(entriesQueryOptions(key).queryKey, result);
      void queryClient.invalidateQueries({ queryKey: ['direct', 'events'] });
    },
    meta: { handlesError: true },
  });
}

/** Starts round 1: the entries are fixed from then on. */
export function useStartSession(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(directingEndpoints.start, { params: { key } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['direct'] }),
    meta: { handlesError: true },
  });
}

/** The deals of a "from a PBN file" event, read from the director's file. */
export const useImportDeals = (key: string) =>
  useMutation({
    mutationFn: (pbn: string) => apiCall(eventEndpoints.importDeals, { params: { key }, body: { pbn } }),
    meta: { handlesError: true },
  });
