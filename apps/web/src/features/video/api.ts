import { eventEndpoints, RELAY_CREDENTIAL_TTL_SECONDS, videoEndpoints } from '@bridge/api';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';

export const tournamentQueryOptions = (key: string) =>
  queryOptions({
    queryKey: ['tournaments', key, 'join'],
    queryFn: ({ signal }) => apiCall(eventEndpoints.join, { query: { key }, signal }),
    staleTime: 60_000,
  });

/**
 * Relay credentials (STUN and time-limited TURN) for the peer connections: `{ iceServers }` without the `result`
 * envelope, as its declaration says (the relay-credential service of specification section 7).
 */
export const iceServersQueryOptions = () =>
  queryOptions({
    queryKey: ['video', 'ice-servers'],
    queryFn: async ({ signal }): Promise<RTCIceServer[]> => {
      const answer = await apiCall(videoEndpoints.iceServers, { body: { ttl: RELAY_CREDENTIAL_TTL_SECONDS }, signal });
      return answer.iceServers.map((server) => ({ urls: server.urls, username: server.username, credential: server.credential }));
    },
    // The credentials last a day; a fresh set per hour keeps a long evening of play well inside that.
    staleTime: 60 * 60_000,
  });

/** The caller's events in play, each with the room of the table the movement puts them at now. */
export const myTablesQueryOptions = () =>
  queryOptions({
    queryKey: ['video', 'tables'],
    queryFn: async ({ signal }) => (await apiCall(videoEndpoints.tables, { signal })).tables,
    retry: false,
    staleTime: 30_000,
  });
