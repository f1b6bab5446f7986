import { directingEndpoints } from '@bridge/api';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** The user's events run from the console (every event for an admin), in preparation, in play and complete. */
export const directedEventsQueryOptions = () =>
  queryOptions({
    queryKey: ['direct', 'events'],
    queryFn: ({ signal }) => apiCall(directingEndpoints.events, { signal }),
  });
