import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@bridge/api';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { buildUser } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('cross-site request refusal', () => {
  it.each([
    [{ origin: 'https://evil.example' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site', origin: 'http://sub.bridge.test' }],
    [{ origin: 'null' }],
  ])('refuses a state-changing request with %j and signs nobody in', async (headers) => {
    const user = await buildUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers,
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(messages.crossSiteRefused);
    expect(response.cookies).toHaveLength(0);
  });

  it.each([
    [{ origin: 'http://bridge.test', 'sec-fetch-site': 'same-origin' }],
    [{}], // the native apps send neither header
  ])('accepts %j', async (headers) => {
    const user = await buildUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers,
      payload: { email: user.email, password: user.password },
    });
    expect(response.statusCode).toBe(200);
  });
});
