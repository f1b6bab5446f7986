import { downloadEndpoints, eventEndpoints } from '@bridge/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

export const releasesQueryOptions = () =>
  queryOptions({
    queryKey: ['releases'],
    queryFn: ({ signal }) => apiCall(downloadEndpoints.releases, { signal }),
    staleTime: 5 * 60_000,
  });

export const useReleases = () => useQuery(releasesQueryOptions());

/** Events in play and recent results for `/tournaments`. */
export const recentEventsQueryOptions = () =>
  queryOptions({
    queryKey: ['tournaments', 'recent'],
    queryFn: ({ signal }) => apiCall(eventEndpoints.recent, { signal }),
    staleTime: 30_000,
  });

export const useRecentEvents = () => useQuery(recentEventsQueryOptions());
