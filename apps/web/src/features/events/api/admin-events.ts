import { eventEndpoints, messages, type ActiveEvent } from '@bridge/api';
import { exportHref, type ExportFormat } from '../../../components/export-menu';
import { apiCall } from '../../../lib/api-client';
import { eventListQuery, eventRowFromPast } from '../event-records';
import type { EventRow, EventsAdapter, ParticipantFilter } from '../event-types';
import { parseDetails } from '../event-types';

// The admin console's events: every organiser's, active and past, with export and delete.

const fromActive = (event: ActiveEvent): EventRow => ({
  key: event.key,
  organiser: event.userData,
  tables: event.tables,
  details: parseDetails(event.details),
  createdAt: event.createdAt,
});

function participants(key: string, filter: ParticipantFilter, signal?: AbortSignal) {
  return apiCall(eventEndpoints.adminParticipants, { query: { key, ...filter }, signal });
}

function participantsExportHref(key: string, format: ExportFormat, filter: ParticipantFilter) {
  return exportHref('participants', format, { key, ...filter });
}

async function deleteEvent(key: string): Promise<string> {
  const answer = await apiCall(eventEndpoints.adminDelete, { query: { key } });
  return answer.message || messages.eventDeleted;
}

function completedEvents(type: 'pair' | 'solitaire', queryKey: string): EventsAdapter {
  return {
    queryKey: ['admin', queryKey],
    list: async (params, signal) => {
      const page = await apiCall(eventEndpoints.adminPast, { query: eventListQuery(params, type), signal });
      return { data: page.data.map(eventRowFromPast), lastDocId: page.lastDocId };
    },
    find: async (key, signal) => {
      const page = await apiCall(eventEndpoints.adminPast, { query: { key, type: 'all', limit: 1 }, signal });
      return page.data[0] ? eventRowFromPast(page.data[0]) : null;
    },
    participants,
    participantsExportHref,
    exportHref: (format, params) => exportHref('past-events', format, { query: params.query, type, ...params.filters }),
    deleteEvent,
  };
}

export const pastEventsAdapter = completedEvents('pair', 'past-events');
export const solitaireEventsAdapter = completedEvents('solitaire', 'solitaire-events');

export const activeEventsAdapter: EventsAdapter = {
  queryKey: ['admin', 'active-events'],
  list: async (params, signal) => {
    const page = await apiCall(eventEndpoints.adminActive, { query: eventListQuery(params, 'pair'), signal });
    return { data: page.data.map(fromActive), lastDocId: page.lastDocId };
  },
  find: async (key, signal) => {
    const page = await apiCall(eventEndpoints.adminActive, { query: { key, type: 'all', limit: 1 }, signal });
    return page.data[0] ? fromActive(page.data[0]) : null;
  },
  participants,
  participantsExportHref,
  exportHref: (format, params) => exportHref('active-events', format, { query: params.query, type: 'pair', ...params.filters }),
  // The same delete as a past event's: the route deletes an event by key whatever its status (an abandoned one too).
  deleteEvent,
};
