import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser, login } from '../../test/factories.ts';

// An hour-long cache makes "reused" visible without waiting on a clock.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ sessionCacheMs: 3_600_000 });
});
afterAll(async () => t.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { cookie } });

describe('session cache', () => {
  it('reuses a looked-up session for repeated reads', async () => {
    const user = await buildUser(t.app, { names: 'Before' });
    const cookie = await login(t.app, user);
    expect((await me(cookie)).json().result.displayName).toBe('Before');
    // Changed behind the app's back (no request to this instance): the cached answer is still served.
    await t.database.db.updateTable('users').set({ names: 'After' }).where('id', '=', user.id).execute();
    expect((await me(cookie)).json().result.displayName).toBe('Before');
  });

  it('is emptied by any state-changing request on this instance, so logout and changes act at once', async () => {
    const user = await buildUser(t.app);
    const cookie = await login(t.app, user);
    const other = await login(t.app, user);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: { cookie } });
    expect((await me(cookie)).statusCode).toBe(401);

    await t.app.inject({ method: 'POST', url: '/api/v1/user/update', headers: { cookie: other }, payload: { type: 'city', value: 'Chennai' } });
    expect((await me(other)).json().result.city).toBe('Chennai');
  });
});
