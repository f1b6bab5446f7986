import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser, uniqueEmail } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    rateLimits: {
      login: 3,
      loginPerAddress: 3,
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
    },
  });
});
afterAll(async () => t.close());

const attempt = (url: string, payload: object, remoteAddress: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress });

describe('rate limits', () => {
  it.each([
    ['/api/v1/user/login', () => ({ email: uniqueEmail(), password: 'whatever123' }), 3],
    ['/api/admin/v1/user/login', () => ({ email: uniqueEmail(), password: 'whatever123' }), 3],
    ['/api/v1/user/register', () => ({ email: uniqueEmail(), password: 'long enough', names: 'A' }), 2],
    ['/api/v1/user/sendPasswordResetEmail', () => ({ email: uniqueEmail() }), 2],
    ['/api/v1/user/verify', () => ({ email: uniqueEmail() }), 2],
    ['/api/v1/tools/send-email', () => ({ name: 'A', email: uniqueEmail(), contact: '9876543210', description: 'Hello', type: 1 }), 2],
    ['/api/v1/analytics/pageview', () => ({ path: '/' }), 2],
    // Seating looks emails up: counted before the organiser is even checked.
    ['/api/v1/tournaments/anyevent00/participants', () => ({ participants: [{ email: uniqueEmail(), table: 1, side: 0 }] }), 2],
  ])('%s answers 429 with a clear text after %i attempts from one address', async (url, payload, max) => {
    const address = `10.0.0.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < max; i++) expect((await attempt(url, payload(), address)).statusCode).not.toBe(429);
    const limited = await attempt(url, payload(), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      error: expect.stringMatching(/^Too many attempts\. Please wait \d+ (seconds|minutes?) and try again\.$/),
    });
    // Another address is not affected.
    expect((await attempt(url, payload(), '10.1.2.3')).statusCode).not.toBe(429);
  });

  it('a limited login does not sign in even with the right password', async () => {
    const user = await buildUser(t.app);
    const address = '10.9.9.9';
    for (let i = 0; i < 3; i++) await attempt('/api/v1/user/login', { email: user.email, password: 'wrong password' }, address);
    const response = await attempt('/api/v1/user/login', { email: user.email, password: user.password }, address);
    expect(response.statusCode).toBe(429);
    expect(response.cookies.find((c) => c.name === 'bridge_session')).toBeUndefined();
  });
});
