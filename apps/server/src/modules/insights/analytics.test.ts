import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildUser, login } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const views = () => t.database.db.selectFrom('analyticsEvents').selectAll().where('eventName', '=', 'page_view').orderBy('id').execute();

describe('POST /api/v1/analytics/pageview', () => {
  it('records a page view with the parsed user agent, and the user when signed in', async () => {
    const user = await buildUser(t.app);
    const cookie = await login(t.app, user);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/pageview',
      headers: {
        cookie,
        'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      },
      payload: { path: '/download?app=player', referrer: 'https://search.example/' },
    });
    expect(response.statusCode).toBe(204);
    expect((await views()).at(-1)).toMatchObject({
      pagePath: '/download?app=player',
      referrer: 'https://search.example/',
      osVersion: 'Windows 10',
      userId: user.id,
    });
  });

  it.each([[{}], [{ path: 'no-leading-slash' }], [{ path: `/${'x'.repeat(600)}` }]])('refuses %j and records nothing', async (payload) => {
    const before = (await views()).length;
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/analytics/pageview', payload })).statusCode).toBe(400);
    expect(await views()).toHaveLength(before);
  });
});
