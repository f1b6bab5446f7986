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
