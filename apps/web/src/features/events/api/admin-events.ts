import { ActiveEventSchema, AdminParticipantSchema, DeleteEventResponse, PastEventSchema, messages, type ActiveEvent } from '@bridge/api';
import { z } from 'zod';
import { exportHref, type ExportFormat } from '../../../components/export-menu';
import { ADMIN_API_BASE, apiRequest } from '../../../lib/api-client';
import { eventListQuery, eventRowFromPast } from '../event-records';
import type { EventRow, EventsAdapter, ParticipantFilter } from '../event-types';
import { parseDetails } from '../event-types';

// The admin console's events: every organiser's, active and past, with export and delete.

const pageSchema = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), lastDocId: z.string().nullable() });

const fromActive = (event: ActiveEvent): EventRow => ({
  key: event.key,
  organiser: event.userData,
  tables: event.tables,
  details: parseDetails(event.details),
  createdAt: event.createdAt,
});

function participants(key: string, filter: ParticipantFilter, signal?: AbortSignal) {
  return apiRequest(`${ADMIN_API_BASE}/participants/all`, { query: { key, ...filter }, schema: z.array(AdminParticipantSchema), signal });
}

function participantsExportHref(key: string, format: ExportFormat, filter: ParticipantFilter) {
  return exportHref('participants', format, { key, ...filter });
}

async function deleteEvent(key: string): Promise<string> {
  const answer = await apiRequest(`${ADMIN_API_BASE}/tournaments/complete/delete`, {
    method: 'DELETE',
    query: { key },
    schema: DeleteEventResponse.shape.result,
  });
  return answer.message || messages.eventDeleted;
}

function completedEvents(type: 'pair' | 'solitaire', queryKey: string): EventsAdapter {
  return {
    queryKey: ['admin', queryKey],
    list: async (params, signal) => {
      const page = await apiRequest(`${ADMIN_API_BASE}/tournaments/complete`, {
        query: eventListQuery(params, type),
        schema: pageSchema(PastEventSchema),
        signal,
      });
      return { data: page.data.map(eventRowFromPast), lastDocId: page.lastDocId };
    },
    find: async (key, signal) => {
      const page = await apiRequest(`${ADMIN_API_BASE}/tournaments/complete`, {
        query: { key, type: 'all', limit: 1 },
        schema: pageSchema(PastEventSchema),
        signal,
      });
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
    const page = await apiRequest(`${ADMIN_API_BASE}/tournaments/active`, {
      query: eventListQuery(params, 'pair'),
      schema: pageSchema(ActiveEventSchema),
      signal,
    });
    return { data: page.data.map(fromActive), lastDocId: page.lastDocId };
  },
  find: async (key, signal) => {
    const page = await apiRequest(`${ADMIN_API_BASE}/tournaments/active`, {
      query: { key, type: 'all', limit: 1 },
      schema: pageSchema(ActiveEventSchema),
      signal,
    });
    return page.data[0] ? fromActive(page.data[0]) : null;
  },
  participants,
  participantsExportHref,
  exportHref: (format, params) => exportHref('active-events', format, { query: params.query, type: 'pair', ...params.filters }),
  // The same delete as a past event's: the route deletes an event by key whatever its status (an abandoned one too).
  deleteEvent,
};
