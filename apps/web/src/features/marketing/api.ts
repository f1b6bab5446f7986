import { ContactMessageBody, ContactMessageResponse, ListReleasesResponse, RecentEventsResponse } from '@bridge/api';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../lib/api-client';

const contactResult = ContactMessageResponse.shape.result;
const releasesResult = ListReleasesResponse.shape.result;

/** The contact form shows its own error dialog, hence `handlesError`. */
export const useSendContactMessage = () =>
  useMutation({
    mutationFn: (body: ContactMessageBody) =>
      apiRequest(`${API_BASE}/tools/send-email`, { body: ContactMessageBody.parse(body), schema: contactResult }),
    meta: { handlesError: true },
  });

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
