import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { uniqueEmail } from '../../test/factories.ts';

const redisUrl = process.env.TEST_REDIS_URL;

// Two instances of the server sharing Redis, as behind a load balancer: the limit is counted across both.
describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  const limits = { login: 4, contact: 2, pageViews: 2, register: 2, passwordReset: 2, verifyResend: 2, seating: 2, windowMs: 60_000 };
  beforeAll(async () => {
    first = await buildTestApp({ redisUrl, rateLimits: limits });
    second = await buildTestApp({ redisUrl, rateLimits: limits });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts login attempts from one address on both instances together', async () => {
    const remoteAddress = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
    const attempt = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/v1/user/login', remoteAddress, payload: { email: uniqueEmail(), password: 'whatever123' } });
    for (const t of [first, second, first, second]) expect((await attempt(t)).statusCode).toBe(401);
    expect((await attempt(first)).statusCode).toBe(429);
    expect((await attempt(second)).statusCode).toBe(429);
  });
});
