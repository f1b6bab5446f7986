import { directingEndpoints, type CreateSessionBody } from '@bridge/api';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** The movements that fit a number of pairs, with their figures at the club's pace. */
export const proposalsQueryOptions = (pairs: number, minutesPerBoard: number, enabled: boolean) =>
  queryOptions({
    queryKey: ['direct', 'proposals', pairs, minutesPerBoard],
    queryFn: ({ signal }) => apiCall(directingEndpoints.proposals, { query: { pairs, minutesPerBoard }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });

export type MovementUpload = z.input<typeof directingEndpoints.checkMovement.body>;

/** An uploaded movement read and checked by the server; the wizard shows its figures or the first refusal at the field. */
export const useCheckMovement = () =>
  useMutation({
    mutationFn: (body: MovementUpload) => apiCall(directingEndpoints.checkMovement, { body }),
    meta: { handlesError: true },
  });

/** Creates the event from the wizard's steps; the list of the user's events reloads. */
export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSessionBody) => apiCall(directingEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['direct', 'events'] }),
    // The wizard shows the server's sentence at the field it concerns.
    meta: { handlesError: true },
  });
}
