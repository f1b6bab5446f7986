import { eventEndpoints } from '@bridge/api';
import { queryOptions } from '@tanstack/react-query';
import type { EventParticipant, EventsAdapter, ParticipantFilter } from '../event-types';
import { eventListQuery, eventRowFromPast } from '../event-records';
import { apiCall, isApiError } from '../../../lib/api-client';

/** One of the user's events with its participants; null when the server says it is not theirs (404). */
async function findMine(key: string, signal?: AbortSignal) {
  try {
    return await apiCall(eventEndpoints.myEvent, { params: { key }, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The participants filter of the preview, applied to the one answer the server gives. */
export function filterParticipants(participants: EventParticipant[], filter: ParticipantFilter): EventParticipant[] {
  const query = filter.query?.trim().toLowerCase();
  return participants.filter((participant) => {
    if (query) {
      const { names, email, contact } = participant.userData;
      if (![names, email ?? '', contact ?? ''].some((value) => value.toLowerCase().includes(query))) return false;
    }
    const day = participant.createdAt.slice(0, 10);
    if (filter.startDate && day < filter.startDate) return false;
    if (filter.endDate && day > filter.endDate) return false;
    return true;
  });
}

function myEvents(type: 'pair' | 'solitaire'): EventsAdapter {
  return {
    queryKey: ['console', 'my-events', type],
    list: async (params, signal) => {
      const page = await apiCall(eventEndpoints.mine, { query: eventListQuery(params, type), signal });
      return { data: page.data.map(eventRowFromPast), lastDocId: page.lastDocId };
    },
    find: async (key, signal) => {
      const event = await findMine(key, signal);
      return event ? eventRowFromPast(event) : null;
    },
    participants: async (key, filter, signal) => {
      const event = await findMine(key, signal);
      return event ? filterParticipants(event.participants, filter) : [];
    },
  };
}

/** The user console's pair events and solitaire events: only those the user played in or organised. */
export const myPastEventsAdapter = myEvents('pair');
export const mySolitaireEventsAdapter = myEvents('solitaire');

/** The user's results in the completed pair events they played, oldest first, with their best ones. */
export const myHistoryQueryOptions = () =>
  queryOptions({
    queryKey: ['console', 'my-history'],
    queryFn: ({ signal }) => apiCall(eventEndpoints.myHistory, { signal }),
  });
