import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser, uniqueEmail } from '../../test/factories.ts';

const redisUrl = process.env.TEST_REDIS_URL;

// Two instances of the server sharing Redis, as behind a load balancer: the limit is counted across both.
describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  const limits = {
    login: 3,
    loginPerAddress: 4,
    contact: 2,
    pageViews: 2,
    register: 2,
    registerPerEmail: 2,
    registerWindowMs: 60_000,
    passwordReset: 2,
    verifyResend: 2,
    seating: 2,
    playerSearch: 2,
    windowMs: 60_000,
    eventCreation: 2,
    eventCreationWindowMs: 60_000,
  };
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

  it('counts wrong passwords for one account on both instances together, and a right one takes nothing', async () => {
    const remoteAddress = `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
    // Each test app has a database of its own: the account is made in both.
    const user = await buildUser(first.app);
    await buildUser(second.app, { email: user.email });
    const attempt = (t: TestApp, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/user/login', remoteAddress, payload: { email: user.email, password } });
    for (const t of [first, second]) expect((await attempt(t, user.password)).statusCode).toBe(200);
    for (const t of [first, second, first]) expect((await attempt(t, 'wrong password')).statusCode).toBe(401);
    expect((await attempt(second, user.password)).statusCode).toBe(429);
  });

  it('counts the sign-ups of one email on both instances together', async () => {
    const email = uniqueEmail();
    const attempt = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        remoteAddress: `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`,
        payload: { email, password: 'long enough', names: 'A' },
      });
    for (const t of [first, second]) expect((await attempt(t)).statusCode).toBe(200);
    expect((await attempt(first)).statusCode).toBe(429);
  });
});
