import type { PastEvent } from '@bridge/api';
import { parseDetails, type EventListParams, type EventRow } from './event-types';

/** A past-event record of the API (admin list or the user's own events) as the event list shows it. */
export const eventRowFromPast = (event: PastEvent): EventRow => ({
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

/** The query string of an event-list page: a cursor when there is one, else the page number. */
export const eventListQuery = (params: EventListParams, type: string): Record<string, string | number | boolean | undefined> => ({
  limit: params.limit,
  page: params.lastDocId ? undefined : params.page,
  lastDocId: params.lastDocId,
  query: params.query,
  type,
  ...params.filters,
});
