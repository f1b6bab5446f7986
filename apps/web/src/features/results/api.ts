import { EventResultsResponse } from '@bridge/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../lib/api-client';

const resultsResult = EventResultsResponse.shape.result;

/** While an event is still being played its results change with every posted board, so they are polled. */
const LIVE_REFRESH_MS = 30_000;

export const eventResultsQueryOptions = (key: string) =>
  queryOptions({
    queryKey: ['tournaments', key, 'results'],
    queryFn: ({ signal }) =>
      apiRequest(`${API_BASE}/tournaments/${encodeURIComponent(key)}/results`, { schema: resultsResult, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'active' ? LIVE_REFRESH_MS : false),
  });

export const useEventResults = (key: string) => useQuery(eventResultsQueryOptions(key));
