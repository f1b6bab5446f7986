import { ListReleasesResponse, RecentEventsResponse } from '@bridge/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../lib/api-client';

const releasesResult = ListReleasesResponse.shape.result;

export const releasesQueryOptions = () =>
  queryOptions({
    queryKey: ['releases'],
    queryFn: ({ signal }) => apiRequest(`${API_BASE}/apps/releases`, { schema: releasesResult, signal }),
    staleTime: 5 * 60_000,
  });

export const useReleases = () => useQuery(releasesQueryOptions());

const recentEventsResult = RecentEventsResponse.shape.result;

/** Events in play and recent results for `/tournaments`. */
export const recentEventsQueryOptions = () =>
  queryOptions({
    queryKey: ['tournaments', 'recent'],
    queryFn: ({ signal }) => apiRequest(`${API_BASE}/tournaments/recent`, { schema: recentEventsResult, signal }),
    staleTime: 30_000,
  });

export const useRecentEvents = () => useQuery(recentEventsQueryOptions());
