import { directingEndpoints, tableEndpoints, urlOf } from '@bridge/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

// What the print view reads: the event's live view (its grid of rounds and tables, its entries) and, for the table
// cards, the tables' codes.

export type CardsKind = 'tables' | 'pairs';

/** The live view, under the key the live page keeps it (one read serves both). */
export const printViewQueryOptions = (key: string) =>
  queryOptions({
    queryKey: ['direct', 'events', key, 'live'] as const,
    queryFn: ({ signal }) => apiCall(directingEndpoints.live, { params: { key }, signal }),
  });

export const usePrintView = (key: string) => useQuery(printViewQueryOptions(key));

/** Each table's code and phone address; asked only for the table cards. */
export const useTableCodes = (key: string, enabled: boolean) =>
  useQuery({
    queryKey: ['tournaments', key, 'tables'] as const,
    queryFn: ({ signal }) => apiCall(tableEndpoints.codes, { params: { key }, signal }),
    enabled,
  });

/** The same cards as a PDF from the server. */
export const cardsPdfHref = (key: string, kind: CardsKind) =>
  urlOf(kind === 'tables' ? directingEndpoints.tableCards : directingEndpoints.pairGuides, { key });
