import { IceServersResponse, RELAY_CREDENTIAL_TTL_SECONDS, TournamentJoinRecordSchema } from '@bridge/api';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, ApiError, apiRequest } from '../../lib/api-client';

export const tournamentQueryOptions = (key: string) =>
  queryOptions({
    queryKey: ['tournaments', key, 'join'],
    queryFn: ({ signal }) => apiRequest(`${API_BASE}/tournaments`, { query: { key }, schema: TournamentJoinRecordSchema, signal }),
    staleTime: 60_000,
  });

/**
 * Relay credentials (STUN and time-limited TURN) for the peer connections. This answer has no `result`
 * envelope (`{ iceServers }`, as the relay-credential service of specification section 7), so it is read here.
 */
export const iceServersQueryOptions = () =>
  queryOptions({
    queryKey: ['video', 'ice-servers'],
    queryFn: async ({ signal }): Promise<RTCIceServer[]> => {
      let response: Response;
      try {
        response = await fetch(`${API_BASE}/video/ice-servers`, {
          method: 'POST',
          credentials: 'include',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify({ ttl: RELAY_CREDENTIAL_TTL_SECONDS }),
          signal,
        });
      } catch (cause) {
        if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
        throw new ApiError({ status: 0, code: 'network_error', message: 'Failed to setup connection, please try again' });
      }
      const payload: unknown = await response.json().catch(() => undefined);
      if (!response.ok) throw new ApiError({ status: response.status, code: response.status === 401 ? 'unauthorized' : 'internal_error', message: 'Operation failed' });
      const parsed = IceServersResponse.safeParse(payload);
      if (!parsed.success) throw new ApiError({ status: response.status, code: 'invalid_response', message: 'Operation failed' });
      return parsed.data.iceServers.map((server) => ({ urls: server.urls, username: server.username, credential: server.credential }));
    },
    // The credentials last a day; a fresh set per hour keeps a long evening of play well inside that.
    staleTime: 60 * 60_000,
  });
