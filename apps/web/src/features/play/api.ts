import { playEndpoints } from '@bridge/api';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

/** A finished board for review beside the table: its traveller so far and its deal, where the viewer may see them. */
export const boardReviewQueryOptions = (key: string, board: number) =>
  queryOptions({
    queryKey: ['play', key, 'boards', board],
    queryFn: ({ signal }) => apiCall(playEndpoints.board, { params: { key, board }, signal }),
    // Other tables finish the board later: each look at it reads it again.
    staleTime: 0,
  });

/** The table the movement puts the caller at now in event `key`, with its video room; both null with no seat there. */
export const myTableQueryOptions = (key: string) =>
  queryOptions({
    queryKey: ['play', key, 'my-table'],
    queryFn: ({ signal }) => apiCall(playEndpoints.myTable, { params: { key }, signal }),
    retry: false,
    staleTime: 30_000,
  });
