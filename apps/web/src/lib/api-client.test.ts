import { eventEndpoints, insightEndpoints, messages, userEndpoints, UserSchema, videoEndpoints } from '@bridge/api';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordRequests, server, type SeenRequest } from '../testing/network';
import { ApiError, apiCall, apiRequest } from './api-client';

/** Every request of the test from here on is answered so, whatever its address. */
function answer(body: unknown, status: number) {
  const requests = recordRequests();
  server.use(http.all('*', () => new Response(body === undefined ? null : JSON.stringify(body), { status })));
  return requests;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as ApiError,
  );

describe('apiRequest', () => {
  it('returns the parsed result', async () => {
    answer({ result: { message: 'Verification email sent' } }, 200);
    await expect(apiRequest('/api/v1/user/verify', { body: {}, schema: z.object({ message: z.string() }) })).resolves.toEqual({
      message: 'Verification email sent',
    });
  });

  it('uses the error field of a failed answer', async () => {
    answer({ error: 'Too many attempts. Please wait 1 minute and try again.', code: 'rate_limited' }, 429);
    const error = await failure(apiRequest('/api/v1/user/login', { body: {}, schema: UserSchema }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', message: 'Too many attempts. Please wait 1 minute and try again.' });
  });

  it('falls back to the message field, then to Operation failed', async () => {
    answer({ message: 'Database down' }, 503);
    expect((await failure(apiRequest('/x', { schema: z.unknown() }))).message).toBe('Database down');
    answer(undefined, 500);
    const error = await failure(apiRequest('/x', { schema: z.unknown() }));
    expect(error).toMatchObject({ status: 500, message: messages.operationFailed });
  });

  it('reports no connection when fetch itself fails', async () => {
    server.use(http.all('*', () => HttpResponse.error()));
    const error = await failure(apiRequest('/x', { schema: z.unknown() }));
    expect(error).toMatchObject({ status: 0, message: messages.noConnection });
  });

  it('reads an answer without the result envelope only when the call says so', async () => {
    const schema = z.object({ results: z.array(z.object({ fileName: z.string(), count: z.number() })) });
    answer({ results: [{ fileName: 'player.apk', count: 3 }] }, 200);
    await expect(apiRequest('/api/admin/v1/analytics/downloads-summary', { schema, envelope: false })).resolves.toEqual({
      results: [{ fileName: 'player.apk', count: 3 }],
    });
    answer({ results: [{ fileName: 'player.apk', count: 3 }] }, 200);
    expect(await failure(apiRequest('/api/admin/v1/analytics/downloads-summary', { schema }))).toMatchObject({ code: 'invalid_response' });
    answer({ error: 'Unauthorized' }, 401);
    expect(await failure(apiRequest('/api/v1/video/ice-servers', { schema, envelope: false }))).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('treats an answer that does not match the contract as a failure', async () => {
    answer({ result: { uid: 1 } }, 200);
    const error = await failure(apiRequest('/api/v1/user', { schema: UserSchema }));
    expect(error).toMatchObject({ code: 'invalid_response', message: messages.operationFailed });
  });
});

describe('apiCall', () => {
  const sent = (requests: SeenRequest[]) => {
    const { url, method, body } = requests.at(-1)!;
    return { url, method, body };
  };

  it("takes the declaration's method and path, fills the parameters and query, and returns the result", async () => {
    const spy = answer({ result: { score: 420 } }, 200);
    const line = {
      round: 1,
      board: 1,
      table: 1,
      nsPair: 1,
      ewPair: 1,
      declarer: 'N' as const,
      contract: { level: 4, strain: 'S' as const, doubled: 0 as const },
      tricks: 10,
    };
    await expect(apiCall(eventEndpoints.postResult, { params: { key: 'a b' }, body: line })).resolves.toEqual({ score: 420 });
    expect(sent(spy)).toEqual({ url: '/api/v1/tournaments/a%20b/results', method: 'POST', body: line });

    answer({ result: { message: 'User disabled' } }, 200);
    await apiCall(userEndpoints.adminDisable, { query: { key: 'u1' }, body: { disabled: true } });
    expect(sent(spy)).toEqual({ url: '/api/admin/v1/users/disable?key=u1', method: 'PUT', body: { disabled: true } });
  });

  it("parses the answer with the declaration's schema", async () => {
    answer({ result: { uid: 1 } }, 200);
    expect(await failure(apiCall(userEndpoints.me))).toMatchObject({ code: 'invalid_response', message: messages.operationFailed });
  });

  it('reads a bare answer whole where the declaration says so, and refuses the envelope there', async () => {
    answer({ iceServers: [{ urls: ['stun:stun.test:3478'] }] }, 200);
    await expect(apiCall(videoEndpoints.iceServers, { body: { ttl: 3600 } })).resolves.toEqual({ iceServers: [{ urls: ['stun:stun.test:3478'] }] });
    answer({ results: [{ fileName: 'player.apk', count: 3 }] }, 200);
    await expect(apiCall(insightEndpoints.adminDownloadsSummary)).resolves.toEqual({ results: [{ fileName: 'player.apk', count: 3 }] });
    answer({ result: { iceServers: [] } }, 200);
    expect(await failure(apiCall(videoEndpoints.iceServers, { body: {} }))).toMatchObject({ code: 'invalid_response' });
  });

  it('fails as every call does: the error field, the status and the code', async () => {
    answer({ error: 'Not found', code: 'not_found' }, 404);
    expect(await failure(apiCall(eventEndpoints.myEvent, { params: { key: 'k1' } }))).toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'Not found',
    });
  });

  it('refuses a declaration answered with a file: that is a link, not a call', async () => {
    await expect(apiCall(eventEndpoints.pbnFile, { params: { key: 'k1' } })).rejects.toThrow(/link to it/);
  });
});
