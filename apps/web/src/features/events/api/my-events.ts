import { MyEventResponse, MyHistoryResponse, PastEventSchema } from '@bridge/api';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { EventParticipant, EventsAdapter, ParticipantFilter } from '../event-types';
import { eventListQuery, eventRowFromPast } from '../event-records';
import { API_BASE, apiRequest, isApiError } from '../../../lib/api-client';

const MY_EVENTS = `${API_BASE}/tournaments/mine`;
const pageSchema = z.object({ data: z.array(PastEventSchema), lastDocId: z.string().nullable() });
const eventSchema = MyEventResponse.shape.result;

/** One of the user's events with its participants; null when the server says it is not theirs (404). */
async function findMine(key: string, signal?: AbortSignal) {
  try {
    return await apiRequest(`${MY_EVENTS}/${encodeURIComponent(key)}`, { schema: eventSchema, signal });
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
      const page = await apiRequest(MY_EVENTS, { query: eventListQuery(params, type), schema: pageSchema, signal });
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
    queryFn: ({ signal }) => apiRequest(`${MY_EVENTS}/history`, { schema: MyHistoryResponse.shape.result, signal }),
  });
