import { MyEventResponse, PastEventSchema, type PastEvent } from '@bridge/api';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { EventListParams, EventParticipant, EventRow, EventsAdapter, ParticipantFilter } from '../../components/events/event-types';
import { parseDetails } from '../../components/events/event-types';
import { API_BASE, apiRequest, isApiError } from '../../lib/api-client';

type Query = Record<string, string | number | boolean | undefined>;

const MY_EVENTS = `${API_BASE}/tournaments/mine`;
const pageSchema = z.object({ data: z.array(PastEventSchema), lastDocId: z.string().nullable() });
const eventSchema = MyEventResponse.shape.result;

const toRow = (event: PastEvent): EventRow => ({
  key: event.tournament.key,
  organiser: event.userData,
  tables: event.tournament.tables,
  details: parseDetails(event.tournament.gameDetails),
  createdAt: event.createdAt,
  completedAt: event.completedAt,
  resultId: event.resultId,
  xmlToken: event.xmlToken,
  scoreData: event.scoreData,
});

const listQuery = (params: EventListParams, type: string): Query => ({
  limit: params.limit,
  page: params.lastDocId ? undefined : params.page,
  lastDocId: params.lastDocId,
  query: params.query,
  type,
  ...params.filters,
});

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
      const page = await apiRequest(MY_EVENTS, { query: listQuery(params, type), schema: pageSchema, signal });
      return { data: page.data.map(toRow), lastDocId: page.lastDocId };
    },
    find: async (key, signal) => {
      const event = await findMine(key, signal);
      return event ? toRow(event) : null;
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

/** The largest page the server gives: the summary counts at most this many events. */
export const SUMMARY_LIMIT = 100;

/** The first page of the user's pair events, newest first, for the summary above the list. */
export const myEventsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['console', 'my-events', 'pair', 'summary'],
    queryFn: ({ signal }) => myPastEventsAdapter.list({ limit: SUMMARY_LIMIT, page: 1, filters: {} }, signal),
  });
