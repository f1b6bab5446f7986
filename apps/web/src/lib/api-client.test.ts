import { messages, UserSchema } from '@bridge/api';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest } from './api-client';

const answer = (body: unknown, status: number) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body === undefined ? null : JSON.stringify(body), { status }));

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
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
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
